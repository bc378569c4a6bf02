// Our one script and one stylesheet, read once from beside this module (copied to dist by the build).
import { readFileSync } from 'node:fs';

let cached: { readonly js: string; readonly css: string } | undefined;

export function loadAssets(): { readonly js: string; readonly css: string } {
  cached ??= {
    js: readFileSync(new URL('./assets/app.js', import.meta.url), 'utf8'),
    css: readFileSync(new URL('./assets/app.css', import.meta.url), 'utf8'),
  };
  return cached;
}
