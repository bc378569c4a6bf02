// What the form page's controls post, per field: each field is posted under `f<index>` (server-
// chosen property names never become HTML names); the engine's FormSession parses the text.
import type { Field, TextField } from '../../core/form-model.js';
import type { FormSession } from '../../core/form-session.js';

/** What a control holds: text as typed, or the ticked values of a checkbox group. */
export type RawValue = string | readonly string[];

/** The date-time control is split in a local date and time plus an explicit time zone. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})$/i;

export const controlName = (index: number): string => `f${index}`;

export function isDateTime(field: Field): field is TextField {
  return field.kind === 'text' && field.format === 'date-time';
}

/** Splits a date-time for the local-time control and the time-zone select; undefined if it cannot. */
export function splitDateTime(value: string): { local: string; zone: string } | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  return { local: `${m[1]}T${m[2]}`, zone: m[3]?.toUpperCase() === 'Z' ? 'Z' : (m[3] ?? 'Z') };
}

/** Reads the posted controls of the form page, keyed by field name. */
export function readPosted(fields: readonly Field[], body: URLSearchParams): Map<string, RawValue> {
  const raw = new Map<string, RawValue>();
  fields.forEach((field, index) => {
    const name = controlName(index);
    if (field.kind === 'multi-select') raw.set(field.name, body.getAll(name));
    else raw.set(field.name, joinDateTime(field, body.get(name) ?? '', body.get(`${name}_tz`)));
  });
  return raw;
}

// A local time without seconds gets ":00", and the chosen zone is appended (RFC 3339 date-time).
function joinDateTime(field: Field, text: string, zone: string | null): string {
  if (!isDateTime(field) || zone === null || text.trim() === '') return text;
  const local = /T\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
  return `${local}${zone}`;
}

/** What a field's control shows: its text as typed, its choice, or its ticked options. */
export function controlValue(session: FormSession, name: string): RawValue {
  const field = session.field(name);
  const value = session.value(name);
  if (field?.kind === 'multi-select') return Array.isArray(value) ? value : [];
  if (field?.kind === 'boolean' || field?.kind === 'single-select')
    return value === undefined ? '' : String(value);
  return session.text(name);
}
