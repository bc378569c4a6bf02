// How a browser page that ends without the person's choice is reported (issue 22): each reason
// says what happened. The person's Cancel is `dismissed`, their Ctrl-C where mcp-elicit runs is
// `interrupted` (it was reported `server-cancelled`), a closed tab `tab-closed`, the clock
// `timeout`, the server's withdrawal `server-cancelled`, a front-end closed under it
// `connection-closed`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { FormAnswer, UrlAnswer } from '../../../src/contracts/renderer.js';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import type { EndReason } from '../../../src/frontends/browser/entry.js';
import { FormDriver } from '../../../src/frontends/browser/form-driver.js';
import { ConsentEntry } from '../../../src/frontends/browser/url-entries.js';
import { testBrowser } from '../../helpers/browser.js';
import { launchChromium, type TestChromium } from '../../helpers/chromium.js';
import { cliBin, freshCacheDir, root } from '../../helpers/cli.js';
import { demoStdioCommand } from '../../helpers/servers.js';
import { until } from '../../helpers/within.js';
import { enginePrompt, profileSchema } from '../scripted/fixtures.js';

const reasonOf = (answer: { outcome: object } | undefined) =>
  (answer?.outcome as { reason?: string } | undefined)?.reason;
const asker = { server: { label: 'weather' }, waiting: () => 0 };
const EXPECTED: Record<EndReason, string> = {
  'server-cancelled': 'server-cancelled',
  'host-gave-up': 'host-gave-up',
  'connection-lost': 'connection-closed',
  interrupted: 'interrupted',
  'tab-closed': 'tab-closed',
  timeout: 'timeout',
  closed: 'connection-closed',
};

describe('browser endings: each reason says what happened', () => {
  it('a form and a URL consent report the person, the interrupt, the tab, the clock, the server and the front-end apart', () => {
    for (const [ending, reason] of Object.entries(EXPECTED) as [EndReason, string][]) {
      let form: FormAnswer | undefined;
      new FormDriver(enginePrompt(profileSchema), asker, (a) => {
        form = a;
      }).end(ending);
      assert.deepEqual([form?.outcome.action, reasonOf(form)], ['cancel', reason]);
      let url: UrlAnswer | undefined;
      const href = 'https://example.com/sign-in';
      new ConsentEntry(
        { kind: 'url', message: 'Sign in', url: href, analysis: analyzeUrl(href) },
        asker,
        (a) => {
          url = a;
        },
      ).end(ending);
      assert.deepEqual([url?.outcome.action, reasonOf(url)], ['cancel', reason]);
    }
    let cancelled: FormAnswer | undefined;
    const entry = new FormDriver(enginePrompt(profileSchema), asker, (a) => {
      cancelled = a;
    });
    entry.post('cancel', new URLSearchParams());
    assert.equal(reasonOf(cancelled), 'dismissed', "the person's Cancel");
  });

  describe('Ctrl-C at the CLI while the browser form is open', () => {
    let chrome: TestChromium;
    before(async () => {
      chrome = await launchChromium();
    });
    after(async () => {
      await chrome.close();
    });

    it('is reported `interrupted` (exit 130), and the page says the person interrupted it', async () => {
      const browser = testBrowser('record');
      const demo = demoStdioCommand();
      const child = spawn(
        process.execPath,
        [cliBin, '--json', '--ui', 'browser', 'call', 'profile', '--', demo.command, ...demo.args],
        {
          cwd: root,
          env: { ...process.env, BROWSER: browser.command, MCP_ELICIT_CACHE_DIR: freshCacheDir() },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
      const page = await chrome.browser.newPage();
      try {
        await until(() => browser.visited().length > 0, 'the page handed to BROWSER', 60_000);
        await page.goto(browser.visited()[0] ?? '');
        await page.waitForSelector('#f0', { timeout: 60_000 });
        child.kill('SIGINT');
        assert.equal(await closed, 130);
        const report = JSON.parse(stdout.trim()) as { elicitations: { action: string; reason?: string }[] };
        assert.deepEqual(
          report.elicitations.map((e) => [e.action, e.reason]),
          [['cancel', 'interrupted']],
        );
      } finally {
        child.kill('SIGKILL');
        await page.close();
      }
    });
  });
});
