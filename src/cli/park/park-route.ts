// Where a parked command waits (P-15, P-07): a 2026-07-28 request to an HTTP server is finished on
// the server when it asks (input_required), and a Tasks-extension task waits there by its id, so
// its round or task is saved and nothing keeps running; every
// other command (stdio, whose server dies with us; 2025-11-25, whose server holds the request on a
// live connection) runs in the holder. The era comes from --protocol or the era cache, as connect
// decides; a server not met before parks in the holder once, which fills the cache.
import { EraCache, eraCacheKey } from '../../connect/era-cache.js';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { NotifyChoice } from '../../core/attention.js';
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
    ...(args.notifyGiven && { notify: args.notify }),
  });
  const notify = args.notifyGiven ? args.notify : undefined;
  // Only `answer` resumes a question (and only --ui asks a person, who may leave): a first run never does.
  if (outcome.kind === 'left' || outcome.kind === 'unsent')
    throw new ElicitError('request', 'the parked command ended without a report');
  return showRoundOutcome(outcome, pinned, io, { json: args.json, parkTtlMs: args.parkTtlMs, notify });
}

/** A report, or a round of several questions handed to a holder. */
export function showRoundOutcome(
  outcome: Exclude<RoundOutcome, { kind: 'left' | 'unsent' }>,
  argv: readonly string[],
  io: Io,
  args: Pick<CliArgs, 'json' | 'parkTtlMs'> & { readonly notify: NotifyChoice | undefined },
): Promise<number | 'parked'> | number | 'parked' {
  if (outcome.kind === 'several')
    return runParked(argv, io, {
      ttlMs: args.parkTtlMs,
      resumeFrom: outcome.round,
      ...(args.notify && { notify: args.notify }),
    });
  // A sign-in first: the holder runs the command from the start, and parks the sign-in.
  if (outcome.kind === 'sign-in')
    return runParked(argv, io, { ttlMs: args.parkTtlMs, ...(args.notify && { notify: args.notify }) });
  return showReport(outcome, io, args.json);
}

/**
 * An HTTP server speaking 2026-07-28. Headers given on the command line may carry secrets, and
 * the saved record holds the command line, so such a call parks in the holder instead. A call
 * that becomes a Tasks-extension task parks the same way, by the task's id (tasks/update answers
 * it from any connection).
 */
async function parksWithoutProcess(args: CliArgs, env: NodeJS.ProcessEnv): Promise<boolean> {
  const target = args.target;
  if (target?.kind !== 'http' || Object.keys(target.headers).length > 0) return false;
  if (args.protocol.kind === 'legacy') return false;
  const cached = args.eraCache
    ? await new EraCache(env).get(eraCacheKey({ kind: 'http', url: target.url }))
    : undefined;
  return args.protocol.kind === 'modern' || cached?.kind === 'modern';
}
