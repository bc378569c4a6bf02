// One leg of the conformance suite's client scenarios with the mcp-elicit CLI as the client (see
// cli-conformance-run.ts for how each runs and is judged): client authentication at the token endpoint, pre-registered clients and refresh-token requests.
// Each scenario runs at every revision whose scored requirement set lists it.
import { conformanceLeg, type Expectation } from './cli-conformance-run.js';

const signedInOnce = { signIns: 1, runsAfterSignIn: true } as const;

const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  'auth/token-endpoint-auth-basic': {
    proves: 'the registered client_secret_basic authentication is used at the token endpoint',
    ids: ['A-13', 'A-21'],
    ...signedInOnce,
  },
  'auth/token-endpoint-auth-post': {
    proves: 'the registered client_secret_post authentication is used at the token endpoint',
    ids: ['A-13', 'A-21'],
    ...signedInOnce,
  },
  'auth/token-endpoint-auth-none': {
    proves: 'a public client (token_endpoint_auth_method none) sends no secret',
    ids: ['A-13', 'A-21'],
    ...signedInOnce,
  },
  'auth/pre-registration': {
    proves:
      'pre-registered credentials from --client-id and --client-secret-env (never on the command line) are used without registration',
    ids: ['A-12'],
    ...signedInOnce,
  },
  'auth/offline-access-scope': {
    proves: 'the client asks for refresh tokens (grant_types) where the server offers offline_access',
    ids: ['A-19'],
    ...signedInOnce,
  },
  'auth/offline-access-not-supported': {
    proves: 'offline_access is not requested when the authorization server does not list it',
    ids: ['A-19'],
    ...signedInOnce,
  },
};

conformanceLeg('clients', EXPECTATIONS);
