#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { requireCached } from './code-cache.js';
import { codeCacheSlot, enableCompileCache } from './compile-cache.js';

type Body = typeof import('./body.js');

// The body's file name (chunks/cli-<content hash>.cjs), set by scripts/bundle-cli.mjs.
declare const __MCP_ELICIT_CLI_BODY__: string;

// The first Ctrl-C (outside a form, which handles its own keys) cancels the request in flight and
// lets the CLI report and close the server cleanly; a second one exits at once. Installed before
// the rest of the CLI loads, so a Ctrl-C during a slow start is reported the same way.
const interrupt = new AbortController();
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
});
// A closed pipe (`mcp-elicit ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
});

// Before the rest loads, so Node >= 22.1 can cache the compiled chunks; on Node 20 most commands load
// the body as one script through a code cache instead (see compile-cache.ts).
enableCompileCache(process.env);
const slot = codeCacheSlot(process.argv.slice(2), process.env);
const { runMain, loadHolder }: Body =
  slot === undefined
    ? await import('./body.js')
    : (requireCached(
        fileURLToPath(new URL(`./chunks/${__MCP_ELICIT_CLI_BODY__}`, import.meta.url)),
        slot,
      ) as Body);
// The park holder (started by `call --park`): it runs the command itself and exits when it ends.
if (process.argv[2] === '__park-holder') {
  const { runHolder } = await loadHolder();
  process.exit(await runHolder(runMain));
}
runMain(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupt.signal,
}).then(
  (status) => {
    // Flush stdout before exiting: a piped --json report must arrive whole.
    process.stdout.write('', () => process.exit(status));
  },
  (error: unknown) => {
    process.stderr.write(
      `mcp-elicit: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
