// Paste-back (issue 34): when no browser can come back to this machine and there is no device
// grant, the person signs in in a browser anywhere and pastes the address it ended on (the
// 127.0.0.1 page that failed to load). The pasted address gets the listener's own check
// (callback-check.ts); a refused one is said and asked again, the sign-in kept. The listener
// still waits too: whichever answers first wins, and the other is dropped.
import { ElicitError } from '../contracts/elicit-error.js';
import type { LinePrompt, Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import { type CallbackExpectation, checkCallback } from './callback-check.js';
import type { Callback } from './callback-listener.js';

/** What reading a pasted address needs. */
export interface PasteBackOptions {
  /** Reads the line (its `readLine`). */
  readonly renderer: Renderer;
  readonly server: ServerIdentity;
  /** The sign-in page to open elsewhere (already analysed and consented to). */
  readonly signInUrl: string;
  /** This sign-in's redirect URI: the address pasted must be on it. */
  readonly redirectUrl: string;
  readonly expected: CallbackExpectation;
  /** Aborted when the sign-in ends another way. */
  readonly signal: AbortSignal;
}

/** The one-line notice when paste-back is chosen by itself (as the device flow says so). */
export const PASTE_BACK_NOTICE =
  'No browser can come back to this machine and the authorization server offers no device code: sign in in a browser anywhere, then paste back the address it ends on.';

const ASK =
  'Open this address in a browser on any machine and sign in. The browser then ends on a page at 127.0.0.1 that does not load: copy that page’s whole address from the address bar and paste it here, then press Enter. Ctrl-C stops the sign-in.';

/** The first of the listener's callback and a pasted address that passes the check. */
export async function listenerOrPaste(waiting: Promise<Callback>, o: PasteBackOptions): Promise<Callback> {
  const reading = new AbortController();
  const onOuter = () => reading.abort();
  o.signal.addEventListener('abort', onOuter, { once: true });
  try {
    const pasted = readPastedAddress({ ...o, signal: reading.signal }).then(
      (params): Promise<Callback> | Callback =>
        params === undefined ? new Promise<never>(() => {}) : { params, respond: () => {} },
    );
    return await Promise.race([waiting, pasted]);
  } finally {
    // The listener won (or the sign-in ended): the paste prompt goes away without a word.
    reading.abort();
    o.signal.removeEventListener('abort', onOuter);
  }
}

/**
 * Asks for the address until one passes the check; undefined when `signal` ended the asking.
 * Ctrl-C and the end of input stop the sign-in.
 */
export async function readPastedAddress(o: PasteBackOptions): Promise<URLSearchParams | undefined> {
  const readLine = o.renderer.readLine?.bind(o.renderer);
  if (readLine === undefined) return undefined;
  let prompt: LinePrompt = { server: o.server, message: ASK, address: o.signInUrl };
  for (;;) {
    const answer = await readLine(prompt, o.signal);
    if (answer.kind === 'aborted') return undefined;
    if (answer.kind !== 'line') throw stopped(answer.kind, o.server);
    const checked = checkPastedAddress(answer.text, o.redirectUrl, o.expected);
    if (checked.ok) return checked.params;
    prompt = {
      server: o.server,
      message: 'Paste the address again, or press Ctrl-C to stop.',
      problem: checked.reason,
    };
  }
}

// Ctrl-C is reported as an interrupt by the CLI; Esc, Ctrl-D or the end of input stop it as a "no".
function stopped(kind: 'interrupted' | 'closed', server: ServerIdentity): ElicitError {
  if (kind === 'interrupted') return new ElicitError('sign-in-failed', 'the sign-in was cancelled (Ctrl-C)');
  return new ElicitError(
    'sign-in-required',
    `${server.label} needs a sign-in, and the paste-back was stopped before an address was given; nothing was stored`,
  );
}

/** A pasted address given the listener's own check; `reason` is said to the person, who may paste again. */
export function checkPastedAddress(
  text: string,
  redirectUrl: string,
  expected: CallbackExpectation,
): { ok: true; params: URLSearchParams } | { ok: false; reason: string } {
  let address: URL;
  try {
    address = new URL(text.trim());
  } catch {
    return {
      ok: false,
      reason: 'Not accepted: that is not a web address; paste the whole address, starting with http://.',
    };
  }
  const verdict = checkCallback(address, redirectUrl, expected);
  return verdict.ok ? verdict : { ok: false, reason: `Not accepted: ${verdict.reason}.` };
}
