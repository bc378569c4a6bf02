// A host simulated by an SDK client: it starts `mcp-elicit proxy ... -- <server>` as its server,
// with or without its own elicitation capability, on the era it is told to speak.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Client,
  type ClientCapabilities,
  type ElicitResult,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Era } from '../../src/contracts/protocol.js';
import { everythingStdioCommand } from '../helpers/servers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(root, 'dist', 'cli', 'bin.js');

export interface HostOptions {
  readonly proxyArgs: readonly string[];
  readonly era?: Era;
  /** The host's own elicitation: declared modes and its answer. */
  readonly elicitation?: {
    readonly modes: readonly ('form' | 'url')[];
    readonly answer: (params: Record<string, unknown>) => ElicitResult | Promise<ElicitResult>;
  };
  readonly roots?: boolean;
  readonly sampling?: boolean;
  readonly env?: Record<string, string>;
  /** A 2026-07-28 host's cap on input_required rounds (the SDK's default is 10). */
  readonly maxRounds?: number;
  /** More capabilities to declare (tasks, extensions). */
  readonly capabilities?: ClientCapabilities;
}

export interface TestHost {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  /** Everything the proxy wrote to stderr. */
  stderr(): string;
  /** Elicitations the host was asked. */
  readonly asked: Record<string, unknown>[];
  /** Every message from the proxy, in the order it arrived on the wire (before the SDK dispatches it). */
  readonly wire: JSONRPCMessage[];
  close(): Promise<void>;
}

export async function startHost(options: HostOptions): Promise<TestHost> {
  const capabilities = {
    ...(options.elicitation && {
      elicitation: Object.fromEntries(options.elicitation.modes.map((m) => [m, {}])),
    }),
    ...(options.roots && { roots: { listChanged: true } }),
    ...(options.sampling && { sampling: {} }),
    ...options.capabilities,
  };
  const client = new Client(
    { name: 'test-host', version: '1.0.0' },
    {
      capabilities,
      versionNegotiation: options.era === '2026-07-28' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' },
      ...(options.maxRounds !== undefined && { inputRequired: { maxRounds: options.maxRounds } }),
    },
  );
  const asked: Record<string, unknown>[] = [];
  if (options.elicitation) {
    const answer = options.elicitation.answer;
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params as Record<string, unknown>);
      return answer(request.params as Record<string, unknown>);
    });
  }
  if (options.roots) {
    client.setRequestHandler('roots/list', async () => ({
      roots: [{ uri: 'file:///work/project', name: 'project' }],
    }));
  }
  if (options.sampling) {
    client.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'sampled by the host' },
      model: 'test-model',
    }));
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'proxy', '--no-era-cache', ...options.proxyArgs],
    // A host's bare environment, plus the test run's scratch XDG folders (never the real home).
    env: { PATH: process.env.PATH ?? '', ...scratchXdg(), ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  // The SDK chains an onmessage set before connect, so this sees the raw arrival order.
  const wire: JSONRPCMessage[] = [];
  transport.onmessage = (message) => {
    wire.push(message);
  };
  await client.connect(transport as Transport);
  return {
    wire,
    client,
    transport,
    stderr: () => stderr,
    asked,
    close: () => client.close(),
  };
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids of the children of `pid` (the upstream server the proxy started). */
export function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

/** Polls `check` until it holds, failing after `ms` with what was awaited. */
export async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The scratch folders scripts/run-tests.mjs gives the run, to pass to processes started bare. */
export function scratchXdg(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['XDG_CACHE_HOME', 'XDG_STATE_HOME', 'XDG_CONFIG_HOME', 'NODE_COMPILE_CACHE']) {
    const value = process.env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Proxy arguments for server-everything (2025-11-25) behind it, its research question answered by --set. */
export function researchProxyArgs(): string[] {
  const everything = everythingStdioCommand();
  return [
    '--ui',
    'scripted',
    '--set',
    'interpretation=comedy',
    '--protocol',
    'legacy',
    '--',
    everything.command,
    ...everything.args,
  ];
}
