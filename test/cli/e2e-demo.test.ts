// The CLI end to end against the bundled demo server, on both eras, over stdio and Streamable HTTP.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testBrowser } from '../helpers/browser.js';
import { freshCacheDir, jsonReport, resultText, root, runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { type RunningHttpServer, startDemoHttp } from '../helpers/servers.js';

// The built demo server (npm test builds first): plain node starts faster than tsx.
const stdioServer = ['--name', 'demo-stdio', '--', process.execPath, join(root, 'dist', 'demo', 'main.js')];
const answers = ['--set', 'name=Ada Lovelace', '--set', 'email=ada@example.com', '--set', 'languages=en,ja'];

describe('mcp-elicit call against the demo server', () => {
  let http: RunningHttpServer;
  before(async () => {
    http = await startDemoHttp();
  });
  after(async () => {
    await http.close();
  });

  const transports = () => [
    { name: 'stdio', server: stdioServer },
    { name: 'Streamable HTTP', server: ['--url', http.url] },
  ];
  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    it(`fills the every-field-type form with --set and defaults on ${protocol} over stdio and HTTP`, async () => {
      for (const { name, server } of transports()) {
        const run = await runCli([
          '--json',
          '--protocol',
          protocol,
          ...answers,
          'call',
          'profile',
          ...server,
        ]);
        assert.equal(run.status, 0, `${name}: ${run.stderr}`);
        const report = jsonReport(run);
        assert.equal(report.ok, true);
        assert.equal(report.protocol?.era, protocol, name);
        assert.equal(report.protocol?.version, protocol);
        const text = resultText(report);
        assert.match(text, /action=accept/, name);
        assert.match(text, /"name":"Ada Lovelace"/);
        assert.match(text, /"languages":\["en","ja"\]/, 'multi-select --set is comma-separated');
        assert.match(text, /"country":"fr"/, 'untouched default is sent');
        assert.equal(report.elicitations.length, 1);
        assert.equal(
          report.elicitations[0]?.server,
          name === 'stdio' ? 'demo-stdio' : new URL(http.url).host,
          'the configured label names the server (C-01)',
        );
        assert.deepEqual(report.elicitations[0]?.content?.languages, ['en', 'ja']);
      }
    });
  }

  it('runs a three-step flow, the second form depending on the first answer (2026 rounds carry requestState)', async () => {
    const run = await runCli([
      '--json',
      '--protocol',
      'modern',
      '--answers',
      join(import.meta.dirname, 'fixtures', 'signup-answers.json'),
      'call',
      'signup',
      ...stdioServer,
    ]);
    assert.equal(run.status, 0, run.stderr);
    const report = jsonReport(run);
    assert.deepEqual(
      report.elicitations.map((e) => [e.action, e.message]),
      [
        ['accept', 'Create your account'],
        ['accept', 'Billing details for the team plan'],
        ['accept', 'Create account "grace" on the team plan?'],
      ],
    );
    assert.match(resultText(report), /"company":"Navy"/);
    assert.match(resultText(report), /"seats":5/);
  });

  it(req`reports decline and cancel exactly, without content (C-16, E-20)`, async () => {
    const declined = jsonReport(
      await runCli(['--json', '--decline', 'call', 'delete_files', ...stdioServer]),
    );
    assert.match(resultText(declined), /action=decline content=absent/);
    assert.equal(declined.elicitations[0]?.content, undefined);
    const cancelled = jsonReport(await runCli(['--json', '--cancel', 'call', 'confirm', ...stdioServer]));
    assert.match(resultText(cancelled), /action=cancel content=absent/);
    // The report says what happened: the script cancelled, not "no answer applied".
    assert.equal(cancelled.elicitations[0]?.reason, 'scripted-cancel');
  });

  it('answers cancel, never decline, when no scripted answer applies or the answer does not validate, and says why on stderr', async () => {
    const none = await runCli(['--json', '--ui', 'scripted', 'call', 'confirm', ...stdioServer]);
    assert.match(resultText(jsonReport(none)), /action=cancel/);
    assert.match(none.stderr, /no scripted answer|no answer/i);
    const invalid = await runCli([
      '--json',
      '--set',
      'email=not-an-email',
      '--set',
      'name=Ada',
      'call',
      'profile',
      ...stdioServer,
    ]);
    const report = jsonReport(invalid);
    assert.match(resultText(report), /action=cancel content=absent/);
    assert.equal(report.elicitations[0]?.reason, 'invalid-answer');
    assert.match(invalid.stderr, /Email/);
  });

  it('prints a readable result without --json and exits 2 naming an unknown tool as a usage error', async () => {
    const ok = await runCli(['--accept-defaults', 'call', 'survey', ...stdioServer]);
    assert.equal(ok.status, 0);
    assert.match(ok.stdout, /survey: action=accept/);
    const bad = await runCli(['call', 'no_such_tool', ...stdioServer]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /the server has no tool "no_such_tool"; it has [^\n]*survey/);
  });

  it('lists tools, and remembers the server era so the next run skips probing', async () => {
    const cacheDir = freshCacheDir();
    const first = await runCli(['tools', ...stdioServer], { cacheDir });
    assert.equal(first.status, 0, first.stderr);
    for (const tool of ['profile', 'signup', 'confirm', 'delete_files', 'survey'])
      assert.match(first.stdout, new RegExp(`^${tool} `, 'm'));
    const cache = JSON.parse(readFileSync(join(cacheDir, 'eras.json'), 'utf8')) as Record<
      string,
      { kind: string }
    >;
    const entries = Object.values(cache);
    assert.equal(entries.length, 1);
    assert.equal(entries[0]?.kind, 'modern', 'the dual-era demo server is modern when probed');
    const second = jsonReport(await runCli(['--json', 'tools', ...stdioServer], { cacheDir }));
    assert.equal(second.protocol?.era, '2026-07-28');
  });

  for (const protocol of ['auto', 'modern'] as const) {
    it(`with --protocol ${protocol}, a second run reuses the cached era and starts the server once (no probe process)`, async () => {
      const cacheDir = freshCacheDir();
      const starts = join(cacheDir, 'starts.log');
      const counted = [
        '--',
        'sh',
        '-c',
        `echo start >> '${starts}'; exec '${process.execPath}' '${join(root, 'dist', 'demo', 'main.js')}'`,
      ];
      const count = () => readFileSync(starts, 'utf8').trim().split('\n').length;
      const first = await runCli(['--protocol', protocol, 'tools', ...counted], { cacheDir });
      assert.equal(first.status, 0, first.stderr);
      assert.equal(count(), 2, 'the first run probes server/discover on a disposable sibling process');
      const second = await runCli(['--json', '--protocol', protocol, 'tools', ...counted], { cacheDir });
      assert.equal(second.status, 0, second.stderr);
      assert.equal(count(), 3, 'the second run starts only the session process');
      assert.equal(jsonReport(second).protocol?.version, '2026-07-28');
    });
  }

  it('recovers when the cached era is stale (the server changed)', async () => {
    const cacheDir = freshCacheDir();
    await runCli(['tools', '--url', http.url], { cacheDir });
    const file = join(cacheDir, 'eras.json');
    const cache = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // Pretend the server used to be something else entirely.
    for (const key of Object.keys(cache))
      cache[key] = {
        kind: 'modern',
        savedAt: Date.now(),
        discover: { supportedVersions: ['2099-01-01'], capabilities: {} },
      };
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify(cache));
    const run = await runCli(['--json', 'tools', '--url', http.url], { cacheDir });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(jsonReport(run).ok, true);
  });
});

