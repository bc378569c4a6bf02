// The value of each command-line option, from its text; a bad value is a usage error naming the
// option. args.ts decides which options go together.
import type { ProtocolChoice } from '../connect/connect.js';
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import { DEFAULT_REMIND_AFTER_MS, NOTIFY_CHOICES, type NotifyChoice } from '../core/attention.js';
import { setOwn } from '../core/own-property.js';

export const UI_CHOICES = ['auto', 'terminal', 'plain', 'browser', 'scripted'] as const;
/** --modes values (either mode alone, or both). */
export const MODE_CHOICES = ['form', 'url', 'form,url'] as const;
/** --protocol's names; a version (YYYY-MM-DD) is accepted too, the known ones offered for completion. */
export const PROTOCOL_CHOICES = [
  'auto',
  'legacy',
  'modern',
  '2025-11-25',
  '2025-06-18',
  '2026-07-28',
] as const;
/** proxy --elicit: who answers elicitations. */
export const ELICIT_CHOICES = ['auto', 'host', 'self'] as const;
export type UiChoice = (typeof UI_CHOICES)[number];
export type { ProtocolChoice } from '../connect/connect.js';

export function parseToolArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ElicitError('usage', `--args is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ElicitError('usage', '--args must be a JSON object, e.g. --args \'{"city":"Paris"}\'');
  }
  return value as Record<string, unknown>;
}

export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ElicitError('usage', `--url "${text}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ElicitError('usage', `--url must be http: or https:, got ${url.protocol}`);
  }
  return url;
}

export function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ElicitError('usage', `--header "${line}" must look like "Name: value"`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** `--allow-env A,B --allow-env C`: variable names, only with `--answers` (nothing else reads them). */
export function parseAllowEnv(items: readonly string[], answers: boolean): string[] {
  if (items.length > 0 && !answers)
    throw new ElicitError(
      'usage',
      '--allow-env names the variables an --answers file may read; give it with --answers',
    );
  const names = items.flatMap((item) => item.split(','));
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || name in Object.prototype)
      throw new ElicitError('usage', `--allow-env "${name}" is not an environment variable name`);
  }
  return [...new Set(names)];
}

export function parseSets(items: readonly string[]): Record<string, string> {
  const sets: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new ElicitError('usage', `--set "${item}" must look like field=value`);
    setOwn(sets, item.slice(0, eq), item.slice(eq + 1));
  }
  return sets;
}

export function parseUi(text: string | undefined): UiChoice | undefined {
  if (text === undefined) return undefined;
  if ((UI_CHOICES as readonly string[]).includes(text)) return text as UiChoice;
  throw new ElicitError('usage', `--ui must be one of ${UI_CHOICES.join(', ')} (got "${text}")`);
}

export function parseModes(text: string): ElicitationMode[] {
  const modes = [
    ...new Set(
      text
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  ];
  for (const mode of modes) {
    if (mode !== 'form' && mode !== 'url')
      throw new ElicitError('usage', `--modes takes form and/or url (got "${mode}")`);
  }
  if (modes.length === 0) throw new ElicitError('usage', '--modes needs at least one of form, url');
  return modes as ElicitationMode[];
}

export function parseProtocol(text: string | undefined): ProtocolChoice {
  if (text === undefined || text === 'auto') return { kind: 'auto' };
  if (text === 'legacy') return { kind: 'legacy' };
  if (text === 'modern') return { kind: 'modern', version: '2026-07-28' };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return text >= '2026-01-01' ? { kind: 'modern', version: text } : { kind: 'legacy', version: text };
  }
  throw new ElicitError(
    'usage',
    `--protocol must be auto, legacy, modern or a version like 2025-11-25 (got "${text}")`,
  );
}

export function parseTimeout(text: string | undefined): number {
  if (text === undefined) return 60_000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new ElicitError('usage', `--timeout takes a positive number of seconds (got "${text}")`);
  return Math.round(seconds * 1000);
}

const UNIT_MS: Record<string, number> = { '': 1_000, s: 1_000, m: 60_000, h: 3_600_000 };

/** --task-timeout <duration>: seconds, or a number with s, m or h ("90", "30m", "2h"). */
export function parseTaskTimeout(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([smh]?)$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 1_000) : Number.NaN;
  if (!(ms >= 1_000 && ms <= 2_147_483_647))
    throw new ElicitError(
      'usage',
      `--task-timeout takes a duration like 90s, 30m or 2h (1s to 596h; got "${text.slice(0, 40)}")`,
    );
  return Math.round(ms);
}

/** --task / --no-task: how tools whose task support is optional are called. */
export function parseTaskFlags(
  task: boolean | undefined,
  noTask: boolean | undefined,
): 'auto' | 'prefer' | 'never' {
  if (task && noTask) throw new ElicitError('usage', '--task and --no-task exclude each other');
  return task ? 'prefer' : noTask ? 'never' : 'auto';
}

export function parseAuditLog(text: string): string {
  if (text.trim() === '') throw new ElicitError('usage', '--audit-log needs a file name');
  return text;
}

export function parseRateLimit(text: string): number | false {
  if (text === 'off') return false;
  const perMinute = Number(text);
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new ElicitError(
      'usage',
      `--rate-limit takes a whole number of prompts per minute, or off (got "${text}")`,
    );
  return perMinute;
}

/** --notify: how a waiting prompt is announced. */
export function parseNotify(text: string | undefined): NotifyChoice {
  if (text === undefined) return 'auto';
  const choice = NOTIFY_CHOICES.find((word) => word === text);
  if (choice === undefined)
    throw new ElicitError('usage', `--notify must be ${NOTIFY_CHOICES.join(', ')} (got "${text}")`);
  return choice;
}

/** --remind: seconds between reminders of an unanswered prompt, or off. */
export function parseRemind(text: string | undefined): number | false {
  if (text === undefined) return DEFAULT_REMIND_AFTER_MS;
  if (text === 'off') return false;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400)
    throw new ElicitError(
      'usage',
      `--remind takes seconds between reminders (1 to 86400), or off (got "${text}")`,
    );
  return Math.round(seconds * 1000);
}

/** proxy --keep-alive: seconds between keep-alives of a host request waiting on a person, or off. */
export function parseKeepAlive(text: string): number | false {
  return secondsOrOff(text, '--keep-alive', 3_600);
}

/** `off` (false), or seconds from 0.05 to `max` as ms; anything else a usage error naming `flag`. */
export function secondsOrOff(text: string, flag: string, max: number): number | false {
  if (text === 'off') return false;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < 0.05 || seconds > max)
    throw new ElicitError('usage', `${flag} takes seconds (0.05 to ${max}), or off (got "${text}")`);
  return Math.round(seconds * 1000);
}
