// URL mode and -32042 through the proxy, against the url-flow fixture: a 2025 host that declared
// URL mode gets the step itself (and does the page), on a 2025 and a 2026 upstream; a host that
// declared only forms gets URL steps from the proxy's own front-end (scripted, --open-urls).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Era } from '../../src/contracts/protocol.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { startHost, type TestHost, until } from './_host.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const visitPage = join(root, 'test', 'fixtures', 'browser', 'visit-page.mjs');
const urlFlow = fixtureCommand('test/fixtures/servers/url-flow-server.ts');
const server = ['--', urlFlow.command, ...urlFlow.args];

function text(result: unknown): string {
  return ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
}

/** A host that declared form and URL mode: consents, then completes the page in the background. */
function urlHost(proxyArgs: string[], era: Era = '2025-11-25') {
  return startHost({
    era,
    proxyArgs,
    elicitation: {
      modes: ['form', 'url'],
      answer: (params) => {
        if (params.mode === 'url')
          execFile(process.execPath, [visitPage, '--mode=submit', String(params.url)]);
        return { action: 'accept' };
      },
    },
  });
}

async function closing<T>(host: TestHost, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    await host.close();
  }
}

describe('proxy: URL mode', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`a 2025 host with URL mode does the step itself (${era} server)`, async () => {
      const host = await urlHost(['--protocol', era, ...server]);
      await closing(host, async () => {
        const result = await host.client.callTool({ name: 'connect_account', arguments: {} });
        assert.match(text(result), /connected \(flow/);
        assert.equal(host.asked.length, 1);
        assert.equal(host.asked[0]?.mode, 'url');
        assert.equal(typeof host.asked[0]?.elicitationId, 'string', 'the host session (2025) gets an id');
        assert.match(String(host.asked[0]?.url), /^http:\/\/127\.0\.0\.1:\d+\//);
        const completions = host.wire.filter(
          (m) => 'method' in m && m.method === 'notifications/elicitation/complete',
        );
        if (era === '2025-11-25') {
          // The 2025 server's completion of the step the host did reaches the host, for its id.
          await until(
            () => host.wire.some((m) => 'method' in m && m.method === 'notifications/elicitation/complete'),
            'the completion',
          );
          const sent = host.wire.find(
            (m) => 'method' in m && m.method === 'notifications/elicitation/complete',
          );
          assert.deepEqual(sent && 'params' in sent ? sent.params : undefined, {
            elicitationId: host.asked[0]?.elicitationId,
          });
        } else assert.deepEqual(completions, [], 'a 2026 server sends none, and the proxy makes none up');
      });
    });
  }

  it('a 2026-07-28 host with URL mode gets the step as an input_required round (2025 server)', async () => {
    const host = await urlHost(['--protocol', '2025-11-25', ...server], '2026-07-28');
    await closing(host, async () => {
      const result = await host.client.callTool({ name: 'connect_account', arguments: {} });
      assert.match(text(result), /connected \(flow/);
      assert.equal(host.asked[0]?.mode, 'url');
      assert.equal(host.asked[0]?.elicitationId, undefined, 'no id on the 2026 session');
    });
  });

  it('-32042 from a 2025 server becomes a URL step for the host, then the call is retried', async () => {
    const host = await urlHost(['--protocol', 'legacy', ...server]);
    await closing(host, async () => {
      const result = await host.client.callTool({ name: 'connect_account_required', arguments: {} });
      assert.match(text(result), /ran after -32042/);
      assert.equal(host.asked[0]?.mode, 'url');
    });
  });

  it("a recorded URL step replayed by the proxy's scripted front-end: its answers file declares URL mode", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-url-answers-'));
    const answers = join(dir, 'answers.json');
    writeFileSync(
      answers,
      JSON.stringify([
        { action: 'accept', mode: 'url', tool: 'connect_account', when: 'Connect your Example account' },
      ]),
    );
    const host = await startHost({
      proxyArgs: ['--ui', 'scripted', '--answers', answers, '--protocol', 'legacy', ...server],
      env: { BROWSER: `"${process.execPath}" "${visitPage}" --mode=submit` },
    });
    try {
      await closing(host, async () => {
        const result = await host.client.callTool({ name: 'connect_account', arguments: {} });
        assert.match(text(result), /connected \(flow/, host.stderr());
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("auto, a host with form mode only: URL steps go to the proxy's front-end", async () => {
    const host = await startHost({
      proxyArgs: ['--ui', 'scripted', '--open-urls', '--protocol', 'legacy', ...server],
      env: { BROWSER: `"${process.execPath}" "${visitPage}" --mode=submit` },
      elicitation: { modes: ['form'], answer: () => ({ action: 'cancel' }) },
    });
    await closing(host, async () => {
      const result = await host.client.callTool({ name: 'connect_account', arguments: {} });
      assert.match(text(result), /connected \(flow/);
      assert.equal(host.asked.length, 0);
    });
  });
});