describe('mcp-elicit demo', () => {
  it('without a terminal, answers for you, prints a readable transcript with accept, decline and cancel, and exits 0', async () => {
    const run = await runCli(['demo']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Step 1\/6: Every field type/);
    assert.match(run.stdout, /outcome: account ada created/);
    assert.match(run.stdout, /declined: the files are kept/);
    assert.match(run.stdout, /confirm: action=cancel/);
    assert.match(run.stdout, /Done\./);
    // The URL step: shown, never opened without --open-urls.
    assert.match(run.stdout, /the browser step is not opened: add --open-urls to open it/);
    assert.match(
      run.stdout,
      /Step 6\/6: A browser step \(URL mode\)[\s\S]*\[url\]: cancel \(no-answer\)\n {2}page: http:\/\/127\.0\.0\.1:\d+\/sign-in\?flow=/,
    );
    assert.match(run.stdout, /outcome: not signed in \(cancel\)/);
  });

  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    it(`with --open-urls on ${protocol}, the URL step opens the demo's own sign-in page and the server sees it completed`, async () => {
      const browser = testBrowser('submit');
      const run = await runCli(['--protocol', protocol, '--open-urls', 'demo'], {
        env: { BROWSER: browser.command },
      });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /outcome: account ada created/);
      assert.match(
        run.stdout,
        /sign_in: action=accept content=absent\n {2}outcome: signed in as Ada Lovelace/,
      );
      assert.deepEqual(
        browser.visited().map((url) => new URL(url).pathname),
        ['/sign-in'],
      );
    });
  }
});
