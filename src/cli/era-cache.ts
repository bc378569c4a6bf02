// Remembers which protocol era each server spoke, so the next run skips the server/discover probe
// (2026 digest §1.6: clients SHOULD cache the era per server process or origin). A stale entry is
// harmless: connect.ts drops it and probes again when connecting with it fails.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import { safeJsonStringify } from '../core/safe-json.js';

export type CachedEra =
  | { kind: 'legacy'; savedAt: number }
  | { kind: 'modern'; discover: DiscoverResult; savedAt: number };

/** How long an entry is trusted when the server gave no ttlMs. */
const DEFAULT_TTL_MS = 7 * 24 * 3600_000;

export class EraCache {
  readonly #file: string;

  constructor(env: NodeJS.ProcessEnv) {
    const dir =
      env.MCP_ELICIT_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mcp-elicit');
    this.#file = join(dir, 'eras.json');
  }

  get file(): string {
    return this.#file;
  }

  async get(key: string, now = Date.now()): Promise<CachedEra | undefined> {
    const all = await this.#read();
    const entry = all[key];
    if (!entry) return undefined;
    const ttl =
      entry.kind === 'modern' && typeof entry.discover.ttlMs === 'number'
        ? Math.max(entry.discover.ttlMs, 60_000)
        : DEFAULT_TTL_MS;
    return now - entry.savedAt <= ttl ? entry : undefined;
  }

  async set(key: string, value: CachedEra): Promise<void> {
    const all = await this.#read();
    all[key] = value;
    await this.#write(all);
  }

  async delete(key: string): Promise<void> {
    const all = await this.#read();
    if (!(key in all)) return;
    delete all[key];
    await this.#write(all);
  }

  async #read(): Promise<Record<string, CachedEra>> {
    try {
      const json = JSON.parse(await readFile(this.#file, 'utf8')) as unknown;
      return typeof json === 'object' && json !== null ? (json as Record<string, CachedEra>) : {};
    } catch {
      return {}; // missing or corrupt: start afresh
    }
  }

  async #write(all: Record<string, CachedEra>): Promise<void> {
    try {
      await mkdir(dirname(this.#file), { recursive: true });
      const temp = `${this.#file}.${process.pid}.tmp`;
      await writeFile(temp, safeJsonStringify(all, 2));
      await rename(temp, this.#file);
    } catch {
      // A read-only home must not break the CLI; the next run just probes again.
    }
  }
}
