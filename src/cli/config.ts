// Reads the `mcpServers` JSON that Claude Desktop, Cursor and Claude Code users already keep
// (and VS Code's `servers` / `mcp.servers`), and resolves one entry to a stdio or HTTP target.
import type { SignInSettings } from '../auth/settings.js';
import { ElicitError } from '../contracts/elicit-error.js';
import { isRecord } from '../core/is-record.js';
import { setOwn } from '../core/own-property.js';
import { sanitizeText } from '../core/sanitize.js';
import { readCappedFile } from './capped-file.js';
import { parseOAuthEntry } from './config-oauth.js';
import { nearest } from './suggest.js';

export type ConfigTarget =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: URL; headers: Record<string, string>; oauth?: SignInSettings };

export async function loadServerFromConfig(
  file: string,
  name: string,
  env: NodeJS.ProcessEnv,
): Promise<ConfigTarget> {
  const servers = await readServers(file);
  // Own keys only: `__proto__` or `constructor` is a name like any other, not Object.prototype.
  if (!Object.hasOwn(servers, name)) {
    const known = Object.keys(servers);
    const guess = nearest(name, known);
    const hint = guess === undefined ? '' : ` (did you mean ${shown(guess)}?)`;
    // A near name is most likely a typo: name it first (exit 2, as for any config mistake).
    throw new ElicitError(
      'config',
      `no server "${shown(name)}" in ${file}${hint}; it has: ${known.length > 0 ? nameList(known, file) : '(none)'}`,
    );
  }
  return resolveEntry(servers[name], `${file}: server "${shown(name)}"`, env);
}

// A file with thousands of servers must not flood the terminal: the first few, then a count.
const LISTED_NAMES = 20;

/** Up to 20 names, then "and K more (mcp-elicit servers --config FILE lists them all)". */
export function nameList(names: readonly string[], file: string): string {
  const listed = names.slice(0, LISTED_NAMES).map(shown).join(', ');
  const more = names.length - LISTED_NAMES;
  return more > 0
    ? `${listed} and ${more} more (mcp-elicit servers --config ${file} lists them all)`
    : listed;
}

/** The server to use when `--server` is not given: the only one, else an error listing the names. */
export async function onlyServerName(file: string): Promise<string> {
  const names = Object.keys(await readServers(file));
  if (names.length === 1) return names[0] as string;
  throw new ElicitError(
    'usage',
    names.length === 0
      ? `${file} lists no servers`
      : `${file} has ${names.length} servers; choose one with --server <name>: ${nameList(names, file)}`,
  );
}

/** The file's server entries, unresolved (for `servers` and for choosing one). */
export async function readServers(file: string): Promise<Record<string, unknown>> {
  const text = await readCappedFile(file, 'config file', 'config');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // V8 quotes the text around the bad token: file text, cleaned like server text.
    const reason = sanitizeText((error as Error).message, { maxLength: 200 });
    throw new ElicitError('config', `config file ${file} is not valid JSON: ${reason}`);
  }
  const servers = findServers(json);
  if (!servers) {
    throw new ElicitError('config', `config file ${file} has no "mcpServers" (or "servers") object`);
  }
  return servers;
}

export function findServers(json: unknown): Record<string, unknown> | undefined {
  if (!isRecord(json)) return undefined;
  if (isRecord(json.mcpServers)) return json.mcpServers;
  if (isRecord(json.servers)) return json.servers; // VS Code .vscode/mcp.json
  if (isRecord(json.mcp) && isRecord(json.mcp.servers)) return json.mcp.servers; // VS Code settings.json
  return undefined;
}

function resolveEntry(entry: unknown, where: string, env: NodeJS.ProcessEnv): ConfigTarget {
  if (!isRecord(entry)) throw new ElicitError('config', `${where} must be an object`);
  const sub = (value: unknown, field: string): string => {
    if (typeof value !== 'string') throw new ElicitError('config', `${where}: "${field}" must be a string`);
    return substitute(value, env, `${where}: "${field}"`);
  };
  const type = entry.type === undefined ? undefined : sub(entry.type, 'type');
  const urlText = entry.url ?? entry.serverUrl;
  if (urlText !== undefined || type === 'http' || type === 'streamable-http' || type === 'sse') {
    if (type === 'sse') {
      throw new ElicitError(
        'config',
        `${where}: the legacy HTTP+SSE transport is not supported; use the server's Streamable HTTP endpoint`,
      );
    }
    const raw = sub(urlText, 'url');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ElicitError('config', `${where}: "url" is not a valid URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ElicitError('config', `${where}: "url" must be http: or https:`);
    }
    const oauth = parseOAuthEntry(entry.oauth, where);
    return {
      kind: 'http',
      url,
      headers: stringMap(entry.headers, 'headers', where, env),
      ...(oauth !== undefined && { oauth }),
    };
  }
  if (type !== undefined && type !== 'stdio')
    throw new ElicitError('config', `${where}: unknown "type" "${shown(type)}"`);
  // A stdio server takes its credentials from the environment, never a sign-in.
  if (entry.oauth !== undefined)
    throw new ElicitError('config', `${where}: "oauth" only applies to an HTTP server (one with a "url")`);
  const command = sub(entry.command, 'command');
  const args = entry.args === undefined ? [] : entry.args;
  if (!Array.isArray(args)) throw new ElicitError('config', `${where}: "args" must be an array of strings`);
  return {
    kind: 'stdio',
    command,
    args: args.map((a, i) => sub(a, `args[${i}]`)),
    env: stringMap(entry.env, 'env', where, env),
    ...(entry.cwd !== undefined && { cwd: sub(entry.cwd, 'cwd') }),
  };
}

function stringMap(
  value: unknown,
  field: string,
  where: string,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new ElicitError('config', `${where}: "${field}" must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string')
      throw new ElicitError('config', `${where}: "${field}.${shown(key)}" must be a string`);
    setOwn(out, key, substitute(v, env, `${where}: "${field}.${shown(key)}"`));
  }
  return out;
}

// `${VAR}`, `${VAR:-default}` (Claude Code) and `${env:VAR}` (VS Code). A missing variable without a
// default is an error rather than an empty string, so a server never starts with a blank secret.
function substitute(text: string, env: NodeJS.ProcessEnv, where: string): string {
  return text.replace(
    /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_m, name: string, fallback?: string) => {
      const value = env[name];
      if (value !== undefined) return value;
      if (fallback !== undefined) return fallback;
      throw new ElicitError('config', `${where} uses \${${name}}, which is not set in the environment`);
    },
  );
}

/** A name from a shared file in a message: it may carry terminal escapes, like server text. */
function shown(name: string): string {
  return sanitizeText(name, { maxLength: 80 });
}
