// Our check of an incoming elicitation/create, in place of the SDK's generic wire-schema check: a
// malformed request is answered -32602 with a message naming the property and the reason (the
// SDK's message is a raw list of zod issues), keywords the SDK would strip (`pattern`) survive, and
// a form schema is parsed once for both the check and the form.
import type { ElicitationMode, Era } from '../contracts/protocol.js';
import type { FormModel } from '../core/form-model.js';
import type { SchemaIssue, Validation } from '../core/issues.js';
import { parseFormParams } from '../core/schema-parser.js';
import { parseUrlParams } from './url-params.js';

export type RequestCheck =
  | {
      readonly ok: true;
      readonly mode: 'form';
      readonly form: { readonly message: string; readonly model: FormModel };
    }
  | { readonly ok: true; readonly mode: 'url' }
  | { readonly ok: false; readonly message: string };

export function checkElicitRequest(
  params: unknown,
  declared: readonly ElicitationMode[],
  era: Era,
  parseSchema?: (schema: unknown) => Validation<FormModel, SchemaIssue>,
): RequestCheck {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return { ok: false, message: 'Invalid elicitation request: params must be an object' };
  }
  const record = params as Record<string, unknown>;
  const rawMode = record.mode;
  // C-08: a request without `mode` is form mode.
  const mode = rawMode === undefined ? 'form' : rawMode;
  if (mode !== 'form' && mode !== 'url') {
    return {
      ok: false,
      message: `Invalid elicitation request: unsupported mode ${JSON.stringify(String(mode)).slice(0, 80)} (only "form" and "url" exist)`,
    };
  }
  // C-17: a mode the client did not declare is answered -32602.
  if (!declared.includes(mode)) {
    return {
      ok: false,
      message: `Client does not support ${mode}-mode elicitation requests (not declared, spec C-17)`,
    };
  }
  if (mode === 'url') return checkUrlShape(record, era);
  const parsed = parseFormParams(record, parseSchema);
  if (!parsed.ok) {
    return {
      ok: false,
      message: `Invalid elicitation request: ${parsed.issues.map((i) => i.message).join('; ')}`,
    };
  }
  // The parsed model travels on to the form handler, so the schema is parsed once per request.
  return { ok: true, mode: 'form', form: parsed.value };
}

function checkUrlShape(record: Record<string, unknown>, era: Era): RequestCheck {
  const parsed = parseUrlParams(record, era);
  return parsed.ok ? { ok: true, mode: 'url' } : parsed;
}
