// URL mode end to end through the built CLI (`mcp-elicit --ui scripted --open-urls`), against the
// url-flow fixture server on both eras. BROWSER is test/fixtures/browser/visit-page.mjs, which
// visits the loopback page like a person (GET, then POST the form); the server records every hit
// of its page in URL_FLOW_HITS_FILE.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jsonReport, resultText, root, runCli } from '../helpers/cli.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { req } from '../helpers/req.js';

// The server sees only what it is given (issue 13): the hits file is passed through by name.
const server = [
  '--pass-env',
  'URL_FLOW_HITS_FILE',
  '--',
  process.execPath,
  ...fixtureCommand('test/fixtures/servers/url-flow-server.ts').args,
];
const browserScript = join(root, 'test/fixtures/browser/visit-page.mjs');

function scene(mode: 'submit' | 'record' = 'submit') {
  const dir = mkdtempSync(join(tmpdir(), 'url-cli-'));
  const visits = join(dir, 'visits.jsonl');
  const hits = join(dir, 'hits.jsonl');
  const lines = (file: string) =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
  return {
    env: {
      BROWSER: `"${process.execPath}" "${browserScript}" --mode=${mode} --log=${visits}`,
      URL_FLOW_HITS_FILE: hits,
    },
    visited: () => lines(visits).map((v) => String(v.url)),
    hits: () => lines(hits).map((h) => String(h.method)),
  };
}

/** `call ask_url` with scripted consent (--open-urls) on 2025-11-25. */
const askUrl = (url: string, ...flags: string[]) => [
  '--ui',
  'scripted',
  '--open-urls',
  ...flags,
  '--json',
  '--protocol',
  'legacy',
  'call',
  'ask_url',
  '--args',
  JSON.stringify({ url }),
  ...server,
];

