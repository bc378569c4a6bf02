// The one test for "a JSON object" (not null, not an array) that every parser of untrusted input uses.

/** True for a plain object value such as JSON.parse returns for `{...}`. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
