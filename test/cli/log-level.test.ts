// `--log-level` reaches the server: as `logging/setLevel` on 2025-11-25 and in each request's
// `_meta` on 2026-07-28 (a fixture server reports what it was asked); without it nothing is asked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { logLevelStdioCommand } from '../helpers/servers.js';

const server = logLevelStdioCommand();

async function seen(options: readonly string[]): Promise<{ setLevel: string | null; meta: string | null }> {
  const run = await runCli(['--json', ...options, 'call', 'log-level', '--', server.command, ...server.args]);
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(resultText(jsonReport(run)));
}

describe('--log-level on the wire', () => {
  it('2025-11-25: sent as logging/setLevel before the request', async () => {
    assert.deepEqual(await seen(['--protocol', 'legacy', '--log-level', 'debug']), {
      setLevel: 'debug',
      meta: null,
    });
  });

  it('2026-07-28: carried in the request _meta', async () => {
    assert.deepEqual(await seen(['--protocol', 'modern', '--log-level', 'error']), {
      setLevel: null,
      meta: 'error',
    });
  });

  it('not given: nothing is asked of the server on either era', async () => {
    assert.deepEqual(await seen(['--protocol', 'legacy']), { setLevel: null, meta: null });
    assert.deepEqual(await seen(['--protocol', 'modern']), { setLevel: null, meta: null });
  });
});
