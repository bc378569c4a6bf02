// What the page's controls post, as field values: each field is posted under `f<index>` (server-
// chosen property names never become HTML names), parsed by the engine's text parser, so a value
// that does not parse is reported in place and never silently dropped.
import type { Draft, Field, FieldValue, FormModel, TextField } from '../../core/form-model.js';
import type { FieldIssue } from '../../core/issues.js';
import { setOwn } from '../../core/own-property.js';
import { parseFieldInput } from '../../core/value-parse.js';

/** What a control holds: text as typed, or the ticked values of a checkbox group. */
export type RawValue = string | readonly string[];
export type RawValues = ReadonlyMap<string, RawValue>;

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

/** A value as its control shows it. */
export function rawFromValue(field: Field, value: FieldValue | undefined): RawValue {
  if (value === undefined) return field.kind === 'multi-select' ? [] : '';
  if (Array.isArray(value)) return [...value];
  return String(value);
}

export function rawFromDraft(model: FormModel, draft: Draft): Map<string, RawValue> {
  const raw = new Map<string, RawValue>();
  for (const field of model.fields) {
    raw.set(
      field.name,
      rawFromValue(field, Object.hasOwn(draft, field.name) ? draft[field.name] : undefined),
    );
  }
  return raw;
}

/** Reads the posted controls of the form page. */
export function readPosted(model: FormModel, body: URLSearchParams): Map<string, RawValue> {
  const raw = new Map<string, RawValue>();
  model.fields.forEach((field, index) => {
    const name = controlName(index);
    if (field.kind === 'multi-select') raw.set(field.name, body.getAll(name));
    else if (field.kind === 'boolean' && !field.required)
      raw.set(field.name, body.has(name) ? 'true' : 'false');
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

/** The draft the controls stand for, and the values that could not be read as their type. */
export function toDraft(model: FormModel, raw: RawValues): { draft: Draft; issues: FieldIssue[] } {
  const draft: Draft = {};
  const issues: FieldIssue[] = [];
  for (const field of model.fields) {
    const value = raw.get(field.name);
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      setOwn(draft, field.name, [...value]);
      continue;
    }
    if (field.kind === 'boolean') {
      if (value === 'true' || value === 'false') setOwn(draft, field.name, value === 'true');
      continue;
    }
    if (field.kind === 'single-select') {
      // The page sends option values exactly; anything else is reported by validation.
      if (value !== '') setOwn(draft, field.name, value);
      continue;
    }
    const parsed = parseFieldInput(field, value);
    if (!parsed.ok) issues.push({ field: field.name, code: 'type', message: parsed.message });
    else if (parsed.value !== undefined) setOwn(draft, field.name, parsed.value);
  }
  return { draft, issues };
}
