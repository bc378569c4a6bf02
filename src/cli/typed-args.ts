// `--arg key=value` typed by a tool's inputSchema: numbers, booleans, JSON for objects and arrays,
// text otherwise. A key the schema does not list, a value of the wrong type, or a required argument
// left out is a usage error, named before the call rather than in the server's validation dump.
import { ElicitError } from '../contracts/elicit-error.js';
import { setOwn } from '../core/own-property.js';

interface PropertySchema {
  readonly type?: unknown;
}

export function typeArgPairs(
  pairs: Record<string, string>,
  inputSchema: { properties?: Record<string, unknown> | undefined } | undefined,
  what: string,
): Record<string, unknown> {
  const properties = inputSchema?.properties;
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(pairs)) {
    if (properties !== undefined && !Object.hasOwn(properties, key)) {
      const known = Object.keys(properties);
      throw new ElicitError(
        'usage',
        `--arg ${key}: ${what} has no argument "${key}"${known.length > 0 ? ` (it takes ${known.join(', ')})` : ''}`,
      );
    }
    const schema = (properties?.[key] ?? {}) as PropertySchema;
    setOwn(out, key, typeValue(key, text, typeof schema.type === 'string' ? schema.type : undefined));
  }
  return out;
}

/** A usage error naming the arguments the schema marks `required` that `given` lacks. */
export function checkRequiredArgs(
  given: Readonly<Record<string, unknown>>,
  inputSchema: { required?: unknown } | undefined,
  what: string,
): void {
  const required = Array.isArray(inputSchema?.required) ? inputSchema.required : [];
  const missing = required.filter((n): n is string => typeof n === 'string' && !Object.hasOwn(given, n));
  if (missing.length === 0) return;
  throw new ElicitError(
    'usage',
    `${what} needs argument${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')} (give ${missing.map((n) => `--arg ${n}=...`).join(' ')})`,
  );
}

function typeValue(key: string, text: string, type: string | undefined): unknown {
  switch (type) {
    case 'number':
    case 'integer': {
      const value = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(value) || (type === 'integer' && !Number.isInteger(value)))
        throw new ElicitError(
          'usage',
          `--arg ${key}: expected ${type === 'integer' ? 'a whole number' : 'a number'}, got "${text}"`,
        );
      return value;
    }
    case 'boolean':
      if (text === 'true' || text === 'yes') return true;
      if (text === 'false' || text === 'no') return false;
      throw new ElicitError('usage', `--arg ${key}: expected true or false, got "${text}"`);
    case 'object':
    case 'array': {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ElicitError('usage', `--arg ${key}: expected JSON (${type}), got "${text}"`);
      }
      if (
        type === 'array'
          ? !Array.isArray(value)
          : typeof value !== 'object' || value === null || Array.isArray(value)
      )
        throw new ElicitError('usage', `--arg ${key}: expected a JSON ${type}`);
      return value;
    }
    case 'null':
      return null;
    default:
      return text;
  }
}
