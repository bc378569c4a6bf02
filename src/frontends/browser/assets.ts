// Our one script and one stylesheet, read once from beside this module (copied to dist by the build).
// Pages link them under a version taken from their content, so a tab keeps them cached between
// requests (a new request's page then waits for no fetch of them) and a new build is never mixed
// with an old cached copy.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface Assets {
  readonly js: string;
  readonly css: string;
  /** Changes with either file's content. */
  readonly version: string;
}

let cached: Assets | undefined;

export function loadAssets(): Assets {
  if (cached) return cached;
  const js = readFileSync(new URL('./assets/app.js', import.meta.url), 'utf8');
  const css = readFileSync(new URL('./assets/app.css', import.meta.url), 'utf8');
  const version = createHash('sha256').update(js).update('\0').update(css).digest('hex').slice(0, 12);
  cached = { js, css, version };
  return cached;
}

/**
 * Where a page links an asset: under the version that lets the browser keep it, or (`kept` false:
 * the last page of a run) as a fetch the server sees, so it stops only once that page has it.
 */
export function assetHref(kind: 'js' | 'css', kept = true): string {
  return kept ? `/app.${kind}?v=${loadAssets().version}` : `/app.${kind}`;
}
