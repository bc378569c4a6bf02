// Results and notifications the proxy forwards are passed on as received: a Standard Schema that
// accepts any value keeps the SDK from reshaping or stripping them (transparency).
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SdkErrorCode,
  type StandardSchemaV1,
} from '@modelcontextprotocol/client';
import { isRecord } from '../core/is-record.js';

export const ANY_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'mcp-elicit',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

/** The 2026-07-28 envelope keys a host puts in `_meta`: the upstream session adds its own. */
const ENVELOPE_KEYS = [
  PROTOCOL_VERSION_META_KEY,
  CLIENT_INFO_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
];

/** The host's params for the upstream request: its own envelope and progress token removed. */
export function upstreamParams(params: unknown): Record<string, unknown> | undefined {
  if (!isRecord(params)) return undefined;
  // A 2026 host's retry fields belong to the proxy's own rounds (host-rounds.ts), never upstream.
  const { _meta, inputResponses: _i, requestState: _r, ...rest } = params;
  if (!isRecord(_meta)) return rest;
  const meta = { ..._meta };
  delete meta.progressToken;
  for (const key of ENVELOPE_KEYS) delete meta[key];
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest;
}

export { isRecord };

/** A host request aborted because the host's connection closed (by code: the server package may carry its own copy of the SDK's error class). */
export function isConnectionClosed(reason: unknown): boolean {
  return (reason as { code?: unknown } | null)?.code === SdkErrorCode.ConnectionClosed;
}
