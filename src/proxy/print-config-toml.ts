// `proxy --print-config --print-config-format codex`: the same entry in Codex's `config.toml` shape
// (`[mcp_servers.<name>]` with command, args, cwd, and its `env` table).
import { isRecord } from '../core/is-record.js';

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

/** A TOML basic string: `\\`, `\"`, and every control character (and DEL) as `\uXXXX` (TOML 1.0). */
function tomlString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === '"') out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    // A lone surrogate is no Unicode scalar value, which TOML cannot hold.
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\ufffd';
    else out += char;
  }
  return `${out}"`;
}

/** A key as written when it is bare (`A-Za-z0-9_-`), else quoted. */
function tomlKey(key: string): string {
  return BARE_KEY.test(key) ? key : tomlString(key);
}

/**
 * @param entry the entry `proxiedEntry` made (command and args of this mcp-elicit, env as written)
 * Keys of other hosts (`type`, `disabled`, ...) are left out: Codex reads only its own.
 */
export function codexToml(name: string, entry: Readonly<Record<string, unknown>>): string {
  const table = `mcp_servers.${tomlKey(name)}`;
  const args = Array.isArray(entry.args) ? entry.args.map((arg) => tomlString(String(arg))) : [];
  const lines = [
    `[${table}]`,
    `command = ${tomlString(String(entry.command))}`,
    `args = [${args.join(', ')}]`,
  ];
  if (typeof entry.cwd === 'string') lines.push(`cwd = ${tomlString(entry.cwd)}`);
  const env = Object.entries(isRecord(entry.env) ? entry.env : {});
  if (env.length > 0) {
    lines.push('', `[${table}.env]`);
    for (const [key, value] of env) lines.push(`${tomlKey(key)} = ${tomlString(String(value))}`);
  }
  return `${lines.join('\n')}\n`;
}
