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

// The server sees only what it is given (issue 13): the hits file is passed through by name.
const server = [
  '--pass-env',
  'URL_FLOW_HITS_FILE',
  '--',
  process.execPath,
  '--import',
  'tsx',
  join(root, 'test/fixtures/servers/url-flow-server.ts'),
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

describe('mcp-elicit with URL mode (scripted, --open-urls)', () => {
  for (const era of ['legacy', 'modern'] as const) {
    it(`consents, opens the page in BROWSER and finishes the tool on ${era === 'legacy' ? '2025-11-25' : '2026-07-28'}`, async () => {
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

  it('answers decline and never visits the page when the script declines (C-25)', async () => {
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

  it('refuses a javascript: URL with -32602 and opens nothing (edge case 24)', async () => {
    const s = scene('record');
    const run = await runCli(
      [
        '--ui',
        'scripted',
        '--open-urls',
        '--json',
        '--protocol',
        'legacy',
        'call',
        'ask_url',
        '--args',
        '{"url":"javascript:alert(document.cookie)"}',
        ...server,
      ],
      { env: s.env },
    );
    const report = jsonReport(run);
    const url = report.elicitations.find((e) => e.mode === 'url');
    assert.equal(url?.error?.code, -32602, run.stdout + run.stderr);
    assert.match(url?.error?.message ?? '', /Refused URL-mode elicitation/);
    assert.deepEqual(s.visited(), []);
  });

  it('never opens or visits the page without --open-urls (C-25)', async () => {
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
});
