// A parked prompt as it travels to another process (P-12: `answer --ui` puts it in front of a
// person there): plain data, with the form's checker left behind and rebuilt from the same engine
// on arrival. The holder checks the answer again with its own checker before anything is sent.
import type { FormPrompt, UrlPrompt } from '../../contracts/renderer.js';
import type { Draft } from '../../core/form-model.js';
import { validateContent } from '../../core/validate.js';

/** A parked form or URL step as plain data (JSON): what a front-end in another process draws. */
export type PortablePrompt =
  | {
      /** Tells a form from a URL step. */
      readonly kind: 'form';
      /** The server's message (untrusted; sanitize before display). */
      readonly message: string;
      /** The form to ask. */
      readonly model: FormPrompt['model'];
      /** Pre-filled values: the defaults, then anything kept from an earlier try. */
      readonly initial: Draft;
      /** Fields whose initial value is the schema default. */
      readonly defaulted: readonly string[];
      /** True when `initial` holds what a person typed before. */
      readonly restored: boolean;
    }
  | UrlPrompt;

/** `prompt` as data; `kept` (what a person typed before leaving it) pre-fills the form again. */
export function toPortable(prompt: FormPrompt | UrlPrompt, kept?: Draft): PortablePrompt {
  if (prompt.kind === 'url') return prompt;
  const { message, model, initial, defaulted, restored } = prompt;
  if (kept === undefined)
    return { kind: 'form', message, model, initial, defaulted: [...defaulted], restored };
  return {
    kind: 'form',
    message,
    model,
    initial: { ...initial, ...kept },
    defaulted: [...defaulted].filter((name) => !Object.hasOwn(kept, name)),
    restored: true,
  };
}

/** The form prompt again, checked by the engine's own `validateContent`. */
export function fromPortable(prompt: PortablePrompt): FormPrompt | UrlPrompt {
  if (prompt.kind === 'url') return prompt;
  const { model } = prompt;
  return {
    ...prompt,
    defaulted: new Set(prompt.defaulted),
    validate: (draft) => validateContent(model, draft),
  };
}
