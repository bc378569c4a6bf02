// Where sign-in state lives: a private folder under the user's state folder (XDG Base Directory),
// never the cache folder (tokens must not be lost to a cache clean, nor kept with the era cache).
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** $MCP_ELICIT_AUTH_DIR, else $XDG_STATE_HOME/mcp-elicit/auth, else ~/.local/state/mcp-elicit/auth. */
export function authStoreDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.MCP_ELICIT_AUTH_DIR) return env.MCP_ELICIT_AUTH_DIR;
  // A relative XDG_STATE_HOME is invalid and must be ignored (XDG Base Directory).
  const xdg = env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : undefined;
  return join(xdg ?? join(homedir(), '.local', 'state'), 'mcp-elicit', 'auth');
}
