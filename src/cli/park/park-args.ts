// The parking flags checked together: --park (call, prompt, read), --park-ttl, and --done (answer).
import { ElicitError } from '../../contracts/elicit-error.js';
import type { CommandName } from '../command-table.js';
import type { OptionValues } from '../options/index.js';

/** Well above the ten minutes a person may take to come back to an agent's question. */
export const DEFAULT_PARK_TTL_MS = 3_600_000;
/** setTimeout's largest delay (about 24.8 days). */
const MAX_TTL_MS = 2_147_483_647;
const PARKABLE: ReadonlySet<string> = new Set(['call', 'prompt', 'read']);
const UNIT_MS: Record<string, number> = { '': 1_000, s: 1_000, m: 60_000, h: 3_600_000 };

export interface ParkArgs {
  readonly park: boolean;
  readonly parkTtlMs: number;
  readonly done: boolean;
  /** answer --paste-back: the address a parked sign-in's browser ended on comes on stdin. */
  readonly pasteBack: boolean;
  /** `--notify` was given: with --park, each question that parks is announced (P-13). */
  readonly notifyGiven: boolean;
}

/** A command run without any parking flag. */
export const NO_PARK: ParkArgs = {
  park: false,
  parkTtlMs: DEFAULT_PARK_TTL_MS,
  done: false,
  pasteBack: false,
  notifyGiven: false,
};

export function parkArgs(v: OptionValues, command: CommandName, scripted: boolean): ParkArgs {
  if (v.park && !PARKABLE.has(command))
    throw new ElicitError('usage', '--park only applies to call, prompt and read');
  if (v.park && scripted)
    throw new ElicitError(
      'usage',
      '--park asks later; it cannot be combined with --ui or the scripted flags (--answers, --set, --accept-defaults, ...)',
    );
  if (v['park-ttl'] !== undefined && !v.park) throw new ElicitError('usage', '--park-ttl needs --park');
  if (v.done && command !== 'answer') throw new ElicitError('usage', '--done only applies to answer');
  if (v['paste-back'] && command !== 'answer')
    throw new ElicitError('usage', '--paste-back only applies to answer (a parked sign-in)');
  if (command === 'answer') answerUiArgs(v);
  return {
    park: !!v.park,
    parkTtlMs: v['park-ttl'] === undefined ? DEFAULT_PARK_TTL_MS : parseTtl(v['park-ttl']),
    done: !!v.done,
    pasteBack: !!v['paste-back'],
    notifyGiven: v.notify !== undefined,
  };
}

// answer --ui (P-12): a person answers in that front-end, so no answer may come from the flags too.
function answerUiArgs(v: OptionValues): void {
  if (v.ui === undefined) return;
  if (v.ui === 'scripted')
    throw new ElicitError(
      'usage',
      'answer --ui takes terminal, plain, browser or auto; a scripted answer is --set, --args, --accept-defaults, --done, --decline or --cancel',
    );
  if (v.done || v['paste-back'] || v.args !== undefined)
    throw new ElicitError(
      'usage',
      `answer --ui ${v.ui} asks a person; it cannot be combined with --set, --args, --accept-defaults, --done, --decline or --cancel`,
    );
}

/** MCP_ELICIT_PARK=1 parks a parkable command that was not told how to answer. */
export function parkFromEnv(command: string, uiExplicit: boolean, env: NodeJS.ProcessEnv): boolean {
  return env.MCP_ELICIT_PARK === '1' && PARKABLE.has(command) && !uiExplicit;
}

function parseTtl(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([smh]?)$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 1_000) : Number.NaN;
  if (!(ms >= 1_000 && ms <= MAX_TTL_MS))
    throw new ElicitError(
      'usage',
      `--park-ttl takes seconds, or a number with s, m or h, from 1s (got "${text}")`,
    );
  return Math.round(ms);
}
