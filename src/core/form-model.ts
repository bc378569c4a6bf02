// The typed form model that every front-end renders. Built from a `requestedSchema` by
// `parseRequestedSchema` (schema-parser.ts); pure data, no I/O.

/** A value a form field can hold; exactly the value types ElicitResult.content allows (spec §2.5). */
export type FieldValue = string | number | boolean | string[];

/** Accepted content, keyed by property name. */
export type FormContent = Record<string, FieldValue>;

/** What a person has entered so far: a field is absent when it was left empty. */
export type Draft = Record<string, FieldValue>;

/** The string formats the spec allows in a form, each checked as JSON Schema 2020-12 defines it. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** One choice of a single- or multi-select field. */
export interface SelectOption {
  /** The value sent on the wire (`enum` entry or `const`). */
  readonly value: string;
  /** What a person sees (`title`, `enumNames` entry, or the value itself). */
  readonly label: string;
}

interface FieldBase {
  /** Property name in `requestedSchema.properties`; the key used in `content`. */
  readonly name: string;
  /** Display label: the schema's `title`, else the property name. Untrusted server text. */
  readonly label: string;
  /** The schema's `description`, shown under the label. Untrusted server text. */
  readonly description?: string;
  /** Listed in the schema's top-level `required`. */
  readonly required: boolean;
  /** The schema marks the value as secret (`writeOnly: true`, or `format: "password"`). */
  readonly secret?: true;
}

/** A `string` property without options. */
export interface TextField extends FieldBase {
  /** Tells the field types apart. */
  readonly kind: 'text';
  /** Fewest characters (code points) allowed. */
  readonly minLength?: number;
  /** Most characters (code points) allowed. */
  readonly maxLength?: number;
  /** The shape the text must have. */
  readonly format?: StringFormat;
  /** Tolerated extension (spec §6 point 1); enforced with ECMA-262 semantics in linear time, see pattern.ts. */
  readonly pattern?: string;
  /** The server's suggested value (SEP-1034), pre-filled. */
  readonly default?: string;
}

/** A `number` or `integer` property. */
export interface NumberField extends FieldBase {
  /** Tells the field types apart. */
  readonly kind: 'number';
  /** True for `type: "integer"`: only whole numbers. */
  readonly integer: boolean;
  /** Smallest value allowed. */
  readonly minimum?: number;
  /** Largest value allowed. */
  readonly maximum?: number;
  /** The value must be greater than this. */
  readonly exclusiveMinimum?: number;
  /** The value must be less than this. */
  readonly exclusiveMaximum?: number;
  /** The value divided by this must be a whole number (JSON Schema `multipleOf`, > 0). */
  readonly multipleOf?: number;
  /** The server's suggested value (SEP-1034), pre-filled. */
  readonly default?: number;
}

/** A `boolean` property: yes or no. */
export interface BooleanField extends FieldBase {
  /** Tells the field types apart. */
  readonly kind: 'boolean';
  /** The only value allowed (`const`), e.g. a box that must be ticked. */
  readonly const?: boolean;
  /** The server's suggested value (SEP-1034), pre-filled. */
  readonly default?: boolean;
}

/** A `string` property with options: pick one. */
export interface SingleSelectField extends FieldBase {
  /** Tells the field types apart. */
  readonly kind: 'single-select';
  /** untitled: `enum`; titled: `oneOf` const/title; legacy: `enum` + `enumNames`. */
  readonly variant: 'untitled' | 'titled' | 'legacy';
  /** The choices, in schema order. */
  readonly options: readonly SelectOption[];
  /** The server's suggested value (SEP-1034), pre-selected. */
  readonly default?: string;
}

/** An `array` property of string options: pick several. */
export interface MultiSelectField extends FieldBase {
  /** Tells the field types apart. */
  readonly kind: 'multi-select';
  /** untitled: `items.enum`; titled: `items.anyOf` const/title. */
  readonly variant: 'untitled' | 'titled';
  /** The choices, in schema order. */
  readonly options: readonly SelectOption[];
  /** Fewest choices allowed. */
  readonly minItems?: number;
  /** Most choices allowed. */
  readonly maxItems?: number;
  /** The server's suggested values (SEP-1034), pre-selected. */
  readonly default?: readonly string[];
}

/** One question of a form; `kind` says which widget asks it. */
export type Field = TextField | NumberField | BooleanField | SingleSelectField | MultiSelectField;
/** The field types: text, number, boolean, single-select, multi-select. */
export type FieldKind = Field['kind'];

/**
 * A decision the parser made about a tolerated oddity in the schema (a default outside the
 * options, an unknown keyword, ...). Front-ends may show these; the CLI prints them with --verbose.
 */
export interface ModelNote {
  /** The property concerned; undefined for the schema as a whole. */
  readonly field?: string;
  /** The kind of decision, stable to branch on. */
  readonly code: string;
  /** The decision, in words. */
  readonly message: string;
}

/** The typed form a requested schema becomes: what every front-end draws and every answer is checked against. */
export interface FormModel {
  /** Fields in the order of `requestedSchema.properties`. */
  readonly fields: readonly Field[];
  /** Decisions the parser made about tolerated oddities of the schema. */
  readonly notes: readonly ModelNote[];
  /**
   * False when no answer can ever validate (e.g. minItems greater than the number of options):
   * front-ends then offer only decline and cancel (E-14).
   */
  readonly satisfiable: boolean;
  /** Form-wide rules on which fields are sent (top-level `minProperties`, `maxProperties`). */
  readonly minProperties?: number;
  /** At most this many fields may be sent (top-level `maxProperties`). */
  readonly maxProperties?: number;
  /** `dependentRequired` (and array-valued `dependencies`): sending `property` requires `requires`. */
  readonly dependentRequired?: readonly DependentRequired[];
}

/** One `dependentRequired` rule: when `property` is sent, every name in `requires` must be too. */
export interface DependentRequired {
  /** The field whose presence triggers the rule. */
  readonly property: string;
  /** The fields that must then be sent as well. */
  readonly requires: readonly string[];
}
