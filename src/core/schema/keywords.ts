// The one table of JSON Schema keywords the engine enforces, by where they stand in a form schema.
// The parser checks every location against it (anything else that constrains is refused), and the
// proxy's host schema (proxy/model-schema.ts) is tested to pass on each one (test/proxy).

/** The string keywords enforced wherever a string value is constrained (text, options, items). */
export const STRING_RULES = ['minLength', 'maxLength', 'format', 'pattern'] as const;

/** Top-level object keywords on the answer as a whole (2020-12 validation §6.5). */
export const FORM_RULES = ['minProperties', 'maxProperties', 'dependentRequired', 'dependencies'] as const;

export const ENFORCED_KEYWORDS = {
  /** The form schema itself. `additionalProperties`/`unevaluatedProperties` hold by construction. */
  form: ['properties', 'required', 'additionalProperties', 'unevaluatedProperties', ...FORM_RULES],
  text: [...STRING_RULES],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'const'],
  boolean: ['const'],
  /** A string with options; the string rules filter the options offered. */
  singleSelect: [...STRING_RULES, 'oneOf', 'enum', 'const', 'enumNames'],
  /** One `{const, title}` entry of `oneOf` / `items.anyOf`. */
  optionEntry: ['const'],
  /** A multi-select's array; `uniqueItems` holds by construction (a choice is never repeated). */
  multiSelect: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  /** Its `items`; the string rules filter the options offered. */
  multiSelectItems: [...STRING_RULES, 'anyOf', 'enum', 'const'],
} as const;

/** Annotations the model keeps and a front-end shows: `writeOnly` marks a secret. */
export const KEPT_ANNOTATIONS = ['title', 'description', 'default', 'writeOnly'] as const;

export type KeywordLocation = keyof typeof ENFORCED_KEYWORDS;
