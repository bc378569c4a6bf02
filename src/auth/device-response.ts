// The device authorization response (RFC 8628 §3.2), checked field by field: the three codes and
// URIs are required, `expires_in` too, `interval` defaults to 5 s. Anything else is an error that
// names the missing field, never the server's text.
import { ElicitError } from '../contracts/elicit-error.js';

/** §3.2: "If no value is provided, clients MUST use 5 as the default." */
const DEFAULT_INTERVAL_S = 5;
/** A server asking for a faster pace gets this floor; a slower one is capped. */
const MIN_INTERVAL_S = 1;
const MAX_INTERVAL_S = 60;
/** A code valid longer than this is cut to it (the flow never waits for hours). */
const MAX_EXPIRES_S = 30 * 60;
/** User codes are short (§6.1); a long one is not shown. */
const MAX_USER_CODE = 64;

/** What a person needs to approve the device, and when the code stops working. */
export interface DeviceAuthorization {
  /** The code the person enters (untrusted text: sanitize before display). */
  readonly userCode: string;
  /** Where to enter it (untrusted: show it analysed). */
  readonly verificationUri: string;
  /** The address with the code filled in, when the server gives one. */
  readonly verificationUriComplete?: string;
  /** Epoch milliseconds after which the code is no longer accepted (`expires_in`). */
  readonly expiresAt: number;
}

export interface ParsedDeviceAuthorization {
  readonly authorization: DeviceAuthorization;
  readonly deviceCode: string;
  readonly intervalMs: number;
}

export function parseDeviceAuthorization(json: unknown, now: number): ParsedDeviceAuthorization {
  const body = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const deviceCode = text(body, 'device_code', 4096);
  const userCode = text(body, 'user_code', MAX_USER_CODE);
  const verificationUri = text(body, 'verification_uri', 8192);
  const complete = body.verification_uri_complete;
  const expiresIn = seconds(body.expires_in);
  if (expiresIn === undefined) throw incomplete('expires_in');
  const interval = seconds(body.interval) ?? DEFAULT_INTERVAL_S;
  return {
    deviceCode,
    intervalMs: Math.min(MAX_INTERVAL_S, Math.max(MIN_INTERVAL_S, interval)) * 1000,
    authorization: {
      userCode,
      verificationUri,
      ...(typeof complete === 'string' && complete !== '' && { verificationUriComplete: complete }),
      expiresAt: now + Math.min(expiresIn, MAX_EXPIRES_S) * 1000,
    },
  };
}

function text(body: Record<string, unknown>, field: string, max: number): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '' || value.length > max) throw incomplete(field);
  return value;
}

function seconds(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function incomplete(field: string): ElicitError {
  return new ElicitError(
    'sign-in-failed',
    `the authorization server's device authorization response has no valid ${field}`,
  );
}
