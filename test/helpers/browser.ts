// A stand-in browser for URL-mode tests (test/fixtures/browser/visit-page.mjs): the BROWSER
// command line, an opener using it, and the list of URLs it was asked to open.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UrlOpener } from '../../src/contracts/url-step.js';
import { createSystemOpener } from '../../src/frontends/open-url.js';
import { root } from './cli.js';

/** submit: GET then POST the loopback page; look: GET only; record: touch nothing; fail: exit 3. */
export type BrowserMode = 'submit' | 'look' | 'record' | 'fail';

export interface TestBrowser {
  /** The value for the BROWSER environment variable. */
  readonly command: string;
  readonly opener: UrlOpener;
  /** URLs this browser was asked to open, in order. */
  visited(): string[];
}

export function testBrowser(mode: BrowserMode = 'submit'): TestBrowser {
  const log = join(mkdtempSync(join(tmpdir(), 'test-browser-')), 'opened.jsonl');
  const script = join(root, 'test/fixtures/browser/visit-page.mjs');
  const command = `"${process.execPath}" "${script}" --mode=${mode} --log=${log}`;
  return {
    command,
    opener: createSystemOpener({ BROWSER: command }),
    // Only whole lines count: the browser process may be halfway through writing the next one.
    visited: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .slice(0, -1)
            .map((line) => String((JSON.parse(line) as { url: unknown }).url))
        : [],
  };
}
