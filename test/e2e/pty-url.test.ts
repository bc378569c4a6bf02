// A third-party sign-in style flow from the terminal, on both eras: the consent screen, Open, the
// page visited by BROWSER (a stand-in that GETs and POSTs the loopback page like a person), and on
// 2026-07-28 the waiting screen's Done before the retry. Nothing touches the page before consent.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { freshCacheDir, root } from '../helpers/cli.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { TmuxSession } from '../helpers/tmux.js';
import { until } from '../helpers/within.js';

// The fixture's bundle (a path without spaces or quotes: it goes into the sh line as is).
const [urlFlow] = fixtureCommand('test/fixtures/servers/url-flow-server.ts').args;
const sessions: TmuxSession[] = [];
after(async () => {
  for (const session of sessions) await session.kill();
});

describe('URL mode in the terminal', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`completes a sign-in style flow on ${era}: consent, Open, ${era === '2026-07-28' ? 'Done, ' : ''}result`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pty-url-'));
      const hitsFile = join(dir, 'hits.jsonl');
      const hits = () =>
        existsSync(hitsFile) ? readFileSync(hitsFile, 'utf8').trim().split('\n').length : 0;
      const t = await TmuxSession.start({
        command: [
          'sh',
          '-c',
          `node dist/cli/bin.js --ui terminal --protocol ${era} --name accounts call connect_account --args '{"service":"GitHub"}' --pass-env URL_FLOW_HITS_FILE -- node ${urlFlow}; echo "EXIT=$?"`,
        ],
        cwd: root,
        env: {
          BROWSER: `${process.execPath} ${join(root, 'test/fixtures/browser/visit-page.mjs')} --mode=submit`,
          URL_FLOW_HITS_FILE: hitsFile,
          MCP_ELICIT_CACHE_DIR: freshCacheDir(),
        },
        columns: 100,
        rows: 30,
      });
      sessions.push(t);
      const consent = await t.waitFor('Open in browser', { timeoutMs: 20_000 });
      assert.match(consent, /Web page request from accounts/);
      assert.match(consent, /Full address:/);
      assert.match(consent, /http:\/\/127\.0\.0\.1:\d+\/connect/);
      assert.equal(hits(), 0, 'nothing touched the page before consent (C-24)');
      await t.keys('Enter'); // Open in browser (focused first)
      await until(() => hits() >= 2, 'the browser to GET and POST the page');
      if (era === '2026-07-28') {
        await t.waitFor('Waiting for a web page from accounts');
        await t.keys('d'); // Done: the retry tells the server to check
      }
      const end = await t.waitFor(/EXIT=\d+/, { history: true, timeoutMs: 20_000 });
      assert.match(end, /connected \(flow .*\); url step: accept/);
      assert.match(end, /EXIT=0/);
    });
  }
});
