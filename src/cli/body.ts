// The whole CLI behind dist/cli/bin.js, bundled as one CommonJS file (scripts/bundle-cli.mjs) so that
// Node 20 can keep V8's compiled code of it between runs (code-cache.ts).
export { runMain } from './main.js';

/** The park holder (started by `call --park`), loaded only by the holder process. */
export function loadHolder(): Promise<typeof import('./park/holder.js')> {
  return import('./park/holder.js');
}
