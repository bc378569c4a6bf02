// A message that is JSON but not a valid JSON-RPC request is dropped by the SDK's transports (after
// `onerror`), so a server would wait forever. These name the problem for a -32600 Invalid Request
// answer (JSON-RPC 2.0 §5.1); used by the guarded stdio and Streamable HTTP transports.

export const INVALID_REQUEST = -32600;
export const PARSE_ERROR = -32700;

/** The id to answer, when the message looks like a request (a method and a usable id). */
export function invalidRequestId(json: unknown): string | number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  if (typeof record.method !== 'string') return undefined;
  return typeof record.id === 'string' || typeof record.id === 'number' ? record.id : undefined;
}

export function describeInvalidRequest(json: unknown): string {
  const record = json as Record<string, unknown>;
  if (record.jsonrpc !== '2.0') return 'Invalid Request: "jsonrpc" must be "2.0"';
  const method = JSON.stringify(String(record.method)).slice(0, 60);
  if ('params' in record && (typeof record.params !== 'object' || record.params === null)) {
    return `Invalid Request: "params" of ${method} must be an object or an array (JSON-RPC 2.0 §4.2), got ${record.params === null ? 'null' : typeof record.params}`;
  }
  if (Array.isArray(record.params)) {
    return `Invalid Request: "params" of ${method} must be an object (MCP uses named parameters), got an array`;
  }
  return 'Invalid Request: the message is not a valid JSON-RPC 2.0 request';
}
