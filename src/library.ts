// The library's front door for attachElicitation: the adapter, with the system browser as the
// default opener and, when asked, notices for prompts that wait for the person. The adapter itself
// spawns nothing (a proxy or a test injects its own opener).
import type { Client } from '@modelcontextprotocol/client';
import type { AttentionSink } from './core/attention.js';
import {
  attentionSchedule,
  type NotifyChoice,
  type SignalStream,
  withAttention,
} from './frontends/attention/index.js';
import { createSystemOpener } from './frontends/open-url.js';
import {
  type AttachOptions,
  attachElicitation as attachAdapter,
  type ElicitationSession,
} from './mcp/attach.js';

/** `attachElicitation`'s options: the adapter's, plus how a waiting prompt is announced. */
export interface LibraryAttachOptions extends AttachOptions {
  /**
   * Announce each prompt an interactive renderer shows (issue 23): `bell` writes the terminal's
   * bell and OSC 9/777 to `notifyTerminal`, `desktop` uses notify-send/osascript, `auto` both.
   * Default `off`: a library writes nothing of its own unless asked.
   */
  readonly notify?: NotifyChoice;
  /** Where the terminal signals go (the stream the renderer draws on); ignored unless it is a TTY. */
  readonly notifyTerminal?: SignalStream;
  /** Your own notifier (a chat message, a push service), called with the same once-then-remind timing. */
  readonly onPromptWaiting?: AttentionSink;
  /** Interval of reminders while a prompt stays unanswered (default 3 minutes, at most 3); false: none. */
  readonly remindAfterMs?: number | false;
}

/**
 * Gives an SDK `Client` complete elicitation (see `mcp/attach.ts`). Without an `opener`, consented
 * URL-mode pages open the renderer's own way (the browser front-end: the person's click), else
 * with `BROWSER` or the system browser (C-27).
 */
export function attachElicitation(client: Client, options: LibraryAttachOptions): ElicitationSession {
  const { notify, notifyTerminal, onPromptWaiting, remindAfterMs, ...adapter } = options;
  const opener = adapter.opener ?? adapter.renderer.opener ?? createSystemOpener();
  const schedule = attentionSchedule(
    notify ?? 'off',
    {
      env: process.env,
      ...(notifyTerminal !== undefined && { terminal: notifyTerminal }),
      ...(onPromptWaiting !== undefined && { onPromptWaiting }),
    },
    remindAfterMs === undefined ? {} : { remindAfterMs },
  );
  return attachAdapter(client, { ...adapter, opener, renderer: withAttention(adapter.renderer, schedule) });
}
