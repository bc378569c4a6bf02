// Shared by the park tests: a private state folder per test, the CLI run with it, the parked
// report read back, and every holder a test left running stopped at the end.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CliRun, root, runCli } from '../helpers/cli.js';
import { within } from '../helpers/within.js';

export interface ParkedJson {
  ok: boolean;
  pending: {
    id: string;
    server: string;
    request: { method: string; name?: string } | null;
    mode: 'form' | 'url';
    message: string;
    fields: {
      name: string;
      title: string;
      type: string;
      required: boolean;
      default?: unknown;
      limits?: Record<string, unknown>;
      options?: { value: string; label: string }[];
    }[];
    url: string | null;
    site: string | null;
    siteAscii: string | null;
    warnings: string[];
    parkedAt?: string;
    expiresAt: string;
    expiryNote?: string;
    answer: string;
  }[];
  protocol?: { era: string };
  error?: { code: string; message: string };
}

export class ParkPlace {
  /** $XDG_STATE_HOME for every run of this test. */
  readonly state = mkdtempSync(join(tmpdir(), 'mcp-elicit-park-'));
  readonly #pids = new Set<number>();

  get dir(): string {
    return join(this.state, 'mcp-elicit', 'parked');
  }

  /** `input`: what is piped to its stdin. */
  run(args: readonly string[], env: Record<string, string> = {}, input?: string): Promise<CliRun> {
    return within(
      90_000,
      `mcp-elicit ${args.slice(0, 3).join(' ')}`,
      runCli(args, {
        env: { XDG_STATE_HOME: this.state, ...env },
        timeoutMs: 80_000,
        ...(input !== undefined && { input }),
      }),
    ).then((run) => {
      this.#remember();
      return run;
    });
  }

  /** The pid of the holder that keeps question `id`, from its record. */
  holderPid(id: string): number {
    return (JSON.parse(readFileSync(join(this.dir, `${id}.json`), 'utf8')) as { holder: { pid: number } })
      .holder.pid;
  }

  records(): string[] {
    return readdirSync(this.dir).filter((name) => name.endsWith('.json'));
  }

  /** Stops every holder still running (a test that leaves questions waiting). */
  stopAll(): void {
    this.#remember();
    for (const pid of this.#pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  #remember(): void {
    try {
      for (const name of this.records()) this.#pids.add(this.holderPid(name.slice(0, -5)));
    } catch {
      // no folder yet
    }
  }
}

export function parked(run: CliRun): ParkedJson {
  const line = run.stdout.trim();
  try {
    return JSON.parse(line) as ParkedJson;
  } catch {
    throw new Error(`not one JSON report (exit ${run.status}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
}

/** Resolves once `check` holds, checked on each change in `dir` (a holder removes its records and socket as it ends). */
export async function whenChanged(
  dir: string,
  what: string,
  check: () => boolean,
  ms = 30_000,
): Promise<void> {
  const watcher = watch(dir);
  try {
    await within(
      ms,
      what,
      new Promise<void>((resolve) => {
        if (check()) resolve();
        watcher.on('change', () => {
          if (check()) resolve();
        });
      }),
    );
  } finally {
    watcher.close();
  }
}

/** `-- node --import tsx <fixture>`: the command line of one of test/fixtures/servers. */
export function fixtureServer(name: string): string[] {
  return ['--', process.execPath, '--import', 'tsx', join(root, 'test/fixtures/servers', name)];
}

/** One form parked by the park fixture (`ask_several`, count 1: field n1, 1..10); its id. */
export async function parkOneForm(place: ParkPlace, env: Record<string, string> = {}, flags: string[] = []) {
  const run = await place.run(
    [
      '--json',
      '--park',
      ...flags,
      'call',
      'ask_several',
      '--arg',
      'count=1',
      ...fixtureServer('park-server.ts'),
    ],
    env,
  );
  assert.equal(run.status, 6, run.stderr);
  return parked(run).pending[0]?.id ?? '';
}

/** The URL flow fixture's `connect_account` parked on `era`: its question. */
export async function parkUrlStep(place: ParkPlace, era: string): Promise<ParkedJson['pending'][number]> {
  const run = await place.run([
    '--json',
    '--park',
    '--protocol',
    era,
    'call',
    'connect_account',
    '--args',
    '{"service":"GitHub"}',
    ...fixtureServer('url-flow-server.ts'),
  ]);
  assert.equal(run.status, 6, run.stderr);
  const [question] = parked(run).pending;
  assert.ok(question);
  return question;
}

/** The test's stand-in browser (visit-page.mjs): loads the page and submits its form, as a person would. */
export const VISITOR = `${process.execPath} ${join(root, 'test/fixtures/browser/visit-page.mjs')} --mode=submit`;

/** Live holder processes whose state folder is `state` (read from /proc: ours, same user). */
export function holdersOf(state: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8');
      if (cmdline.includes('__park-holder') && environ.split('\0').includes(`XDG_STATE_HOME=${state}`))
        found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours
    }
  }
  return found;
}
