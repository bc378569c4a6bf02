// A form schema of 200 fields x 1000 options is megabytes: parsed in one go it holds the event loop
// for tens of milliseconds (issue 12: at most 50 ms). The core parser pauses after each property;
// this resumes it in slices and lets the event loop turn between them. Core stays free of timers.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FormModel } from '../core/form-model.js';
import type { SchemaIssue, Validation } from '../core/issues.js';
import { parseRequestedSchemaSteps } from '../core/schema-parser.js';

/** How long one slice may run before the event loop gets a turn (one property may overrun it). */
export const SLICE_MS = 8;

export interface SliceOptions {
  readonly sliceMs?: number;
  /** Told how long each synchronous slice ran (the bench's event-loop blocking figure). */
  readonly onSlice?: (ms: number) => void;
}

export async function parseInSlices(
  schema: unknown,
  options: SliceOptions = {},
): Promise<Validation<FormModel, SchemaIssue>> {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const steps = parseRequestedSchemaSteps(schema);
  let start = performance.now();
  for (;;) {
    const next = steps.next();
    const ran = performance.now() - start;
    if (next.done) {
      options.onSlice?.(ran);
      return next.value;
    }
    if (ran >= sliceMs) {
      options.onSlice?.(ran);
      await nextTurn();
      start = performance.now();
    }
  }
}
