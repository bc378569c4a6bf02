// The CLI's cache folder, shared by the era cache and Node's compile cache.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** $MCP_ELICIT_CACHE_DIR, else $XDG_CACHE_HOME/mcp-elicit, else ~/.cache/mcp-elicit. */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  if (env.MCP_ELICIT_CACHE_DIR) return env.MCP_ELICIT_CACHE_DIR;
  // XDG Base Directory: a relative XDG_CACHE_HOME is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  return join(xdg ?? join(homedir(), '.cache'), 'mcp-elicit');
}
