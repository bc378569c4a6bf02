// What signing in costs once it is done: `mcp-elicit call` with a valid stored token against a
// protected server (oidc-provider in front of the SDK fixture, JWT access tokens) vs the same call
// against the same tools with authorization off, interleaved in one run and paired; and how many
// requests reach the authorization server while the token is valid (the goal is none).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startAuthServer } from '../test/fixtures/auth/authorization-server.js';
import { freePort, mcpUrlFor, startProtectedServer } from '../test/fixtures/auth/protected-server.js';
import { median } from './stats.js';

export interface AuthCallResult {
  readonly runs: number;
  readonly protectedMs: number;
  readonly openMs: number;
  /** Median over the pairs (each ran back to back) of protected / open wall time. */
  readonly pairedWallRatio: number;
  /** Requests to the authorization server during the measured protected runs. */
  readonly authServerRequests: number;
  /** What they were (method and path), when there were any. */
  readonly authServerPaths: string[];
  readonly protectedMsAll: number[];
  readonly openMsAll: number[];
}

const RUN_TIMEOUT_MS = 30_000;

export async function measureAuthCall(root: string, cliBin: string, runs: number): Promise<AuthCallResult> {
  const port = await freePort();
  const as = await startAuthServer({ resource: mcpUrlFor(port) });
  const guarded = await startProtectedServer({ issuer: as.issuer, port });
  const open = await startProtectedServer({});
  const scratch = await mkdtemp(join(root, '.bench', 'auth-call-'));
  const env = {
    MCP_ELICIT_AUTH_DIR: join(scratch, 'auth'),
    MCP_ELICIT_CACHE_DIR: join(scratch, 'cache'),
    BROWSER: `"${process.execPath}" "${join(root, 'test/fixtures/auth/sign-in-browser.mjs')}"`,
  };
  const call = (url: string) =>
    timeRun(cliBin, ['--protocol', 'modern', '--open-urls', 'call', 'vault_code', '--url', url], env);
  try {
    // The one sign-in, then one unmeasured run of each (file cache, JIT of the sign-in path).
    await timeRun(cliBin, ['--open-urls', 'auth', 'login', '--url', guarded.url], env);
    await call(guarded.url);
    await call(open.url);
    const before = as.clientRequests().length;
    const protectedMs: number[] = [];
    const openMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternate which goes first so drift on a shared machine falls on both alike.
      if (i % 2 === 0) {
        protectedMs.push(await call(guarded.url));
        openMs.push(await call(open.url));
      } else {
        openMs.push(await call(open.url));
        protectedMs.push(await call(guarded.url));
      }
    }
    const ratios = protectedMs.map((ms, i) => ms / (openMs[i] ?? Number.NaN));
    return {
      runs,
      protectedMs: median(protectedMs),
      openMs: median(openMs),
      pairedWallRatio: Math.round(median(ratios) * 1000) / 1000,
      authServerRequests: as.clientRequests().length - before,
      authServerPaths: [
        ...new Set(
          as
            .clientRequests()
            .slice(before)
            .map((r) => `${r.method} ${r.path}`),
        ),
      ],
      protectedMsAll: protectedMs.map((ms) => Math.round(ms)),
      openMsAll: openMs.map((ms) => Math.round(ms)),
    };
  } finally {
    await Promise.allSettled([guarded.close(), open.close()]);
    await as.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Spawns the CLI and resolves with spawn-to-exit wall ms; a failed run is an error. */
export function timeRun(
  cliBin: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [cliBin, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - start;
      if (code === 0) resolve(ms);
      else reject(new Error(`mcp-elicit ${args.join(' ')} exited ${code}: ${stderr.trim().slice(-400)}`));
    });
  });
}

export function formatAuthCall(result: AuthCallResult | { error: string }): string {
  if ('error' in result) return `\nSigned-in call: failed: ${result.error}\n`;
  const ok = (met: boolean) => (met ? 'met' : 'NOT met');
  return [
    '',
    `Signed-in call: mcp-elicit call (2026-07-28, --url) with a stored token vs authorization off, ${result.runs} pairs`,
    `  wall median ${result.protectedMs.toFixed(0)} ms vs ${result.openMs.toFixed(0)} ms: paired ratio ${result.pairedWallRatio.toFixed(3)}x (goal <= 1.05x: ${ok(result.pairedWallRatio <= 1.05)})`,
    `  requests to the authorization server while the token was valid: ${result.authServerRequests} (goal 0: ${ok(result.authServerRequests === 0)})${result.authServerPaths.length > 0 ? `: ${result.authServerPaths.join(', ')}` : ''}`,
    '',
  ].join('\n');
}
