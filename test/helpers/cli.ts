// Runs the built CLI (dist/cli/bin.js, built by `npm test`) as a user would, without a TTY.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliBin = join(root, 'dist', 'cli', 'bin.js');

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  readonly env?: Record<string, string>;
  readonly input?: string;
  readonly timeoutMs?: number;
  /** Era cache folder; unless given, one per test process (freshCacheDir() for a test about the probe). */
  readonly cacheDir?: string;
  /** Working folder; the checkout unless given. */
  readonly cwd?: string;
}

export function freshCacheDir(): string {
  return mkdtempSync(join(tmpdir(), 'mcp-elicit-cache-'));
}

// With an empty era cache the SDK's server/discover probe starts a stdio server twice; a test file
// shares one cache, so only its first run against each server command probes, as a user's does.
let sharedCacheDir: string | undefined;
function processCacheDir(): string {
  sharedCacheDir ??= freshCacheDir();
  return sharedCacheDir;
}

export function runCli(args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, ...args], {
      cwd: options.cwd ?? root,
      env: { ...process.env, MCP_ELICIT_CACHE_DIR: options.cacheDir ?? processCacheDir(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI timed out: ${args.join(' ')}\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Parses the single JSON object `--json` prints. */
export function jsonReport(run: CliRun): {
  ok: boolean;
  result?: { content?: { type: string; text?: string }[]; isError?: boolean } & Record<string, unknown>;
  elicitations: {
    server: string;
    mode: string;
    message: string;
    fields?: string[];
    action?: string;
    content?: Record<string, unknown>;
    reason?: string;
    url?: string;
    site?: string;
    siteAscii?: string;
    host?: string;
    warnings?: { code: string; message: string }[];
    error?: { code: number; message: string };
  }[];
  protocol?: { era: string; version?: string };
  error?: { code: string; message: string };
} {
  const lines = run.stdout.trim().split('\n');
  if (lines.length !== 1)
    throw new Error(`expected exactly one JSON line on stdout, got:\n${run.stdout}\nstderr:\n${run.stderr}`);
  return JSON.parse(lines[0] ?? '');
}

export function resultText(report: ReturnType<typeof jsonReport>): string {
  return (report.result?.content ?? []).map((c) => c.text ?? '').join('\n');
}

/** Runs the CLI until `pattern` shows on its stderr, then presses Ctrl-C (SIGINT) and waits. */
export async function interruptCliWhen(
  args: readonly string[],
  pattern: RegExp,
  options: { env?: Record<string, string>; timeoutMs?: number; input?: string } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [cliBin, ...args], {
    cwd: root,
    env: { ...process.env, MCP_ELICIT_CACHE_DIR: freshCacheDir(), ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Typed ahead and left open, like a person who stops answering halfway.
  if (options.input !== undefined) child.stdin.write(options.input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${String(pattern)} never showed on stderr:\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      if (pattern.test(stderr)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.kill('SIGINT');
  const status = await closed;
  return { status, stdout, stderr };
}

/** One entry of the --json report's `tasks`. */
export interface TaskReport {
  readonly taskId: string;
  readonly tool: string;
  readonly era: string;
  readonly status: string;
  readonly history: { status: string; statusMessage?: string }[];
}

export function tasksOf(report: unknown): TaskReport[] {
  return (report as { tasks?: TaskReport[] }).tasks ?? [];
}
