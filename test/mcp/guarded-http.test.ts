// Malformed JSON-RPC requests over Streamable HTTP (issue 12 #10): the SDK's transport drops them,
// the guarded one answers -32600 naming the problem, and the connection keeps working.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { ScriptedRenderer } from '../../src/frontends/scripted/index.js';
import { attachElicitation } from '../../src/mcp/attach.js';
import { createGuardedHttpTransport } from '../../src/mcp/guarded-http.js';
import { type HostileHttpServer, startHostileHttpServer } from '../fixtures/servers/hostile-http-server.js';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';

type Answers = {
  responses: { case: string; response: { error?: { code: number; message: string }; timeout?: true } }[];
};

async function barrage(transport: Transport, timeoutMs: number): Promise<Answers> {
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'legacy' } });
  const session = attachElicitation(client, { renderer: new ScriptedRenderer(), server: 'hostile-http' });
  await client.connect(transport);
  try {
    const result = await session.callTool({ name: 'barrage', arguments: { timeoutMs } });
    const first = (result.content as { text?: string }[])[0];
    // The connection still works after the malformed requests.
    assert.deepEqual(
      (await client.listTools()).tools.map((t) => t.name),
      ['barrage'],
    );
    return JSON.parse(first?.text ?? 'null') as Answers;
  } finally {
    await client.close();
  }
}

describe('malformed JSON-RPC over Streamable HTTP (issue 12 #10)', () => {
  let server: HostileHttpServer;
  before(async () => {
    server = await startHostileHttpServer();
  });
  after(async () => {
    await server.close();
  });

  it('malformed-http.guarded-transport-answers-invalid-requests-with-32600-naming-the-problem', async () => {
    const answers = await barrage(createGuardedHttpTransport(server.url), 5000);
    const byCase = new Map(answers.responses.map((r) => [r.case, r.response]));
    const expected: [string, RegExp][] = [
      ['params-string', /"params" of "elicitation\/create" must be an object or an array .* got string/],
      ['params-array', /"params" of "elicitation\/create" must be an object \(MCP uses named parameters\)/],
      ['jsonrpc-1.0', /"jsonrpc" must be "2\.0"/],
    ];
    for (const [name, message] of expected) {
      const error = byCase.get(name)?.error;
      assert.equal(error?.code, -32600, `${name}: ${JSON.stringify(byCase.get(name))}`);
      assert.match(error?.message ?? '', message, name);
    }
  });

  it('the CLI over --url answers them too', async () => {
    const run = await runCli(['--json', '--protocol', 'legacy', 'call', 'barrage', '--url', server.url.href]);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const answers = JSON.parse(resultText(jsonReport(run))) as Answers;
    assert.deepEqual(
      answers.responses.map((r) => r.response.error?.code),
      [-32600, -32600, -32600],
    );
  });

  it('the bare SDK transport drops them silently (characterises SDK 2.4.0; fails if the SDK changes)', async () => {
    const answers = await barrage(new StreamableHTTPClientTransport(server.url), 400);
    assert.deepEqual(
      answers.responses.map((r) => [r.case, r.response]),
      [
        ['params-string', { timeout: true }],
        ['params-array', { timeout: true }],
        ['jsonrpc-1.0', { timeout: true }],
      ],
    );
  });
});
