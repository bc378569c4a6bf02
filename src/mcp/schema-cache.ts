// Servers ask with the same schema again and again (a tool's form, every call). Parsing is the
// largest part of the engine's per-elicitation cost, so parse results are kept, keyed by the
// schema's JSON text. Models are immutable, so sharing one between requests is safe.
import type { FormModel } from '../core/form-model.js';
import type { SchemaIssue, Validation } from '../core/issues.js';
import { parseRequestedSchema } from '../core/schema-parser.js';

type Parsed = Validation<FormModel, SchemaIssue>;

/** Schemas longer than this (as JSON) are parsed every time rather than kept. */
const MAX_KEY_LENGTH = 32 * 1024;

export function createSchemaCache(limit = 32): (schema: unknown) => Parsed {
  const cache = new Map<string, Parsed>();
  return (schema) => {
    let key: string | undefined;
    try {
      key = JSON.stringify(schema);
    } catch {
      key = undefined; // cyclic or otherwise unserialisable: cannot be a cache key
    }
    if (key === undefined || key.length > MAX_KEY_LENGTH) return parseRequestedSchema(schema);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key); // least recently used goes first
      cache.set(key, hit);
      return hit;
    }
    const parsed = freeze(parseRequestedSchema(schema));
    cache.set(key, parsed);
    if (cache.size > limit) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return parsed;
  };
}

function freeze(parsed: Parsed): Parsed {
  if (parsed.ok) {
    for (const field of parsed.value.fields) {
      if ('options' in field) Object.freeze(field.options);
      Object.freeze(field);
    }
    Object.freeze(parsed.value.fields);
    Object.freeze(parsed.value.notes);
    Object.freeze(parsed.value);
  }
  return Object.freeze(parsed);
}
