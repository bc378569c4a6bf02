// The one check of an authorization response, wherever it arrives: on the loopback listener or
// pasted back from a browser on another machine. It must be addressed to this sign-in's redirect
// URI (scheme, host, port and path), carry this sign-in's `state` and, when an issuer was
// recorded, the `iss` RFC 9207 asks for (A-25, through the SDK's own rule). The reasons are ours:
// nothing the response says is shown.
import {
  type AuthorizationServerMetadata,
  IssuerMismatchError,
  validateAuthorizationResponseIssuer,
} from '@modelcontextprotocol/client';

/** What an authorization response must match. */
export interface CallbackExpectation {
  /** The sign-in's `state`. */
  readonly state: string;
  /** The validated metadata recorded before the redirect: its issuer and the iss flag. */
  readonly metadata?: Pick<
    AuthorizationServerMetadata,
    'issuer' | 'authorization_response_iss_parameter_supported'
  >;
}

/** Why a response was refused: each named in the sentence the person reads. */
export type CallbackRefusal = 'other-listener' | 'wrong-state' | 'wrong-iss';

/** The verdict on one response. */
export type CallbackCheck =
  | {
      /** It is this sign-in's answer: hand `params` to `finishAuth`. */
      readonly ok: true;
      /** Every query parameter (code, state, iss, error...). */
      readonly params: URLSearchParams;
    }
  | {
      /** Refused: nothing in it is used. */
      readonly ok: false;
      readonly refusal: CallbackRefusal;
      /** One sentence of our own. */
      readonly reason: string;
      /** The SDK's error for an `iss` mismatch (the listener ends the sign-in with it). */
      readonly cause?: Error;
    };

const REASONS: Record<CallbackRefusal, string> = {
  'other-listener':
    'this address is not the one this sign-in sends the browser back to (another host, port or path: another sign-in, or another program)',
  'wrong-state':
    'this address belongs to another sign-in (its state does not match this one; start from the address shown here)',
  'wrong-iss':
    'this answer did not come from the authorization server the sign-in started at (iss check, RFC 9207)',
};

/** Checks `address` (the whole redirect URL) against this sign-in's redirect URI and expectation. */
export function checkCallback(
  address: URL,
  redirectUrl: string,
  expected: CallbackExpectation,
): CallbackCheck {
  const redirect = new URL(redirectUrl);
  if (address.origin !== redirect.origin || address.pathname !== redirect.pathname)
    return refused('other-listener');
  const params = address.searchParams;
  if (params.get('state') !== expected.state) return refused('wrong-state');
  if (expected.metadata !== undefined) {
    try {
      validateAuthorizationResponseIssuer({
        iss: params.get('iss') ?? undefined,
        expectedIssuer: expected.metadata.issuer,
        issParameterSupported: expected.metadata.authorization_response_iss_parameter_supported === true,
      });
    } catch (error) {
      if (!IssuerMismatchError.isInstance(error)) throw error;
      return { ok: false, refusal: 'wrong-iss', reason: REASONS['wrong-iss'], cause: error };
    }
  }
  return { ok: true, params };
}

function refused(refusal: Exclude<CallbackRefusal, 'wrong-iss'>): CallbackCheck {
  return { ok: false, refusal, reason: REASONS[refusal] };
}
