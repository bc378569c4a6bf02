// The race after a cancel: a 2025 server over stdio sends a question just before it reads the
// host's cancel of the call that asked it, while one other call is open. The proxy counts the
// cancelled call as a possible asker until the server answers a ping sent after the cancel, so the
// question is never put under the other call (H-42), and no answer is sent for the cancelled call
// (H-41). The raw server (test/fixtures/servers/cancel-race-server.ts) writes the question right
// after it reads the cancel, so the order on the wire is the race's, every run.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { testBrowser } from '../helpers/browser.js';
import { cancelRaceStdioCommand } from '../helpers/servers.js';
import { within } from '../helpers/within.js';
import { startHost, type TestHost, until } from './_host.js';

const race = cancelRaceStdioCommand();
const raceServer = ['--protocol', 'legacy', '--', race.command, ...race.args];

const text = (result: unknown) =>
  ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

/** `hold` open, then `ask_late` cancelled once the server has it: returns what `hold` reports. */
async function cancelBesideHold(host: TestHost): Promise<unknown> {
  const hold = host.client.callTool({ name: 'hold', arguments: {} });
  const giveUp = new AbortController();
  const late = host.client
    .callTool({ name: 'ask_late', arguments: {} }, { signal: giveUp.signal })
    .catch((error: Error) => error);
  await until(() => host.stderr().includes('ask_late received'), 'the server to have the call', 60_000);
  giveUp.abort();
  assert.ok((await late) instanceof Error, 'the host gave up on ask_late');
  // `hold` ends when the late question is answered, whatever the answer.
  return JSON.parse(text(await within(30_000, 'the hold call', hold)));
}

const hostAnswers = {
  modes: ['form'] as const,
  answer: () => ({ action: 'accept' as const, content: { name: 'the host' } }),
};

describe('proxy: a question the server sent just before it saw a cancel (H-41, H-42)', () => {
  it("a 2026 host: it never rides in the other open call's round (--elicit host: cancel, unattributable)", async () => {
    const host = await startHost({
      era: '2026-07-28',
      proxyArgs: ['--elicit', 'host', ...raceServer],
      elicitation: hostAnswers,
    });
    try {
      const answered = await cancelBesideHold(host);
      assert.deepEqual(answered, { action: 'cancel' }, 'the question went upstream as cancel');
      assert.deepEqual(host.asked, [], 'the host was asked nothing under hold');
      assert.match(host.stderr(), /not asked in any of the host's calls/);
    } finally {
      await host.close();
    }
  });

  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`a ${era} host: the proxy's page never asks it for the cancelled call (cancel, host-gave-up)`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'proxy-race-'));
      const audit = join(dir, 'audit.jsonl');
      const browser = testBrowser('record');
      const host = await startHost({
        era,
        proxyArgs: ['--elicit', 'self', '--keep-alive', 'off', '--audit-log', audit, ...raceServer],
        env: { BROWSER: browser.command },
      });
      try {
        assert.deepEqual(await cancelBesideHold(host), { action: 'cancel' });
        await until(() => existsSync(audit) && readFileSync(audit, 'utf8').includes('\n'), 'the audit entry');
        const entries = readFileSync(audit, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { action?: string; reason?: string });
        assert.deepEqual(
          entries.map((e) => [e.action, e.reason]),
          [['cancel', 'host-gave-up']],
        );
      } finally {
        await host.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
