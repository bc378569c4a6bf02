// What a parked question says about itself, built from the prompt the adapter handed the renderer:
// plain data (no functions) so it can be printed, written to the parked store and sent to another
// process. Every string from the server is cleaned here, once (H-07: server text is untrusted).
import type { FormPrompt, PromptContext, UrlPrompt } from '../../contracts/renderer.js';
import type { SignInPrompt } from '../../contracts/sign-in-park.js';
import type { Field } from '../../core/form-model.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { UrlAnalysis } from '../../core/url-safety.js';

/** One field of a parked form, as an agent relays it to a person. */
export interface ParkedField {
  /** The key its value is sent under (`--set name=value`). */
  readonly name: string;
  /** What a person reads (the schema's `title`, else the name). */
  readonly title: string;
  /** `string`, `number`, `integer`, `boolean`, `choice` (pick one) or `choices` (pick several). */
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';
  /** The form cannot be accepted without it. */
  readonly required: boolean;
  /** The server's suggested value, used by `--accept-defaults`. */
  readonly default?: string | number | boolean | readonly string[];
  /** The choices of a `choice` or `choices` field. */
  readonly options?: readonly ParkedOption[];
  /** `email`, `uri`, `date` or `date-time`. */
  readonly format?: string;
  /** minLength, maxLength, minimum, maximum, pattern, ... as the schema gave them. */
  readonly limits?: Readonly<Record<string, number | string | boolean>>;
  /** The schema's `description`. */
  readonly description?: string;
  /** The schema marks the value as secret: never echo it. */
  readonly secret?: true;
}

/** One choice of a parked `choice` or `choices` field. */
export interface ParkedOption {
  /** What is sent. */
  readonly value: string;
  /** What a person reads. */
  readonly label: string;
}

/** A question waiting for an out-of-band answer; every string in it was cleaned of control text. */
export interface ParkedQuestion {
  /** Unguessable (128 random bits, hex: never read as an option). */
  readonly id: string;
  /** `form`: answer with values; `url`: the person visits `url`, then `done`; `sign-in`: signs in at `url`. */
  readonly mode: 'form' | 'url' | 'sign-in';
  /** The server's label. */
  readonly server: string;
  /** The request that asked: `tools/call` and the tool name, or a prompt or resource request. */
  readonly request?: {
    /** `tools/call`, `prompts/get` or `resources/read`. */
    readonly method: string;
    /** The tool or prompt name, or the resource URI. */
    readonly name?: string;
  };
  /** The protocol era of the connection (`2025-11-25` or `2026-07-28`). */
  readonly era: string;
  /** The server's message (its words, not the agent's). */
  readonly message: string;
  /** Form mode: every field. */
  readonly fields: readonly ParkedField[];
  /** URL mode: the address to visit, as the safety check serialised it. */
  readonly url?: string;
  /** URL mode: the site a person should recognise (Unicode form). */
  readonly site?: string;
  /** URL mode: the site as the browser visits it (`xn--` form for look-alike domains). */
  readonly siteAscii?: string;
  /** URL mode: what the safety check found, in words. */
  readonly warnings: readonly string[];
  /** Epoch ms. */
  readonly parkedAt: number;
  /** Sign-in: `authorization-code` (a browser comes back, or its address is pasted) or `device`. */
  readonly flow?: 'authorization-code' | 'device';
  /** Device flow: where to enter the code. */
  readonly verificationUri?: string;
  /** Device flow: the address that fills the code in, when given. */
  readonly verificationUriComplete?: string;
  /** Device flow: the code to enter (RFC 8628 §3.3: always shown). */
  readonly userCode?: string;
  /** Epoch ms it cannot outlive (a device code's expires_in), whatever --park-ttl says. */
  readonly expiresBy?: number;
}

const TEXT_MAX = 2000;

function clean(text: string, max = 200): string {
  return sanitizeText(text, { maxLength: max });
}

export function formQuestion(
  id: string,
  prompt: FormPrompt,
  ctx: PromptContext,
  now: number,
): ParkedQuestion {
  return {
    ...common(id, ctx, now),
    mode: 'form',
    message: sanitizeText(prompt.message, { maxLength: TEXT_MAX, multiline: true }),
    fields: prompt.model.fields.map(describeField),
    warnings: [],
  };
}

