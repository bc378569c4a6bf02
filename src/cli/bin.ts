#!/usr/bin/env node
import { runMain } from './main.js';

runMain(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
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
