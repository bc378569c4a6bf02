// How a parked sign-in takes an answer: `done` leaves it waiting for the browser or the polling to
// finish it, an address pasted back is checked by the sign-in's own check (state, iss) and a
// refused one leaves it waiting, `cancel` (or `decline`) stops it. Values are the wrong kind.
import type { SignInPrompt } from '../../contracts/sign-in-park.js';
import type { Checked, ParkAnswer } from './park-answer.js';

/** How a parked sign-in ended: stopped by the park (the sign-in fails), or finished. */
export type SignInEnd = { readonly kind: 'stopped'; readonly detail: string } | { readonly kind: 'finished' };

const WRONG_KIND =
  'this question is a sign-in: sign in at its address, then answer --done (or --paste-back with the address the browser ended on, on stdin), or --cancel';

export function takeSignIn(prompt: SignInPrompt, answer: ParkAnswer): Checked<SignInEnd> {
  switch (answer.action) {
    case 'done':
      return { ok: true, waits: true };
    case 'cancel':
      return stopped(answer.why ?? 'the sign-in was cancelled (mcp-elicit answer --cancel)');
    case 'decline':
      return stopped('you declined to sign in (mcp-elicit answer --decline)');
    case 'accept':
      return { ok: false, code: 'wrong-mode', message: WRONG_KIND };
    case 'paste-back': {
      if (typeof answer.address !== 'string')
        return { ok: false, code: 'invalid', message: 'no address was given to paste back' };
      if (prompt.pasteBack === undefined)
        return {
          ok: false,
          code: 'wrong-mode',
          message:
            'this sign-in uses a device code: approve the code at its address, then answer --done; there is no address to paste back',
        };
      const verdict = prompt.pasteBack(answer.address);
      return verdict.ok
        ? { ok: true, value: { kind: 'finished' } }
        : { ok: false, code: 'invalid', message: verdict.reason };
    }
  }
}

function stopped(detail: string): Checked<SignInEnd> {
  return { ok: true, value: { kind: 'stopped', detail } };
}
