// Problems are data, not exceptions: a schema problem (the server asked for something the spec
// does not allow) and a field problem (an answer does not fit the form).

/** Why a requested schema (or the request around it) was refused. */
export type SchemaIssueCode =
  | 'missing-message'
  | 'missing-schema'
  | 'not-an-object-schema'
  | 'missing-properties'
  | 'unsupported-dialect'
  | 'unsupported-type'
  | 'missing-type'
  | 'nested-object'
  | 'unsupported-array'
  | 'ref-not-supported'
  | 'composition-not-supported'
  | 'invalid-keyword'
  | 'invalid-options'
  | 'unsupported-keyword'
  | 'too-large';

/** A reason a request was refused with -32602: the server asked for something the spec does not allow. */
export interface SchemaIssue {
  /** Property name, or undefined for the request/schema as a whole. */
  readonly field?: string;
  /** The kind of problem, stable to branch on. */
  readonly code: SchemaIssueCode;
  /** Names the property and the reason, e.g. `property "address": nested objects are not allowed in an elicitation form` (S-08). */
  readonly message: string;
}

/** The rule an answer broke. */
export type FieldIssueCode =
  | 'required'
  | 'type'
  | 'integer'
  | 'minimum'
  | 'maximum'
  | 'exclusive-minimum'
  | 'exclusive-maximum'
  | 'multiple-of'
  | 'const'
  | 'min-length'
  | 'max-length'
  | 'format'
  | 'pattern'
  | 'not-an-option'
  | 'min-items'
  | 'max-items'
  | 'duplicate-item'
  | 'unknown-field'
  | 'min-properties'
  | 'max-properties'
  | 'dependent-required'
  | 'unsatisfiable';

/** A reason an answer does not fit the form, for one field or the whole form. */
export interface FieldIssue {
  /** Property name; undefined for form-wide issues. */
  readonly field?: string;
  /** The rule that was broken, stable to branch on. */
  readonly code: FieldIssueCode;
  /** A sentence a person can read, e.g. `Age must be at most 120.` */
  readonly message: string;
}

/** A problem that is only a sentence for a person (no field, no code). */
export interface PlainIssue {
  /** The problem, in a sentence. */
  readonly message: string;
}

/** The one shape of "parsed (or checked) or not". */
export type Validation<T, I> =
  | {
      /** It parsed or passed. */
      readonly ok: true;
      /** The parsed or checked value. */
      readonly value: T;
    }
  | {
      /** It did not. */
      readonly ok: false;
      /** Every problem found, never empty. */
      readonly issues: readonly I[];
    };
