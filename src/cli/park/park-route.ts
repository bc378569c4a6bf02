// Where a parked command waits (P-15, P-07): a 2026-07-28 request to an HTTP server is finished on
// the server when it asks (input_required), so its round is saved and nothing keeps running; every
// other command (stdio, whose server dies with us; 2025-11-25, whose server holds the request on a
// live connection) runs in the holder. The era comes from --protocol or the era cache, as connect
// decides; a server not met before parks in the holder once, which fills the cache.
import { EraCache, eraCacheKey } from '../../connect/era-cache.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { runParked } from './launch.js';
import { showReport } from './park-report.js';
import { openParkStore } from './park-store.js';
import { type RoundOutcome, type RunMain, runWithRounds } from './round-park.js';

export async function runParkedCommand(
  argv: readonly string[],
  args: CliArgs,
  io: Io,
  runMain: RunMain,
): Promise<number | 'parked'> {
  if (!(await parksWithoutProcess(args, io.env)))
    return runParked(argv, io, {
      ttlMs: args.parkTtlMs,
      ...(args.notifyGiven && { notify: args.notify }),
    });
  const store = await openParkStore(io.env);
  // Pinned, so `answer` speaks the era the saved round belongs to without probing again.
  const pinned = args.protocol.kind === 'modern' ? argv : ['--protocol', '2026-07-28', ...argv];
  const outcome = await runWithRounds(runMain, io, {
    store,
    argv: pinned,
    ttlMs: args.parkTtlMs,
    json: args.json,
  });
  return showRoundOutcome(outcome, pinned, io, args);
}

/** A report, or a round of several questions handed to a holder. */
export function showRoundOutcome(
  outcome: RoundOutcome,
  argv: readonly string[],
  io: Io,
  args: Pick<CliArgs, 'json' | 'parkTtlMs'>,
): Promise<number | 'parked'> | number | 'parked' {
  if (outcome.kind === 'several')
    return runParked(argv, io, { ttlMs: args.parkTtlMs, resumeFrom: outcome.round });
  // A sign-in first: the holder runs the command from the start, and parks the sign-in.
  if (outcome.kind === 'sign-in') return runParked(argv, io, { ttlMs: args.parkTtlMs });
  return showReport(outcome, io, args.json);
}

/**
 * An HTTP server speaking 2026-07-28. Headers given on the command line may carry secrets, and
 * the saved record holds the command line, so such a call parks in the holder instead; so does a
 * call that may become a task (a server known to offer the Tasks extension): a task's questions
 * come outside any round.
 */
async function parksWithoutProcess(args: CliArgs, env: NodeJS.ProcessEnv): Promise<boolean> {
  const target = args.target;
  if (target?.kind !== 'http' || Object.keys(target.headers).length > 0) return false;
  if (args.protocol.kind === 'legacy') return false;
  const cached = args.eraCache
    ? await new EraCache(env).get(eraCacheKey({ kind: 'http', url: target.url }))
    : undefined;
  const tasks = cached?.kind === 'modern' && cached.discover.capabilities?.extensions?.[TASKS] !== undefined;
  if (tasks && args.task !== 'never') return false;
  return args.protocol.kind === 'modern' || cached?.kind === 'modern';
}

/** The Tasks extension's name (SEP-2663); not imported from the adapter's task code, which is large. */
const TASKS = 'io.modelcontextprotocol/tasks';
