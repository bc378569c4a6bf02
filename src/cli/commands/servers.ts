// `mcp-elicit servers --config f.json`: the entries of a config file, as written (variables are not
// substituted, so no secret from the environment is printed).

import { ElicitError } from '../../contracts/elicit-error.js';
import { safeJsonStringify } from '../../core/safe-json.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { CliArgs } from '../args.js';
import { readServers } from '../config.js';
import type { Io } from '../frontend.js';

export interface ServerListing {
  readonly name: string;
  readonly transport: 'stdio' | 'http' | 'sse' | 'unknown';
  readonly command?: string;
  readonly url?: string;
}

export async function runServers(args: CliArgs, io: Io): Promise<number> {
  const target = args.target;
  if (target?.kind !== 'config') throw new ElicitError('usage', 'servers needs --config <file>');
  const listing = Object.entries(await readServers(target.file)).map(([name, entry]) =>
    describe(name, entry),
  );
  if (args.json) {
    io.stdout.write(`${safeJsonStringify({ ok: true, result: { servers: listing }, elicitations: [] })}\n`);
    return 0;
  }
  if (listing.length === 0) {
    io.stdout.write(`(${target.file} lists no servers)\n`);
    return 0;
  }
  const rows = listing.map((s) =>
    [s.name, s.transport, s.url ?? s.command ?? ''].map((t) => sanitizeText(t)),
  );
  const width = (i: number) => Math.min(32, Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  const [w0, w1] = [width(0), width(1)];
  io.stdout.write(
    `${rows.map(([name = '', transport = '', where = '']) => `${name.padEnd(w0)}  ${transport.padEnd(w1)}  ${where}`.trimEnd()).join('\n')}\n`,
  );
  return 0;
}

function describe(name: string, entry: unknown): ServerListing {
  if (typeof entry !== 'object' || entry === null) return { name, transport: 'unknown' };
  const e = entry as Record<string, unknown>;
  const url = typeof e.url === 'string' ? e.url : typeof e.serverUrl === 'string' ? e.serverUrl : undefined;
  if (e.type === 'sse') return { name, transport: 'sse', ...(url !== undefined && { url }) };
  if (url !== undefined || e.type === 'http' || e.type === 'streamable-http')
    return { name, transport: 'http', ...(url !== undefined && { url }) };
  if (typeof e.command !== 'string') return { name, transport: 'unknown' };
  const args = Array.isArray(e.args) ? e.args.filter((a): a is string => typeof a === 'string') : [];
  return { name, transport: 'stdio', command: [e.command, ...args].map(quote).join(' ') };
}

function quote(word: string): string {
  return /^[\w@%+=:,./${}-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
