// A request's progress is never lost to its own result: the SDK dispatches notifications a
// microtask late and responses at once, so without the adapter's seam (keepProgressBeforeResults)
// the last progress read in the same chunk as the result is dropped.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { ScriptedRenderer } from '../../src/frontends/scripted/index.js';
import { attachElicitation, type ElicitationSession } from '../../src/mcp/attach.js';
import { createGuardedStdioTransport } from '../../src/mcp/guarded-stdio.js';
import { everythingStdioCommand } from '../helpers/servers.js';

describe('progress before results, against server-everything', () => {
  let client: Client;
  let session: ElicitationSession;
  before(async () => {
    client = new Client({ name: 'progress-order-test', version: '1' });
    session = attachElicitation(client, { renderer: new ScriptedRenderer({}), server: 'everything' });
    await client.connect(createGuardedStdioTransport(everythingStdioCommand()));
  });
  after(() => client.close());

  it('every step of an instant long-running operation reaches onprogress, the last one included', async () => {
    // duration 0: the server writes its last progress and the result in one go, many times over.
    for (let run = 0; run < 8; run++) {
      const seen: number[] = [];
      await session.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0, steps: 5 } },
        { onprogress: (p) => seen.push(p.progress) },
      );
      assert.deepEqual(seen, [1, 2, 3, 4, 5], `run ${run}`);
    }
  });
});