describe('mcp-elicit with URL mode (scripted, --open-urls)', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`consents, opens the page in BROWSER and finishes the tool on ${era}`, async () => {
      const s = scene('submit');
      const run = await runCli(
        [
          '--ui',
          'scripted',
          '--open-urls',
          '--json',
          '--protocol',
          era,
          'call',
          'connect_account',
          '--args',
          '{"service":"GitHub"}',
          ...server,
        ],
        { env: s.env },
      );
      assert.equal(run.status, 0, run.stdout + run.stderr);
      const report = jsonReport(run);
      assert.match(resultText(report), /^connected \(flow .*\); url step: accept$/);
      assert.equal(report.protocol?.era, era);
      const url = report.elicitations.find((e) => e.mode === 'url');
      assert.equal(url?.action, 'accept');
      // Every URL's warnings are recorded, opened or not (issue 12 #6).
      assert.deepEqual(
        url?.warnings?.map((w) => w.code),
        ['http-loopback'],
      );
      assert.match(run.stderr, /URL warning \(http-loopback\)/);
      assert.equal(s.visited().length, 1);
      assert.deepEqual(s.hits(), ['GET', 'POST']);
    });
  }

  it('retries a tool that failed with -32042 once the page was completed (2025-11-25)', async () => {
    const s = scene('submit');
    const run = await runCli(
      [
        '--ui',
        'scripted',
        '--open-urls',
        '--json',
        '--protocol',
        'legacy',
        'call',
        'connect_account_required',
        ...server,
      ],
      { env: s.env },
    );
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(resultText(jsonReport(run)), /ran after -32042/);
    assert.deepEqual(s.hits(), ['GET', 'POST']);
  });

  it(req`answers decline and never visits the page when the script declines (C-25)`, async () => {
    const s = scene('submit');
    const run = await runCli(
      [
        '--decline',
        '--modes',
        'form,url',
        '--json',
        '--protocol',
        'legacy',
        'call',
        'connect_account',
        ...server,
      ],
      { env: s.env },
    );
    const report = jsonReport(run);
    assert.equal(resultText(report), 'url step: decline', run.stdout + run.stderr);
    assert.equal(report.elicitations.find((e) => e.mode === 'url')?.action, 'decline');
    assert.deepEqual(s.visited(), []);
    assert.deepEqual(s.hits(), []);
  });

  it(req`refuses a javascript: URL with -32602 and opens nothing (E-24)`, async () => {
    const s = scene('record');
    const run = await runCli(askUrl('javascript:alert(document.cookie)'), { env: s.env });
    const report = jsonReport(run);
    const url = report.elicitations.find((e) => e.mode === 'url');
    assert.equal(url?.error?.code, -32602, run.stdout + run.stderr);
    assert.match(url?.error?.message ?? '', /Refused URL-mode elicitation/);
    assert.deepEqual(s.visited(), []);
  });

  it('a timeout after a URL step that was opened but never completed says what was waited for', async () => {
    const s = scene('record'); // the page is visited, its form never submitted
    const run = await runCli(
      [
        '--ui',
        'scripted',
        '--open-urls',
        '--protocol',
        'legacy',
        '--timeout',
        '2',
        'call',
        'connect_account',
        '--args',
        '{"service":"GitHub"}',
        ...server,
      ],
      { env: s.env },
    );
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.stderr,
      /Request timed out after 2000 ms: the URL step at 127\.0\.0\.1 \("Connect your GitHub account in the browser"\) was not completed in time/,
    );
  });

  it(req`never opens or visits the page without --open-urls (C-25)`, async () => {
    const s = scene('submit');
    const run = await runCli(
      ['--ui', 'scripted', '--json', '--protocol', 'legacy', 'call', 'connect_account', ...server],
      {
        env: s.env,
      },
    );
    assert.deepEqual(s.visited(), []);
    assert.deepEqual(s.hits(), []);
    assert.doesNotMatch(run.stdout, /connected \(flow/);
  });

  for (const [name, url, code, site, siteAscii] of [
    [
      'user-info',
      'https://accounts.example.com@evil.example/login',
      'userinfo',
      'evil.example',
      'evil.example',
    ],
    ['look-alike', 'https://xn--pypal-4ve.com/', 'mixed-script', 'pаypal.com', 'xn--pypal-4ve.com'],
  ] as const) {
    it(`deceptive-url.open-urls-never-opens-a-${name}-url-unattended (issue 12 #6)`, async () => {
      const s = scene('record');
      const run = await runCli(askUrl(url), { env: s.env });
      const report = jsonReport(run);
      assert.equal(resultText(report), 'url step: cancel', run.stdout + run.stderr);
      const event = report.elicitations.find((e) => e.mode === 'url');
      assert.equal(event?.action, 'cancel');
      assert.equal(event?.reason, 'unsafe-url');
      assert.equal(event?.site, site);
      // Beside the form a person reads, the ASCII form the browser would really visit.
      assert.equal(event?.siteAscii, siteAscii);
      assert.equal(event?.host, siteAscii);
      assert.ok(
        event?.warnings?.some((w) => w.code === code),
        JSON.stringify(event),
      );
      assert.match(run.stderr, new RegExp(`URL warning \\(${code}\\)`));
      assert.match(run.stderr, /cancel \(unsafe-url\): not opened unattended/);
      assert.deepEqual(s.visited(), []);
    });
  }

  it('deceptive-url.allow-deceptive-urls-opens-it-and-still-records-its-warnings', async () => {
    const s = scene('record');
    const url = 'https://accounts.example.com@evil.example/login';
    const run = await runCli(askUrl(url, '--allow-deceptive-urls'), { env: s.env });
    const report = jsonReport(run);
    assert.equal(resultText(report), 'url step: accept', run.stdout + run.stderr);
    const event = report.elicitations.find((e) => e.mode === 'url');
    assert.deepEqual(
      event?.warnings?.map((w) => w.code),
      ['userinfo'],
    );
    assert.match(run.stderr, /URL warning \(userinfo\)/);
    assert.deepEqual(s.visited(), [url]);
  });
});
