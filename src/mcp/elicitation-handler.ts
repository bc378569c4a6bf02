// The one entry for every elicitation/create, whichever way it arrives: dispatched by the SDK
// (2025 requests, 2026 entries the SDK's own driver answers) or an entry of a 2026 round our
// driver answers. Each is parsed once; a refusal or a failure is recorded and reported to the
// person before it goes back as a JSON-RPC error (2025) or rejects the call locally (2026).
import {
  type ClientContext,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
} from '@modelcontextprotocol/client';
import type { ElicitationMode, Era } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { FormModel } from '../core/form-model.js';
import { isRecord } from '../core/is-record.js';
import type { SchemaIssue, Validation } from '../core/issues.js';
import type { ElicitationEvent } from './events.js';
import { describeRefused, type ElicitRequest, readElicitRequest } from './incoming-request.js';
import type { Responder } from './respond.js';

export interface HandlerDeps {
  readonly modes: readonly ElicitationMode[];
  readonly era: () => Era;
  readonly parseSchema: (
    schema: unknown,
  ) => Validation<FormModel, SchemaIssue> | Promise<Validation<FormModel, SchemaIssue>>;
  readonly respond: Responder;
  readonly emit: (event: ElicitationEvent) => void;
  readonly renderer: Renderer;
  readonly label: string;
  readonly server: () => ServerIdentity;
}

export interface ElicitationHandler {
  /** An elicitation/create's params, with the SDK context when the SDK dispatched it. */
  handle(params: unknown, signal: AbortSignal, ctx?: ClientContext): Promise<Result>;
  /** Parses params once; a malformed request is reported and thrown as -32602. */
  parse(params: unknown): Promise<ElicitRequest>;
  /** Answers a request `parse` already accepted. */
  respondTo(request: ElicitRequest, signal: AbortSignal, ctx?: ClientContext): Promise<Result>;
  /** One entry of a 2026-07-28 `inputRequests` round (any method the server put there). */
  handleEmbedded(entry: unknown, signal: AbortSignal): Promise<Result>;
}

type Seen = ReturnType<typeof describeRefused>;

export function createElicitationHandler(deps: HandlerDeps): ElicitationHandler {
  const reject = (seen: Seen, code: number, message: string) => {
    deps.emit({ server: deps.label, ...seen, error: { code, message } });
    deps.renderer.notice?.({
      kind: 'rejected',
      server: deps.server(),
      message: `Rejected a malformed elicitation: ${message}`,
    });
  };

  const parse = async (params: unknown): Promise<ElicitRequest> => {
    const parsed = await readElicitRequest(params, deps.modes, deps.era(), deps.parseSchema);
    if (parsed.ok) return parsed.value;
    const message = parsed.issues.map((issue) => issue.message).join('; ');
    reject(describeRefused(params), ProtocolErrorCode.InvalidParams, message);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, message);
  };

  const respondTo = async (
    request: ElicitRequest,
    signal: AbortSignal,
    ctx?: ClientContext,
  ): Promise<Result> => {
    try {
      return await deps.respond(request, signal, ctx);
    } catch (error) {
      // Whatever failed (a refused URL, a front-end error) is reported too.
      const code = error instanceof ProtocolError ? error.code : ProtocolErrorCode.InternalError;
      reject(seenOf(request), code, error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  const handle = async (params: unknown, signal: AbortSignal, ctx?: ClientContext): Promise<Result> =>
    respondTo(await parse(params), signal, ctx);

  return {
    handle,
    parse,
    respondTo,
    handleEmbedded: async (entry, signal) => {
      const request = isRecord(entry) ? entry : {};
      if (request.method !== 'elicitation/create') {
        // Only elicitation is declared, so a server asking for anything else broke the protocol.
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `The server asked for ${JSON.stringify(String(request.method)).slice(0, 60)}, which this client did not declare`,
        );
      }
      return handle(request.params, signal);
    },
  };
}

function seenOf(request: ElicitRequest): Seen {
  return request.mode === 'url'
    ? { mode: 'url', message: request.message, url: request.url }
    : { mode: 'form', message: request.message };
}
