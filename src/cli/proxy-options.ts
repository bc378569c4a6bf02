// The proxy options `--print-config` keeps in the printed entry, rebuilt from what was parsed, so
// the entry pasted for a headless agent answers as the command line said (issue 21): every option
// that changes what the proxy does is carried, or refused by name (issue 35). File names become
// absolute: a host starts the proxy in a folder of its own.
import { resolve } from 'node:path';
import { ElicitError } from '../contracts/elicit-error.js';
import { DEFAULT_REMIND_AFTER_MS } from '../core/attention.js';
import type { CliArgs } from './args.js';

/** The proxy's options as words for the printed entry (`--env` values go in its `env`, not here). */
export function proxyOptionWords(args: CliArgs, cwd: string = process.cwd()): string[] {
  refuseUncarried(args);
  return [...answerWords(args, cwd), ...runWords(args)];
}

/** Options that make no sense in an entry a host starts over stdio, named. */
function refuseUncarried(args: CliArgs): void {
  const named = [
    args.listen !== undefined && '--listen',
    args.tokenFile !== undefined && '--token-file',
    args.noToken === true && '--no-token',
    args.sessionIdleMs !== undefined && '--session-idle',
    args.oauth !== undefined && 'the sign-in options',
  ].filter((name): name is string => typeof name === 'string');
  if (named.length > 0)
    throw new ElicitError(
      'usage',
      `proxy --print-config cannot carry these into a host's entry (leave them out): ${named.join(', ')}`,
    );
}

/** How the server is reached and how long it may take: environment, era, timeouts, tasks, output. */
function runWords(args: CliArgs): string[] {
  const words: string[] = [];
  const add = (...more: string[]) => words.push(...more);
  for (const pattern of args.serverEnv?.pass ?? []) add('--pass-env', pattern);
  const protocol = args.protocol;
  if (protocol.kind !== 'auto') add('--protocol', protocol.version ?? protocol.kind);
  if (!args.eraCache) add('--no-era-cache');
  if (args.timeoutMs !== 60_000) add('--timeout', String(args.timeoutMs / 1000));
  if (args.taskTimeoutMs !== undefined) add('--task-timeout', `${args.taskTimeoutMs / 1000}s`);
  if (args.task === 'prefer') add('--task');
  if (args.task === 'never') add('--no-task');
  if (args.notify !== 'auto') add('--notify', args.notify);
  if (args.remindAfterMs !== DEFAULT_REMIND_AFTER_MS)
    add('--remind', args.remindAfterMs === false ? 'off' : String(args.remindAfterMs / 1000));
  if (args.verbose) add('--verbose');
  if (args.logLevel !== undefined) add('--log-level', args.logLevel);
  return words;
}

/** Who answers and how: `--elicit`, `--ui`, the answer flags, keep-alive, audit and record files. */
function answerWords(args: CliArgs, cwd: string): string[] {
  const words: string[] = [];
  const add = (...more: string[]) => words.push(...more);
  if (args.elicit !== undefined) add('--elicit', args.elicit);
  // The scripted flags imply --ui scripted; an explicit --ui is kept otherwise.
  if (args.uiExplicit && !(args.ui === 'scripted' && impliesScripted(args))) add('--ui', args.ui);
  if (args.answersFile !== undefined) add('--answers', resolve(cwd, args.answersFile));
  for (const name of args.allowEnv) add('--allow-env', name);
  for (const [key, value] of Object.entries(args.sets)) add('--set', `${key}=${value}`);
  if (args.acceptDefaults) add('--accept-defaults');
  if (args.decline) add('--decline');
  if (args.cancel) add('--cancel');
  if (args.openUrls) add('--open-urls');
  if (args.allowDeceptiveUrls) add('--allow-deceptive-urls');
  if (args.modes !== undefined) add('--modes', args.modes.join(','));
  if (args.rateLimit !== undefined)
    add('--rate-limit', args.rateLimit === false ? 'off' : String(args.rateLimit));
  if (args.keepAliveMs !== undefined)
    add('--keep-alive', args.keepAliveMs === false ? 'off' : String(args.keepAliveMs / 1000));
  if (args.auditLog !== undefined) add('--audit-log', resolve(cwd, args.auditLog));
  if (args.recordFile !== undefined) add('--record', resolve(cwd, args.recordFile));
  return words;
}

function impliesScripted(args: CliArgs): boolean {
  return (
    args.answersFile !== undefined ||
    Object.keys(args.sets).length > 0 ||
    args.acceptDefaults ||
    args.decline ||
    args.cancel ||
    args.openUrls ||
    args.allowDeceptiveUrls
  );
}
