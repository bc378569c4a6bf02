// The library's front door for attachElicitation: the adapter, with the system browser as the
// default opener. The adapter itself spawns nothing (a proxy or a test injects its own opener).
import type { Client } from '@modelcontextprotocol/client';
import { createSystemOpener } from './frontends/open-url.js';
import {
  type AttachOptions,
  attachElicitation as attachAdapter,
  type ElicitationSession,
} from './mcp/attach.js';

/**
 * Gives an SDK `Client` complete elicitation (see `mcp/attach.ts`). Without an `opener`, consented
 * URL-mode pages open the renderer's own way (the browser front-end: the person's click), else
 * with `BROWSER` or the system browser (C-27).
 */
export function attachElicitation(client: Client, options: AttachOptions): ElicitationSession {
  const opener = options.opener ?? options.renderer.opener ?? createSystemOpener();
  return attachAdapter(client, { ...options, opener });
}
