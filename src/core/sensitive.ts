// Heuristic flag for form fields that look like they ask for secrets (spec S-01, S-28: servers
// MUST NOT request passwords, API keys, access tokens or payment credentials in form mode).
// S-03 narrows "sensitive" to secrets and credentials that grant access or authorise
// transactions, so ordinary personal data (name, email, username, passport, address) is not
// flagged. Only text and number fields can carry a secret; yes/no and choices never do.
import type { Field, FieldValue, FormContent } from './form-model.js';
import { setOwn } from './own-property.js';

export type SensitiveKind = 'password' | 'api-key' | 'token' | 'secret' | 'card-number' | 'card-code';

export interface SensitiveMatch {
  readonly kind: SensitiveKind;
  /** A sentence a person can read, naming the rule. */
  readonly message: string;
}

const KIND_TEXT: Record<SensitiveKind, string> = {
  password: 'a password or PIN',
  'api-key': 'an API key',
  token: 'an access token',
  secret: 'a secret or private key',
  'card-number': 'a payment card number',
  'card-code': 'a card security code (CVV)',
};

/** Lower-case words of an identifier or sentence: camelCase, snake_case, kebab-case, spaces. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

const WORD_RULES: ReadonlyArray<readonly [SensitiveKind, ReadonlySet<string>]> = [
  ['password', new Set(['password', 'passwd', 'pwd', 'passphrase', 'passcode', 'pin', 'otp', 'totp'])],
  ['card-code', new Set(['cvv', 'cvv2', 'cvc', 'cvc2', 'csc'])],
  ['api-key', new Set(['apikey'])],
  ['token', new Set(['token', 'bearer', 'jwt'])],
  ['secret', new Set(['secret', 'secrets', 'credential', 'credentials', 'mnemonic'])],
];

// Adjacent word pairs (after words()): "api key", "access key", "card number", ...
const PAIR_RULES: ReadonlyArray<readonly [SensitiveKind, string, ReadonlySet<string>]> = [
  ['api-key', 'api', new Set(['key', 'keys'])],
  ['api-key', 'access', new Set(['key'])],
  ['secret', 'private', new Set(['key'])],
  ['secret', 'seed', new Set(['phrase'])],
  ['secret', 'recovery', new Set(['phrase', 'code', 'key'])],
  ['card-number', 'card', new Set(['number', 'no', 'num'])],
  ['card-number', 'credit', new Set(['card'])],
  ['card-number', 'debit', new Set(['card'])],
  ['card-code', 'security', new Set(['code'])],
  ['password', 'one', new Set(['time'])],
  ['password', 'verification', new Set(['code'])],
];

// Identifiers written as one word ("PASSWORD", "newpassword", "ccnumber", "apiKey" lower-cased).
const COMPACT_RULES: ReadonlyArray<readonly [SensitiveKind, RegExp]> = [
  ['password', /password(?!less)|passwd/],
  ['api-key', /apikey/],
  ['token', /(access|auth|refresh|bearer|session|api)token/],
  ['secret', /clientsecret|privatekey/],
  ['card-number', /(card|cc)(number|num)|creditcard/],
];

// "max_tokens", "token count": about counting LLM tokens, not credentials.
const TOKEN_COUNTING = new Set(['max', 'limit', 'count', 'budget', 'usage', 'length', 'tokens']);

// Short words that are only telling in a name or title, not inside a sentence.
const WEAK_IN_SENTENCES = new Set(['pin', 'otp', 'totp', 'pwd', 'jwt', 'bearer', 'csc']);

// A description that warns ("do not give us your PIN", server-everything's integer field) is the
// opposite of a request for a secret.
const NEGATION = new Set(['not', 'never', 'no', 'dont', 'don', 'without']);

function matchText(text: string, sentence = false): SensitiveKind | undefined {
  const list = words(text.replace(/['’]/g, ''));
  if (sentence && list.some((w) => NEGATION.has(w))) return undefined;
  for (const [kind, set] of WORD_RULES) {
    const hit = list.some((w) => set.has(w) && !(sentence && WEAK_IN_SENTENCES.has(w)));
    if (!hit) continue;
    if (kind === 'token' && list.some((w) => TOKEN_COUNTING.has(w))) continue;
    return kind;
  }
  for (let i = 0; i + 1 < list.length; i++) {
    const first = list[i] ?? '';
    const second = list[i + 1] ?? '';
    for (const [kind, head, tails] of PAIR_RULES) if (first === head && tails.has(second)) return kind;
  }
  const compact = list.join('');
  for (const [kind, pattern] of COMPACT_RULES) if (pattern.test(compact)) return kind;
  return undefined;
}

/** Each field's verdict: a repeated schema's model is cached, so each answer's report asks again of the same fields. */
const verdicts = new WeakMap<Field, SensitiveMatch | null>();

/** Why this field looks like it asks for a secret, or undefined when it does not. */
export function sensitiveReason(field: Field): SensitiveMatch | undefined {
  const known = verdicts.get(field);
  if (known !== undefined) return known ?? undefined;
  const verdict = judge(field);
  verdicts.set(field, verdict ?? null);
  return verdict;
}

function judge(field: Field): SensitiveMatch | undefined {
  if (field.kind !== 'text' && field.kind !== 'number') return undefined;
  if (field.secret) {
    return {
      kind: 'secret',
      message:
        'The server marks this field as secret (writeOnly or format "password"). The MCP spec forbids servers to request passwords or other secrets in a form; consider declining.', // S-01
    };
  }
  if (field.kind === 'text' && (field.format === 'email' || field.format === 'uri')) return undefined;
  const kind = matchText(field.name) ?? matchText(field.label) ?? matchText(field.description ?? '', true);
  if (kind === undefined) return undefined;
  return {
    kind,
    message: `This field looks like it asks for ${KIND_TEXT[kind]}. The MCP spec forbids servers to request such data in a form; consider declining.`, // S-01
  };
}

/** True when the field looks like it asks for a password, key, token, secret or card data. */
export function looksSensitive(field: Field): boolean {
  return sensitiveReason(field) !== undefined;
}

/**
 * What a report or a review shows instead of a secret-looking field's value: one mask for every
 * value and every front-end, so neither the value nor its length is shown back.
 */
export const SECRET_MASK = '********';

/** The mask for a secret-looking field that holds a value; undefined when the value is shown as is. */
export function maskedValue(field: Field, value: FieldValue | undefined): string | undefined {
  return value !== undefined && looksSensitive(field) ? SECRET_MASK : undefined;
}

/**
 * `content` for a report (`--json`, events): each field `looksSensitive` flags (the check that
 * warns in the form and keeps a value out of `--record`) has its value replaced by `SECRET_MASK`.
 */
export function maskSensitive(fields: readonly Field[], content: FormContent): FormContent {
  const secret = new Set(fields.filter(looksSensitive).map((field) => field.name));
  const masked: FormContent = {};
  for (const [name, value] of Object.entries(content))
    setOwn(masked, name, secret.has(name) ? SECRET_MASK : value);
  return masked;
}
