// The proxy options `--print-config` keeps in the printed entry, rebuilt from what was parsed, so
// the entry pasted for a headless agent answers as the command line said (issue 21). File names
// become absolute: a host starts the proxy in a folder of its own.
import { resolve } from 'node:path';
import type { CliArgs } from './args.js';

export function proxyOptionWords(args: CliArgs, cwd: string = process.cwd()): string[] {
  const words: string[] = [];
  const add = (...more: string[]) => words.push(...more);
  if (args.elicit !== undefined) add('--elicit', args.elicit);
  // The scripted flags imply --ui scripted; an explicit --ui is kept otherwise.
  if (args.uiExplicit && !(args.ui === 'scripted' && impliesScripted(args))) add('--ui', args.ui);
  if (args.answersFile !== undefined) add('--answers', resolve(cwd, args.answersFile));
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
