// Makes every access token in a sign-in store folder expired an hour ago, as if that time had
// passed: tests of refreshing need no wait on the real clock for a short-lived token to run out.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HOUR_MS = 3_600_000;

interface StoreFile {
  issuers?: Record<string, { tokens?: { savedAt?: number; expiresAt?: number } }>;
}

/** Backdates each stored token's `savedAt`/`expiresAt`; returns how many were expired. */
export function expireStoredTokens(dir: string): number {
  let expired = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const file = join(dir, name);
    const record = JSON.parse(readFileSync(file, 'utf8')) as StoreFile;
    for (const issuer of Object.values(record.issuers ?? {})) {
      if (issuer.tokens?.expiresAt === undefined) continue;
      issuer.tokens.savedAt = Date.now() - 2 * HOUR_MS;
      issuer.tokens.expiresAt = Date.now() - HOUR_MS;
      expired++;
    }
    writeFileSync(file, JSON.stringify(record)); // the file keeps its 0600 mode
  }
  return expired;
}
