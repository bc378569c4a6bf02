// Servers ask with the same schema again and again (a tool's form, every call). Parsing is the
// largest part of the engine's per-elicitation cost, so parse results are kept, keyed by the
// schema's JSON text. Models are immutable, so sharing one between requests is safe.
import type { FormModel } from '../core/form-model.js';
import type { SchemaIssue, Validation } from '../core/issues.js';
import { parseInSlices } from './sliced-parse.js';

type Parsed = Validation<FormModel, SchemaIssue>;

/** Schemas longer than this (as JSON) are parsed every time rather than kept. */
const MAX_KEY_LENGTH = 32 * 1024;

export function createSchemaCache(limit = 32): (schema: unknown) => Promise<Parsed> {
  const cache = new Map<string, Parsed>();
  return async (schema) => {
    // Serialising a megabyte schema only to find it too long to keep would block for milliseconds.
    const key = fitsKey(schema) ? keyOf(schema) : undefined;
    if (key === undefined || key.length > MAX_KEY_LENGTH) return parseInSlices(schema);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key); // least recently used goes first
      cache.set(key, hit);
      return hit;
    }
    const parsed = freeze(await parseInSlices(schema));
    cache.set(key, parsed);
    if (cache.size > limit) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return parsed;
  };
}

/**
 * Whether the schema is plain JSON whose text can be at most MAX_KEY_LENGTH long: a walk that
 * stops as soon as the strings and keys it has seen exceed that, and refuses cycles.
 */
function fitsKey(schema: unknown): boolean {
  let budget = MAX_KEY_LENGTH;
  const open = new Set<object>();
  const walk = (value: unknown): boolean => {
    budget -= 1;
    if (typeof value === 'string') budget -= value.length;
    if (budget < 0) return false;
    if (typeof value !== 'object' || value === null) return true;
    if (open.has(value)) return false; // cyclic: cannot be a cache key
    open.add(value);
    const fits = Array.isArray(value)
      ? value.every(walk)
      : Object.entries(value).every(([k, v]) => {
          budget -= k.length;
          return walk(v);
        });
    open.delete(value);
    return fits;
  };
  return walk(schema);
}

function keyOf(schema: unknown): string | undefined {
  try {
    return JSON.stringify(schema);
  } catch {
    return undefined; // e.g. a BigInt: cannot be a cache key
  }
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
