// createSystemOpener with a test BROWSER command (test/fixtures/browser/visit-page.mjs in record
// mode: it logs its argv and touches nothing).
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createSystemOpener } from '../../src/frontends/open-url.js';

const browserScript = fileURLToPath(new URL('../fixtures/browser/visit-page.mjs', import.meta.url));
const node = process.execPath;

function logFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'url-opener-')), 'visits.jsonl');
}

function visits(file: string): { url: string; argv: string[] }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { url: string; argv: string[] });
}

describe('createSystemOpener with BROWSER', () => {
  it('appends the URL as the last argument when BROWSER has no %s', async () => {
    const log = logFile();
    const opener = createSystemOpener({ BROWSER: `"${node}" "${browserScript}" --mode=record --log=${log}` });
    assert.deepEqual(await opener.open('https://example.com/a?b=1'), { ok: true });
    assert.deepEqual(visits(log)[0]?.argv, ['--mode=record', `--log=${log}`, 'https://example.com/a?b=1']);
  });

  it('replaces %s with the URL when BROWSER contains it', async () => {
    const log = logFile();
    const opener = createSystemOpener({
      BROWSER: `'${node}' '${browserScript}' --log=${log} --mode=record %s`,
    });
    assert.deepEqual(await opener.open('https://example.com/x'), { ok: true });
    assert.deepEqual(visits(log)[0]?.argv, [`--log=${log}`, '--mode=record', 'https://example.com/x']);
  });

  it('passes a URL full of shell metacharacters as one inert argument (no shell)', async () => {
    const log = logFile();
    const marker = join(tmpdir(), `pwned-${process.pid}-${Date.now()}`);
    const url = `https://example.com/?q=$(touch ${marker})&r=\`touch ${marker}\`;touch ${marker}|x`;
    const opener = createSystemOpener({ BROWSER: `${node} ${browserScript} --mode=record --log=${log}` });
    assert.deepEqual(await opener.open(url), { ok: true });
    assert.equal(visits(log)[0]?.url, url);
    assert.equal(existsSync(marker), false);
  });

  it('reports a browser that exits with a non-zero code as a failure', async () => {
    const opener = createSystemOpener({ BROWSER: `${node} ${browserScript} --mode=fail` });
    const result = await opener.open('https://example.com/');
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.error, /code 3/);
  });

  it('reports a BROWSER command that cannot be started as a failure', async () => {
    const opener = createSystemOpener({ BROWSER: '/nonexistent/browser-binary --new-tab' });
    const result = await opener.open('https://example.com/');
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.error, /could not run/);
  });

  it('takes a browser still running after the settle time as started', async () => {
    const opener = createSystemOpener(
      { BROWSER: `${node} -e "setTimeout(() => {}, 5000)"` },
      { settleMs: 150 },
    );
    const started = Date.now();
    assert.deepEqual(await opener.open('https://example.com/'), { ok: true });
    assert.ok(Date.now() - started < 3000);
  });
});
