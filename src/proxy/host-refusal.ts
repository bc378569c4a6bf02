// A host that cannot show a question (a headless `claude -p` or `codex exec`) refuses it at once.
// No person reads a question and answers it in under a second, so under `--elicit auto` such a
// refusal is not taken as the person's: the proxy's own front-end answers instead (H-32).
import type { ElicitResult } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';

/** Faster than this, a refusal is not a person's: reading even a one-line question takes longer. */
export const DEFAULT_READ_MS = 1_000;

const VARIABLE = 'MCP_ELICIT_HOST_READ_MS';

/** `MCP_ELICIT_HOST_READ_MS` overrides the bound (milliseconds; 0 keeps every refusal of the host). */
export function hostReadMs(env: NodeJS.ProcessEnv): number {
  const text = env[VARIABLE];
  if (text === undefined || text === '') return DEFAULT_READ_MS;
  const ms = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(ms))
    throw new ElicitError('usage', `${VARIABLE} must be a whole number of milliseconds (got "${text}")`);
  return ms;
}

/** The host's refusal, when it came back sooner than `readMs` after the question was put to it. */
export function instantRefusal(
  action: ElicitResult['action'],
  elapsedMs: number,
  readMs: number,
): 'decline' | 'cancel' | undefined {
  if (action === 'accept' || elapsedMs >= readMs) return undefined;
  return action;
}
