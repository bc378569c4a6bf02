// Recognises the 2025-11-25 -32042 error (URL elicitation required) without loading the retry flow.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';

/** Retries of the original request after -32042 (E-37). */
export const DEFAULT_URL_RETRIES = 3;

export function isUrlElicitationRequired(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError && error.code === ProtocolErrorCode.UrlElicitationRequired;
}
