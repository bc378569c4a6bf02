// What a stdio server started by the CLI may see of the caller's environment. Like the SDK and the
// desktop hosts: a small safe set, plus the config entry's `env`, plus what the user names on the
// command line. The whole environment (tokens for unrelated services included) only on request.
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio';
import { ElicitError } from '../contracts/elicit-error.js';
import { setOwn } from '../core/own-property.js';
import { sanitizeText } from '../core/sanitize.js';

/** `--env` values and `--pass-env` patterns as given on the command line. */
export interface ServerEnvOptions {
  readonly set: Readonly<Record<string, string>>;
  /** `*` matches any run of characters, so `*` alone passes the whole environment. */
  readonly pass: readonly string[];
}

export interface ServerEnvRequest extends ServerEnvOptions {
  /** `env` of the config entry (already substituted). */
  readonly configEnv: Readonly<Record<string, string>>;
}

export interface ServerEnv {
  readonly env: Record<string, string>;
  /** Patterns that matched no variable of the caller, so the user hears of them. */
  readonly unmatched: readonly string[];
}

const WINDOWS = process.platform === 'win32';

/**
 * Inherited values first (the safe set, then what `--pass-env` names), explicit values over them
 * (the config entry's `env`, then `--env`): `--pass-env '*'` never undoes a value the config sets.
 */
export function serverEnvironment(caller: NodeJS.ProcessEnv, request: ServerEnvRequest): ServerEnv {
  const env: Record<string, string> = {};
  for (const name of DEFAULT_INHERITED_ENV_VARS) {
    const value = lookup(caller, name);
    // Skipped as the SDK's getDefaultEnvironment does: a value starting "()" is an exported shell function.
    if (value !== undefined && !value.startsWith('()')) setOwn(env, name, value);
  }
  const unmatched: string[] = [];
  for (const pattern of request.pass) {
    const matcher = globMatcher(pattern);
    let matched = false;
    for (const [name, value] of Object.entries(caller)) {
      if (value === undefined || !matcher(name)) continue;
      setOwn(env, name, value);
      matched = true;
    }
    if (!matched) unmatched.push(pattern);
  }
  // Not Object.assign: it would set the prototype for a variable named `__proto__`.
  for (const [name, value] of [...Object.entries(request.configEnv), ...Object.entries(request.set)])
    setOwn(env, name, value);
  return { env, unmatched };
}

/** Checks `--env NAME=value` and `--pass-env PATTERN`; both make sense only for a stdio server. */
export function serverEnvOptions(
  values: { env?: string[]; 'pass-env'?: string[]; url?: string },
  command: string,
): ServerEnvOptions {
  const items = values.env ?? [];
  const pass = values['pass-env'] ?? [];
  if ((items.length > 0 || pass.length > 0) && (values.url !== undefined || command === 'demo')) {
    throw new ElicitError(
      'usage',
      '--env and --pass-env only apply to a stdio server (-- <command> or --config)',
    );
  }
  const set: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new ElicitError('usage', `--env "${item}" must look like NAME=value`);
    setOwn(set, item.slice(0, eq), item.slice(eq + 1));
  }
  for (const pattern of pass) {
    if (pattern === '' || pattern.includes('='))
      throw new ElicitError(
        'usage',
        `--pass-env "${pattern}" must be a variable name or a pattern like "AWS_*"; --env NAME=value sets a value`,
      );
  }
  return { set, pass };
}

/** One line for --verbose: which names the server gets, never their values. */
export function describeServerEnv(env: Readonly<Record<string, string>>): string {
  const names = Object.keys(env).sort();
  // A config file's `env` names the keys: file text, cleaned like server text.
  const shown = names
    .slice(0, 24)
    .map((name) => sanitizeText(name, { maxLength: 80 }))
    .join(', ');
  const more = names.length > 24 ? ` and ${names.length - 24} more` : '';
  return `server environment (names only): ${shown || '(empty)'}${more}`;
}

function lookup(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (!WINDOWS) return env[name];
  const key = Object.keys(env).find((k) => k.toUpperCase() === name.toUpperCase());
  return key === undefined ? undefined : env[key];
}

function globMatcher(pattern: string): (name: string) => boolean {
  if (!pattern.includes('*')) {
    return WINDOWS ? (name) => name.toUpperCase() === pattern.toUpperCase() : (name) => name === pattern;
  }
  // Runs of `*` collapse to one, so the expression stays linear enough for variable names.
  const source = pattern
    .replace(/\*+/g, '*')
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`, WINDOWS ? 'i' : '');
  return (name) => regex.test(name);
}
