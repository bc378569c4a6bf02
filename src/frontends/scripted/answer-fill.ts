// Fills a scripted form: `--set` values first, then the entry's content over them, both over the
// defaults. A `{"$env": "NAME"}` value is read from the environment, only when the person allowed
// NAME (a shared file must not send their secrets under innocent field names), and parsed like a
// `--set`; a field the entry says must be supplied (a secret left out of a recording) that nothing
// supplies fails the answer, naming the field and both ways to give it.

import { isFieldValue } from '../../core/field-value.js';
import type { FormSession } from '../../core/form-session.js';
import { sanitizeText } from '../../core/sanitize.js';
import { parseFieldInput } from '../../core/value-parse.js';
import type { ScriptedAnswer } from './answers-file.js';
import { isEnvRef, readEnv } from './env-ref.js';

export interface FillSource {
  readonly sets: ReadonlyMap<string, string>;
  readonly content: Readonly<Record<string, unknown>>;
  readonly supply: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The variables `{"$env"}` values may read (`--allow-env`); any other fails the answer. */
  readonly allowEnv: ReadonlySet<string>;
  /** How the answer is named in messages: `answers[2]`, `defaults`. */
  readonly label: string;
  /** Told each variable read, by name (never its value), and the field it filled. */
  readonly onEnvRead?: (variable: string, field: string) => void;
}

/** Sets the session's fields; returns why the answer cannot be used, or undefined. */
export function fillForm(session: FormSession, source: FillSource): string | undefined {
  const missing = missingSupplies(source);
  if (missing !== undefined) return missing;
  for (const field of session.fields) {
    const text = source.sets.get(field.name);
    if (text === undefined) continue;
    const parsed = parseFieldInput(field, text);
    if (!parsed.ok)
      return `--set ${sanitizeText(field.name)}: ${parsed.issues.map((issue) => issue.message).join(' ')}`;
    session.set(field.name, parsed.value);
  }
  for (const [name, value] of Object.entries(source.content)) {
    const field = session.field(name);
    const shown = sanitizeText(name);
    if (field === undefined) return `${source.label} names "${shown}", which is not a field of this form.`;
    if (isEnvRef(value)) {
      if (!source.allowEnv.has(value.$env)) return notAllowed(source.label, shown, value.$env);
      const text = readEnv(source.env, value.$env);
      if (text === undefined)
        return `${source.label} reads "${shown}" from the environment variable ${value.$env}, which is not set.`;
      const parsed = parseFieldInput(field, text);
      if (!parsed.ok)
        return `${source.label} "${shown}" (from ${value.$env}): ${parsed.issues.map((issue) => issue.message).join(' ')}`;
      session.set(name, parsed.value);
      source.onEnvRead?.(value.$env, shown);
      continue;
    }
    if (!isFieldValue(value)) return `${source.label} gives "${shown}" a value that is not a field value.`;
    session.set(name, value);
  }
  return undefined;
}

function notAllowed(label: string, field: string, variable: string): string {
  return `${label}.content.${field} reads the environment variable ${variable}, which --allow-env does not allow: give --allow-env ${variable} if this file may send it to the server`;
}

function missingSupplies(source: FillSource): string | undefined {
  const missing = source.supply.filter(
    (name) => !source.sets.has(name) && !Object.hasOwn(source.content, name),
  );
  if (missing.length === 0) return undefined;
  const names = missing.map((name) => sanitizeText(name)).join(', ');
  const first = sanitizeText(missing[0] ?? '');
  return `${source.label} needs a value for ${names} (left out of the recording as sensitive): give --set ${first}=... or put {"$env": "NAME"} for it in the entry's content (with --allow-env NAME).`;
}

/**
 * Before a replay starts: every value an entry needs but does not hold (a `supply` field with no
 * `--set`, a `$env` variable not allowed by `allowEnv` or not set), one message each, so a run
 * fails up front.
 */
export function replayGaps(
  answers: readonly ScriptedAnswer[],
  sets: ReadonlyMap<string, string>,
  env: Readonly<Record<string, string | undefined>>,
  allowEnv: Iterable<string> = [],
): string[] {
  const allowed = new Set(allowEnv);
  return answers.flatMap((answer, index) => {
    const content = answer.content ?? {};
    const label = `answers[${index}]`;
    const missing = missingSupplies({
      sets,
      content,
      supply: answer.supply ?? [],
      env,
      allowEnv: allowed,
      label,
    });
    const refs = Object.entries(content).flatMap(([name, value]) => {
      if (!isEnvRef(value)) return [];
      const field = sanitizeText(name, { maxLength: 60 });
      if (!allowed.has(value.$env)) return [notAllowed(label, field, value.$env)];
      if (readEnv(env, value.$env) === undefined)
        return [`${label}.content.${field} reads the environment variable ${value.$env}, which is not set`];
      return [];
    });
    return [...(missing === undefined ? [] : [missing]), ...refs];
  });
}

/** Every `{"$env"}` reference of the answers, as `VARIABLE (answers[0].content.field)`, for a notice. */
export function envReads(answers: readonly ScriptedAnswer[]): string[] {
  return answers.flatMap((answer, index) =>
    Object.entries(answer.content ?? {}).flatMap(([name, value]) =>
      isEnvRef(value)
        ? [`${value.$env} (answers[${index}].content.${sanitizeText(name, { maxLength: 60 })})`]
        : [],
    ),
  );
}
