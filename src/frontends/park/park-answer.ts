// What an out-of-band answer to a parked question is, and what checking it comes to: shared by the
// parking front-end and the checks of each kind of question (form, URL step, sign-in).

/** An out-of-band answer: values for a form, `done` for a URL step, or an explicit decline or cancel. */
export type ParkAnswer =
  | {
      /** Accept a form with these values over its defaults. */
      readonly action: 'accept';
      /** `--set` style text, typed by each field as the scripted front-end types it. */
      readonly sets?: Readonly<Record<string, string>>;
      /** Typed values (`--args`), over the sets and the defaults. */
      readonly content?: Readonly<Record<string, unknown>>;
      /** `content` is the whole answer (a form filled in a front-end, P-12): no defaults under it. */
      readonly exact?: boolean;
    }
  | {
      /** URL mode: the person visited the page and finished there. */
      readonly action: 'done';
    }
  | {
      /** The person said no. */
      readonly action: 'decline';
    }
  | {
      /** The question is withdrawn: the server is told cancel (a sign-in stops). */
      readonly action: 'cancel';
      /** Why, when the park itself withdraws it rather than the person's `--cancel`. */
      readonly why?: string;
    }
  | {
      /** A parked sign-in: the address the browser ended on (it holds a code: never shown or kept). */
      readonly action: 'paste-back';
      /** The whole address, as pasted: checked by the sign-in (redirect URI, state, iss). */
      readonly address: string;
    };

/** Why an answer was not taken: no such question waiting, an answer that does not fit, or the wrong kind for the question. */
export type ParkRefusal = 'unknown' | 'invalid' | 'wrong-mode';

/** An answer checked: the value to settle with, a `done` that leaves a sign-in waiting, or a refusal. */
export type Checked<T> =
  | { ok: true; value: T }
  | { ok: true; waits: true }
  | { ok: false; code: ParkRefusal; message: string };