export function urlQuestion(id: string, prompt: UrlPrompt, ctx: PromptContext, now: number): ParkedQuestion {
  return {
    ...common(id, ctx, now),
    mode: 'url',
    message: sanitizeText(prompt.message, { maxLength: TEXT_MAX, multiline: true }),
    fields: [],
    ...pageFacts(prompt.analysis, prompt.url),
  };
}

/** A parked sign-in: the page (analysed as a URL step's), and for the device flow the code. */
export function signInQuestion(
  id: string,
  prompt: SignInPrompt,
  ctx: PromptContext,
  now: number,
): ParkedQuestion {
  const device = prompt.device;
  return {
    ...common(id, ctx, now),
    mode: 'sign-in',
    message: sanitizeText(prompt.message, { maxLength: TEXT_MAX, multiline: true }),
    fields: [],
    ...pageFacts(prompt.analysis, prompt.analysis.href),
    flow: device === undefined ? 'authorization-code' : 'device',
    ...(device !== undefined && {
      verificationUri: clean(device.verificationUri, TEXT_MAX),
      ...(device.verificationUriComplete !== undefined && {
        verificationUriComplete: clean(device.verificationUriComplete, TEXT_MAX),
      }),
      userCode: clean(device.userCode, 64),
      expiresBy: device.expiresAt,
    }),
  };
}

// The address, its site in both forms and what the safety check found: the same for every page.
function pageFacts(analysis: UrlAnalysis, given: string) {
  return {
    url: clean(analysis.href || given, TEXT_MAX),
    site: clean(analysis.registrableDomain ?? analysis.unicodeHost),
    siteAscii: clean(analysis.registrableDomainAscii ?? analysis.asciiHost),
    warnings: [
      ...(analysis.allowed ? [] : [`refused: ${clean(analysis.refusal ?? 'not allowed', 300)}`]),
      ...analysis.warnings.map((warning) => clean(warning.message, 300)),
    ],
  };
}

function common(id: string, ctx: PromptContext, now: number) {
  return {
    id,
    server: clean(ctx.server.label, 100),
    ...(ctx.request && {
      request: {
        method: clean(ctx.request.method, 40),
        ...(ctx.request.name !== undefined && { name: clean(ctx.request.name) }),
      },
    }),
    era: ctx.era,
    parkedAt: now,
  };
}

function describeField(field: Field): ParkedField {
  const base = {
    name: clean(field.name, 100),
    title: clean(field.label),
    required: field.required,
    ...(field.description !== undefined && { description: clean(field.description, 500) }),
    ...(field.secret && { secret: true as const }),
  };
  switch (field.kind) {
    case 'text':
      return {
        ...base,
        type: 'string',
        ...(field.default !== undefined && { default: clean(field.default, TEXT_MAX) }),
        ...(field.format !== undefined && { format: field.format }),
        ...limits({ minLength: field.minLength, maxLength: field.maxLength, pattern: field.pattern }),
      };
    case 'number':
      return {
        ...base,
        type: field.integer ? 'integer' : 'number',
        ...(field.default !== undefined && { default: field.default }),
        ...limits({
          minimum: field.minimum,
          maximum: field.maximum,
          exclusiveMinimum: field.exclusiveMinimum,
          exclusiveMaximum: field.exclusiveMaximum,
          multipleOf: field.multipleOf,
        }),
      };
    case 'boolean':
      return {
        ...base,
        type: 'boolean',
        ...(field.default !== undefined && { default: field.default }),
        ...limits({ const: field.const }),
      };
    case 'single-select':
      return {
        ...base,
        type: 'choice',
        options: field.options.map(cleanOption),
        ...(field.default !== undefined && { default: clean(field.default) }),
      };
    case 'multi-select':
      return {
        ...base,
        type: 'choices',
        options: field.options.map(cleanOption),
        ...(field.default !== undefined && { default: field.default.map((value) => clean(value)) }),
        ...limits({ minItems: field.minItems, maxItems: field.maxItems }),
      };
  }
}

function cleanOption(option: { value: string; label: string }): ParkedOption {
  return { value: clean(option.value), label: clean(option.label) };
}

function limits(
  given: Record<string, number | string | boolean | undefined>,
): { limits: Record<string, number | string | boolean> } | Record<string, never> {
  const kept: Record<string, number | string | boolean> = {};
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) kept[key] = typeof value === 'string' ? clean(value, 500) : value;
  }
  return Object.keys(kept).length > 0 ? { limits: kept } : {};
}
