// Our check of an incoming elicitation/create, in place of the SDK's generic wire-schema check. It
// parses the params once into a typed request that flows down to the form or URL step: a malformed
// request is answered -32602 with a message naming the property and the reason (the SDK's message
// is a raw list of zod issues), and keywords the SDK would strip (`pattern`) survive.
import type { ProgressToken } from '@modelcontextprotocol/client';
import type { ElicitationMode, Era } from '../contracts/protocol.js';
import type { FormModel } from '../core/form-model.js';
import { isRecord } from '../core/is-record.js';
import type { PlainIssue, SchemaIssue, Validation } from '../core/issues.js';
import { parseFormParams } from '../core/schema-parser.js';
import type { ElicitationEvent } from './events.js';

/** What the adapter keeps of the request's `_meta`. */
export interface RequestMeta {
  readonly progressToken?: ProgressToken;
  /** `io.modelcontextprotocol/related-task`, echoed in the result (§2.9b). */
  readonly relatedTask?: unknown;
}

export interface FormRequest {
  readonly mode: 'form';
  readonly message: string;
  readonly model: FormModel;
  readonly meta: RequestMeta;
}

export interface UrlRequest {
  readonly mode: 'url';
  readonly message: string;
  /** As sent (untrusted); the URL step analyses it before anything is shown. */
  readonly url: string;
  /** 2025-11-25 only; opaque (C-11). */
  readonly elicitationId?: string;
  readonly meta: RequestMeta;
}

export type ElicitRequest = FormRequest | UrlRequest;

/** Parsed, or why it was refused (the text of the -32602 error sent back). */
export type ParsedRequest = Validation<ElicitRequest, PlainIssue>;

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

export function parseElicitRequest(
  params: unknown,
  declared: readonly ElicitationMode[],
  era: Era,
  parseSchema?: (schema: unknown) => Validation<FormModel, SchemaIssue>,
): ParsedRequest {
  if (!isRecord(params)) return refused('Invalid elicitation request: params must be an object');
  // C-08: a request without `mode` is form mode.
  const mode = params.mode === undefined ? 'form' : params.mode;
  if (mode !== 'form' && mode !== 'url') {
    return refused(
      `Invalid elicitation request: unsupported mode ${JSON.stringify(String(mode)).slice(0, 80)} (only "form" and "url" exist)`,
    );
  }
  // C-17: a mode the client did not declare is answered -32602.
  if (!declared.includes(mode)) {
    return refused(
      `Client does not support ${mode}-mode elicitation requests (not declared in its capabilities)`,
    );
  }
  const meta = readMeta(params._meta);
  if (mode === 'url') return parseUrlRequest(params, era, meta);
  const parsed = parseFormParams(params, parseSchema);
  if (!parsed.ok) {
    return refused(`Invalid elicitation request: ${parsed.issues.map((i) => i.message).join('; ')}`);
  }
  return { ok: true, value: { mode: 'form', ...parsed.value, meta } };
}

/**
 * The same check, with a form's schema parsed by `parseSchema` first (the adapter's cache, which
 * parses in slices so a huge schema does not hold the event loop); the rest is synchronous.
 */
export async function readElicitRequest(
  params: unknown,
  declared: readonly ElicitationMode[],
  era: Era,
  parseSchema: (
    schema: unknown,
  ) => Validation<FormModel, SchemaIssue> | Promise<Validation<FormModel, SchemaIssue>>,
): Promise<ParsedRequest> {
  const form =
    isRecord(params) &&
    (params.mode === undefined || params.mode === 'form') &&
    declared.includes('form') &&
    Object.hasOwn(params, 'requestedSchema');
  if (!form) return parseElicitRequest(params, declared, era);
  const parsing = parseSchema(params.requestedSchema);
  // A cached schema answers at once: no extra turn through the microtask queue.
  const schema = parsing instanceof Promise ? await parsing : parsing;
  return parseElicitRequest(params, declared, era, () => schema);
}

// S-05, S-09, S-10: the shape of a URL-mode request.
function parseUrlRequest(params: Record<string, unknown>, era: Era, meta: RequestMeta): ParsedRequest {
  const { message, url, elicitationId } = params;
  const problems: string[] = [];
  if (typeof message !== 'string') problems.push('"message" must be a string');
  if (typeof url !== 'string') problems.push('"url" must be a string');
  else if (!URL.canParse(url)) problems.push('"url" is not a valid URL');
  // The 2025-11-25 era requires an opaque elicitationId (S-09); 2026-07-28 removed it.
  if (era === '2025-11-25' && typeof elicitationId !== 'string') {
    problems.push('"elicitationId" must be a string');
  }
  if (problems.length > 0 || typeof message !== 'string' || typeof url !== 'string') {
    return refused(`Invalid elicitation request: ${problems.join('; ')}`);
  }
  // On 2026-07-28 an elicitationId sent anyway is ignored rather than tracked.
  const id = era === '2025-11-25' && typeof elicitationId === 'string' ? { elicitationId } : {};
  return { ok: true, value: { mode: 'url', message, url, ...id, meta } };
}

/** What a refused request looked like, for the event log (the only read of raw params after a refusal). */
export function describeRefused(params: unknown): Pick<ElicitationEvent, 'mode' | 'message' | 'url'> {
  const record = isRecord(params) ? params : {};
  const mode =
    record.mode === undefined || record.mode === 'form' ? 'form' : record.mode === 'url' ? 'url' : 'unknown';
  return {
    mode,
    message: typeof record.message === 'string' ? record.message : '',
    ...(typeof record.url === 'string' && { url: record.url }),
  };
}

function readMeta(meta: unknown): RequestMeta {
  if (!isRecord(meta)) return {};
  const token = meta.progressToken;
  return {
    ...((typeof token === 'string' || typeof token === 'number') && { progressToken: token }),
    ...(meta[RELATED_TASK] !== undefined && { relatedTask: meta[RELATED_TASK] }),
  };
}

function refused(message: string): ParsedRequest {
  return { ok: false, issues: [{ message }] };
}
