// Servers ask with the same schema again and again (a tool's form, every call). Parsing is the
// largest part of the engine's per-elicitation cost, so parse results are kept, keyed by the
// schema's JSON text. Models are immutable, so sharing one between requests is safe.
import type { FormModel } from '../core/form-model.js';
import type { SchemaIssue, Validation } from '../core/issues.js';
import { parseInSlices } from './sliced-parse.js';

type Parsed = Validation<FormModel, SchemaIssue>;

/** Schemas longer than this (as JSON) are parsed every time rather than kept. */
const MAX_KEY_LENGTH = 32 * 1024;

/** A parse function for the adapter: a schema seen before answers at once, a new one in slices. */
export function createSchemaCache(limit = 32): (schema: unknown) => Parsed | Promise<Parsed> {
  const cache = new Map<string, Parsed>();
  const store = async (key: string, schema: unknown) => {
    const parsed = freeze(await parseInSlices(schema));
    cache.set(key, parsed);
    if (cache.size > limit) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return parsed;
  };
  return (schema) => {
    // Serialising a megabyte schema only to find it too long to keep would block for milliseconds.
    const key = fitsKey(schema) ? keyOf(schema) : undefined;
    if (key === undefined || key.length > MAX_KEY_LENGTH) return parseInSlices(schema);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key); // least recently used goes first
      cache.set(key, hit);
      return hit;
    }
    return store(key, schema);
  };
}

/** Whether the schema's JSON text is at most MAX_KEY_LENGTH long, without writing it out. */
function fitsKey(schema: unknown): boolean {
  return room(schema, MAX_KEY_LENGTH, 0) >= 0;
}

// What is left of `budget` after `value`'s JSON text (at least its strings and keys); -1 when it
// ran out. Stops at the first overrun, and at a depth no form has (a cycle ends there too).
function room(value: unknown, budget: number, depth: number): number {
  if (typeof value === 'string') return budget - value.length - 2;
  if (typeof value !== 'object' || value === null) return budget - 1;
  if (depth > 32) return -1;
  let left = budget - 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      left = room(item, left - 1, depth + 1);
      if (left < 0) return -1;
    }
    return left;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    left = room(record[key], left - key.length - 3, depth + 1);
    if (left < 0) return -1;
  }
  return left;
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
