// The typed form model that every front-end renders. Built from a `requestedSchema` by
// `parseRequestedSchema` (schema-parser.ts); pure data, no I/O.

/** A value a form field can hold; exactly the value types ElicitResult.content allows (spec §2.5). */
export type FieldValue = string | number | boolean | string[];

/** Accepted content, keyed by property name. */
export type FormContent = Record<string, FieldValue>;

/** What a person has entered so far: a field is absent when it was left empty. */
export type Draft = Record<string, FieldValue>;

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

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
  readonly description?: string;
  readonly required: boolean;
  /** The schema marks the value as secret (`writeOnly: true`, or `format: "password"`). */
  readonly secret?: true;
}

export interface TextField extends FieldBase {
  readonly kind: 'text';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: StringFormat;
  /** Tolerated extension (spec §6 point 1); enforced with ECMA-262 semantics in linear time, see pattern.ts. */
  readonly pattern?: string;
  readonly default?: string;
}

export interface NumberField extends FieldBase {
  readonly kind: 'number';
  readonly integer: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  /** The value divided by this must be a whole number (JSON Schema `multipleOf`, > 0). */
  readonly multipleOf?: number;
  readonly default?: number;
}

export interface BooleanField extends FieldBase {
  readonly kind: 'boolean';
  /** The only value allowed (`const`), e.g. a box that must be ticked. */
  readonly const?: boolean;
  readonly default?: boolean;
}

export interface SingleSelectField extends FieldBase {
  readonly kind: 'single-select';
  /** untitled: `enum`; titled: `oneOf` const/title; legacy: `enum` + `enumNames`. */
  readonly variant: 'untitled' | 'titled' | 'legacy';
  readonly options: readonly SelectOption[];
  readonly default?: string;
}

export interface MultiSelectField extends FieldBase {
  readonly kind: 'multi-select';
  /** untitled: `items.enum`; titled: `items.anyOf` const/title. */
  readonly variant: 'untitled' | 'titled';
  readonly options: readonly SelectOption[];
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly default?: readonly string[];
}

export type Field = TextField | NumberField | BooleanField | SingleSelectField | MultiSelectField;
export type FieldKind = Field['kind'];

/**
 * A decision the parser made about a tolerated oddity in the schema (a default outside the
 * options, an unknown keyword, ...). Front-ends may show these; the CLI prints them with --verbose.
 */
export interface ModelNote {
  readonly field?: string;
  readonly code: string;
  readonly message: string;
}

export interface FormModel {
  /** Fields in the order of `requestedSchema.properties`. */
  readonly fields: readonly Field[];
  readonly notes: readonly ModelNote[];
  /**
   * False when no answer can ever validate (e.g. minItems greater than the number of options):
   * front-ends then offer only decline and cancel (E-14).
   */
  readonly satisfiable: boolean;
  /** Form-wide rules on which fields are sent (top-level `minProperties`, `maxProperties`). */
  readonly minProperties?: number;
  readonly maxProperties?: number;
  /** `dependentRequired` (and array-valued `dependencies`): sending `property` requires `requires`. */
  readonly dependentRequired?: readonly DependentRequired[];
}

export interface DependentRequired {
  readonly property: string;
  readonly requires: readonly string[];
}
