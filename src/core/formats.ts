// String formats of the elicitation schema (spec 2025 §2.3: email, uri, date, date-time), checked
// with ajv-formats' `fullFormats` rather than hand-written regexes (H-05). "full" mode is
// the RFC-exact one: date = RFC 3339 full-date (month/day/leap-year checked), date-time = RFC 3339
// with a mandatory offset or Z, uri = RFC 3986 absolute URI, email = RFC 5321-style mailbox.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { StringFormat } from './form-model.js';

type Predicate = (value: string) => boolean;

// Inputs longer than this are rejected without running the validators, so a pasted megabyte cannot
// make the email/uri regexes (which have nested quantifiers) do noticeable work.
const MAX_FORMAT_INPUT = 4096;

function toPredicate(format: unknown): Predicate {
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === 'function') return (value) => Boolean(format(value));
  if (typeof format === 'object' && format !== null && 'validate' in format) {
    return toPredicate((format as { validate: unknown }).validate);
  }
  // ajv-formats changed shape: fail closed rather than accept everything.
  return () => false;
}

const PREDICATES: Readonly<Record<StringFormat, Predicate>> = {
  email: toPredicate(fullFormats.email),
  uri: toPredicate(fullFormats.uri),
  date: toPredicate(fullFormats.date),
  'date-time': toPredicate(fullFormats['date-time']),
};

/** Formats a requestedSchema may use (spec 2025 §2.3). */
export const STRING_FORMATS: readonly StringFormat[] = ['email', 'uri', 'date', 'date-time'];

export function isStringFormat(value: unknown): value is StringFormat {
  return typeof value === 'string' && (STRING_FORMATS as readonly string[]).includes(value);
}

/** True when `value` is a valid instance of `format` (JSON Schema 2020-12 semantics). */
export function checkFormat(format: StringFormat, value: string): boolean {
  if (value.length > MAX_FORMAT_INPUT) return false;
  return PREDICATES[format](value);
}
