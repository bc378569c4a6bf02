// The browser form against a second local user (issue 19 item 2): the session's secret never
// travels on a command line or stderr. An attacker process runs as `nobody`, reads every
// /proc/<pid>/cmdline and the log lines (a shared log), tries every address it finds and every
// loopback listener, and must get no session; the person's browser then answers as usual.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { FormAnswer } from '../../../src/contracts/renderer.js';
import type { OpenResult } from '../../../src/contracts/url-step.js';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import { launchChromium, type TestChromium } from '../../helpers/chromium.js';
import { root } from '../../helpers/cli.js';
import { within } from '../../helpers/within.js';
import { context, enginePrompt, profileSchema } from '../scripted/fixtures.js';

const NOBODY = 65534;
const skip =
  process.getuid?.() === 0 ? false : 'needs root to run the attacker as a second local user (nobody)';
if (skip) console.log(`# local-user tests skipped: ${skip}`);

interface Report {
  uid: number;
  candidates: string[];
  files: { address: string; read: string; list: string }[];
  visits: { address: string; status: number; cookie: boolean; form: boolean; posted: number }[];
}

/**
 * Runs the attacker as `nobody`, handing it `log` as a shared log it can read, and the page
 * server's port (no secret) so it leaves other programs on this shared machine alone.
 */
function attack(log: string, renderer: BrowserRenderer): Promise<Report> {
  const port = new URL(renderer.address ?? 'http://127.0.0.1:0/').port;
  const dir = mkdtempSync(join(tmpdir(), 'attacker-'));
  chmodSync(dir, 0o755);
  const script = join(dir, 'local-user.mjs');
  copyFileSync(join(root, 'test/fixtures/attacker/local-user.mjs'), script);
  chmodSync(script, 0o644);
  const argv = [
    `--reuid=${NOBODY}`,
    `--regid=${NOBODY}`,
    '--clear-groups',
    process.execPath,
    script,
    log,
    port,
  ];
  const report = new Promise<Report>((resolve, reject) => {
    execFile('setpriv', argv, { cwd: dir, env: { PATH: '/usr/bin:/bin' }, timeout: 60_000 }, (error, out) =>
      error ? reject(error) : resolve(JSON.parse(out) as Report),
    );
  });
  return within(75_000, 'the attacker (nobody)', report);
}

/** A launcher like `xdg-open`: the address it was given stays in its command line while it runs. */
function launcherOpener() {
  const launched: string[] = [];
  const running: ChildProcess[] = [];
  return {
    launched,
    stop: () => {
      for (const child of running) child.kill();
    },
    opener: {
      async open(url: string): Promise<OpenResult> {
        const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)', url], {
          stdio: 'ignore',
        });
        running.push(child);
        await new Promise((resolve) => child.once('spawn', resolve));
        launched.push(url);
        return { ok: true };
      },
    },
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(check(), 'timed out');
}

function assertNoSession(report: Report, launched: string): void {
  assert.equal(report.uid, NOBODY);
  assert.ok(report.candidates.includes(launched), `the attacker saw the launcher: ${report.candidates}`);
  assert.ok(report.visits.length > 0, 'the attacker found the page server');
  for (const visit of report.visits) {
    assert.equal(visit.cookie, false, `no session for ${visit.address}`);
    assert.equal(visit.form, false, `no form for ${visit.address}`);
    assert.equal(visit.posted, 0);
  }
  assert.ok(report.files.length > 0, 'the launch page was found');
  for (const file of report.files) assert.equal(file.read, 'EACCES', `${file.address} unreadable`);
}

async function answerAsPerson(page: Page, name: string): Promise<void> {
  await page.waitForSelector('#f0');
  await page.fill('#f0', name);
  await page.click('button[value="review"]');
  await page.click('button[value="submit"]');
}

describe('browser form: a second local user', { skip }, () => {
  let chrome: TestChromium;
  before(async () => {
    chrome = await within(60_000, 'launching Chromium', launchChromium());
  });
  after(async () => {
    if (chrome) await within(30_000, 'closing Chromium', chrome.close());
  });

  it('reading every command line and the shared log gets no session; the person answers', async () => {
    const launcher = launcherOpener();
    const lines: string[] = [];
    const renderer = new BrowserRenderer({ opener: launcher.opener, log: (line) => lines.push(line) });
    const page = await within(20_000, 'opening a page', chrome.browser.newPage());
    try {
      const answer = renderer.form(enginePrompt(profileSchema), context());
      await until(() => launcher.launched.length > 0);
      const launched = launcher.launched[0] ?? '';
      // The attacker goes first, before the person has even looked.
      assertNoSession(await attack(lines.join('\n'), renderer), launched);
      await page.goto(launched);
      await answerAsPerson(page, 'Ada Lovelace');
      const answered = (await within(60_000, 'the answer', answer)) as FormAnswer;
      assert.equal(answered.outcome.action, 'accept');
      assert.deepEqual((answered.outcome as { content: { name?: string } }).content.name, 'Ada Lovelace');
    } finally {
      launcher.stop();
      await within(20_000, 'closing the page', page.close());
      await within(20_000, 'closing the front-end', renderer.close());
    }
  });

  it('while the person has the form open, the attacker still gets nothing, and a second browser is refused', async () => {
    const launcher = launcherOpener();
    const lines: string[] = [];
    const renderer = new BrowserRenderer({ opener: launcher.opener, log: (line) => lines.push(line) });
    const person = await within(20_000, "the person's browser", chrome.browser.newContext());
    const other = await within(20_000, 'a second browser', chrome.browser.newContext());
    try {
      const answer = renderer.form(enginePrompt(profileSchema), context());
      await until(() => launcher.launched.length > 0);
      const launched = launcher.launched[0] ?? '';
      const page = await person.newPage();
      await page.goto(launched);
      await page.waitForSelector('#f0');
      await page.waitForLoadState('load'); // its script holds the state stream: a tab shows the page
      assertNoSession(await attack(lines.join('\n'), renderer), launched);
      // The same launch page in a second browser (the person's own account can read it).
      const second = await other.newPage();
      await second.goto(launched);
      await second.waitForURL(/\?t=/);
      assert.match((await second.textContent('main')) ?? '', /already open in another browser window/);
      assert.equal((await other.cookies()).length, 0, 'no session cookie for the second browser');
      await answerAsPerson(page, 'Grace Hopper');
      const answered = (await within(60_000, 'the answer', answer)) as FormAnswer;
      assert.equal((answered.outcome as { content?: { name?: string } }).content?.name, 'Grace Hopper');
    } finally {
      launcher.stop();
      await within(20_000, "closing the person's browser", person.close());
      await within(20_000, 'closing the second browser', other.close());
      await within(20_000, 'closing the front-end', renderer.close());
    }
  });
});
