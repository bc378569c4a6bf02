// Executable entry for the demo server: `--stdio` (default) or `--http --port N [--host H]`.
// Over HTTP it prints `listening <url>` on stderr once ready (port 0 picks a free port).
import { parseArgs } from 'node:util';
import { ElicitError } from '../contracts/elicit-error.js';
import { type DemoServerOptions, runDemoServer } from './server.js';

function optionsFromArgv(argv: string[]): DemoServerOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      stdio: { type: 'boolean', default: false },
      http: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
    },
    strict: true,
  });
  if (values.stdio && values.http) throw new ElicitError('usage', 'choose one of --stdio and --http');
  if (!values.http) return { transport: 'stdio' };
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ElicitError('usage', `invalid --port ${values.port}`);
  return { transport: 'http', port, host: values.host };
}

async function main(): Promise<void> {
  const options = optionsFromArgv(process.argv.slice(2));
  const running = await runDemoServer(options);
  if (running.url !== undefined) process.stderr.write(`listening ${running.url}\n`);
  const stop = () => {
    running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`mcp-elicit-demo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
