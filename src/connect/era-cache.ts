// Remembers which protocol era each server spoke, so the next run skips the server/discover probe
// (2026 digest §1.6: clients SHOULD cache the era per server process or origin). A stale entry is
// harmless: connect.ts drops it and probes again when connecting with it fails.
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import { safeJsonStringify } from '../core/safe-json.js';
import { ensurePrivateDir, readPrivateFile, writePrivateFile } from '../files/private-file.js';
import { cacheDir } from './cache-dir.js';

export type CachedEra =
  | { kind: 'legacy'; savedAt: number }
  | { kind: 'modern'; discover: DiscoverResult; savedAt: number };

/** How long an entry is trusted when the server gave no ttlMs. */
const DEFAULT_TTL_MS = 7 * 24 * 3600_000;
/** The file stays small: the most recently saved entries are kept, oversized ones never stored. */
const MAX_ENTRIES = 64;
const MAX_ENTRY_CHARS = 32 * 1024;
/** A larger file is not ours to parse (or was tampered with): treated as empty and replaced. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Keys written before stdio command lines were hashed held arguments in clear: they are dropped. */
const CURRENT_KEY = /^(?:http |stdio .* sha256:[0-9a-f]{64}$)/;

/** Where the cache lives: $MCP_ELICIT_CACHE_DIR, else $XDG_CACHE_HOME/mcp-elicit, else ~/.cache/mcp-elicit. */
export const eraCacheDir = cacheDir;

/**
 * The key for a server. A stdio server's arguments often carry secrets (`--token=...`), so the
 * command line is stored only as a hash; the folder and program name stay readable for debugging.
 */
export function eraCacheKey(
  target:
    | { kind: 'stdio'; command: string; args: readonly string[]; cwd?: string }
    | { kind: 'http'; url: URL },
): string {
  if (target.kind === 'http') return `http ${target.url.origin}${target.url.pathname}`;
  const cwd = target.cwd ?? process.cwd();
  const hash = createHash('sha256')
    .update(JSON.stringify([cwd, target.command, ...target.args]))
    .digest('hex');
  return `stdio ${cwd} ${basename(target.command)} sha256:${hash}`;
}

export class EraCache {
  readonly #dir: string;
  readonly #file: string;
  /** The default folder is ours to tighten; a folder named by MCP_ELICIT_CACHE_DIR is the user's. */
  readonly #ownDir: boolean;

  constructor(env: NodeJS.ProcessEnv) {
    this.#dir = eraCacheDir(env);
    this.#file = join(this.#dir, 'eras.json');
    this.#ownDir = !env.MCP_ELICIT_CACHE_DIR;
  }

  get file(): string {
    return this.#file;
  }

  async get(key: string, now = Date.now()): Promise<CachedEra | undefined> {
    const entry = (await this.#read())[key];
    return entry && !expired(entry, now) ? entry : undefined;
  }

  async set(key: string, value: CachedEra, now = Date.now()): Promise<void> {
    const all = await this.#read();
    if (JSON.stringify(value).length > MAX_ENTRY_CHARS) delete all[key];
    else all[key] = value;
    await this.#write(all, now);
  }

  async delete(key: string, now = Date.now()): Promise<void> {
    const all = await this.#read();
    if (!(key in all)) return;
    delete all[key];
    await this.#write(all, now);
  }

  async #read(): Promise<Record<string, CachedEra>> {
    try {
      // A folder or file someone else could have written is not used at all (the run just probes).
      if (this.#ownDir) await ensurePrivateDir(this.#dir, { tighten: true });
      const text = await readPrivateFile(this.#file, MAX_FILE_BYTES);
      const json = text === undefined ? undefined : (JSON.parse(text) as unknown);
      if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
      const out: Record<string, CachedEra> = {};
      for (const [key, entry] of Object.entries(json)) {
        if (CURRENT_KEY.test(key) && isEntry(entry)) out[key] = entry;
      }
      return out;
    } catch {
      return {}; // missing, unreadable or corrupt: start afresh
    }
  }

  /** Writes only live entries, newest first, at most MAX_ENTRIES of them. */
  async #write(all: Record<string, CachedEra>, now: number): Promise<void> {
    const kept = Object.entries(all)
      .filter(([, entry]) => !expired(entry, now))
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .slice(0, MAX_ENTRIES);
    try {
      await ensurePrivateDir(this.#dir, { tighten: this.#ownDir });
      await writePrivateFile(this.#file, `${safeJsonStringify(Object.fromEntries(kept), 2)}\n`);
    } catch {
      // A read-only home must not break the CLI; the next run just probes again.
    }
  }
}

function expired(entry: CachedEra, now: number): boolean {
  const ttl =
    entry.kind === 'modern' && typeof entry.discover.ttlMs === 'number'
      ? Math.max(entry.discover.ttlMs, 60_000)
      : DEFAULT_TTL_MS;
  return now - entry.savedAt > ttl || entry.savedAt > now + 60_000;
}

function isEntry(value: unknown): value is CachedEra {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (typeof entry.savedAt !== 'number' || !Number.isFinite(entry.savedAt)) return false;
  if (entry.kind === 'legacy') return true;
  return entry.kind === 'modern' && typeof entry.discover === 'object' && entry.discover !== null;
}
