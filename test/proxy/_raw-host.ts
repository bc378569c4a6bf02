// A host with no SDK: bytes written to the proxy's stdin, lines read from its stdout, so a test can
// send what no SDK would (bad JSON, batches, huge lines) and see exactly what comes back.
import { type ChildProcess, spawn } from 'node:child_process';
import { BIN, until } from './_host.js';

export interface RawHost {
  readonly child: ChildProcess;
  /** Every JSON line the proxy wrote to stdout, parsed. */
  readonly received: Record<string, unknown>[];
  stderr(): string;
  /** Writes `line` (an object is serialised) and a newline. */
  write(line: string | object): void;
  /** The first message (from `from` on) that `match` accepts, waiting up to `ms`. */
  next(
    match: (m: Record<string, unknown>) => boolean,
    what: string,
    ms?: number,
  ): Promise<Record<string, unknown>>;
  /** A 2025-11-25 `initialize` + `initialized` handshake, declaring `capabilities` (none by default). */
  initialize(capabilities?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export function startRawHost(proxyArgs: readonly string[], env: Record<string, string> = {}): RawHost {
  const child = spawn(process.execPath, [BIN, 'proxy', '--no-era-cache', ...proxyArgs], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const received: Record<string, unknown>[] = [];
  let pending = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line.trim() !== '') received.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const host: RawHost = {
    child,
    received,
    stderr: () => stderr,
    write: (line) => {
      child.stdin?.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    },
    next: async (match, what, ms = 15_000) => {
      let found: Record<string, unknown> | undefined;
      await until(
        () => {
          found = received.find(match);
          return found !== undefined || child.exitCode !== null;
        },
        what,
        ms,
      );
      if (!found) throw new Error(`the proxy exited (${child.exitCode}) before ${what}; stderr:\n${stderr}`);
      return found;
    },
    initialize: async (capabilities = {}) => {
      host.write({
        jsonrpc: '2.0',
        id: 'init',
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities,
          clientInfo: { name: 'raw', version: '1' },
        },
      });
      await host.next((m) => m.id === 'init', 'the initialize result');
      host.write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    },
    close: async () => {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return host;
}
