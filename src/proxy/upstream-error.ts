// Errors from the upstream server pass to the host unchanged (code, message, data); local failures
// (connection lost, timeout) become a JSON-RPC error that names the upstream server.
import { ProtocolError, ProtocolErrorCode, SdkError } from '@modelcontextprotocol/client';

export function toHostError(error: unknown, label: string): Error {
  if (error instanceof ProtocolError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const closed = SdkError.isInstance?.(error) && (error as SdkError).code === 'CONNECTION_CLOSED';
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    closed
      ? `upstream server ${label} closed the connection: ${message}`
      : `upstream server ${label}: ${message}`,
  );
}
