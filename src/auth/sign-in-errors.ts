// What a failed sign-in tells the person. Text from the authorization server (error_description)
// is untrusted: control characters removed and cut short, and never shown when the `iss` check
// failed (the response may come from an attacker's server, RFC 9207 / S26-S §Mix-Up Attacks).
import {
  AuthorizationServerMismatchError,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';
import { peerDocumentProblem } from './peer-documents.js';

const MAX_SERVER_TEXT = 200;

/** The ElicitError for a sign-in to `server` that failed with `error`. */
export function signInError(error: unknown, server: string): ElicitError {
  if (error instanceof ElicitError) return error;
  return new ElicitError('sign-in-failed', `sign-in to ${server} failed: ${reason(error)}`, { cause: error });
}

function reason(error: unknown): string {
  const document = peerDocumentProblem(error);
  if (document !== undefined) return document;
  if (IssuerMismatchError.isInstance(error)) {
    return error.kind === 'metadata'
      ? 'the authorization server metadata names another issuer than the one it was fetched for, so it was not used'
      : 'the answer did not come from the authorization server the sign-in started at (iss check, RFC 9207); the code was not used';
  }
  if (AuthorizationServerMismatchError.isInstance(error))
    return 'the sign-in came back for another authorization server than the one it started at';
  if (RegistrationRejectedError.isInstance(error))
    return `the authorization server refused to register this client (HTTP ${error.status})`;
  if (OAuthError.isInstance(error)) {
    const text = sanitizeText(error.message, { maxLength: MAX_SERVER_TEXT });
    return `the authorization server answered ${sanitizeText(String(error.code), { maxLength: 60 })}${text ? `: ${text}` : ''}`;
  }
  return sanitizeText(error instanceof Error ? error.message : String(error), { maxLength: 300 });
}
