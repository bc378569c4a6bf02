// One leg of the conformance suite's client scenarios with the mcp-elicit CLI as the client (see
// cli-conformance-run.ts for how each runs and is judged): scope selection, step-up and the sign-in cap.
// Each scenario runs at every revision whose scored requirement set lists it.
import { conformanceLeg, type Expectation } from './cli-conformance-run.js';

const signedInOnce = { signIns: 1, runsAfterSignIn: true } as const;

const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  'auth/scope-from-www-authenticate': {
    proves: 'the scope named in the 401 challenge is the scope requested',
    ids: ['A-15', 'A-16'],
    ...signedInOnce,
  },
  'auth/scope-from-scopes-supported': {
    proves: 'without a challenged scope, all of the resource metadata scopes_supported are requested',
    ids: ['A-15'],
    ...signedInOnce,
  },
  'auth/scope-omitted-when-undefined': {
    proves: 'with no scope anywhere, the authorization request carries none',
    ids: ['A-15'],
    ...signedInOnce,
  },
  'auth/scope-step-up': {
    proves:
      'a 403 insufficient_scope on a call leads to a second sign-in with the wider scope and the call is retried',
    ids: ['A-17'],
    signIns: 2,
    runsAfterSignIn: true,
  },
  'auth/scope-retry-limit': {
    proves:
      'a server that keeps refusing the scope gets at most three authorization requests, then a clear failure',
    ids: ['A-18'],
    signIns: { max: 3 },
  },
};

conformanceLeg('scopes', EXPECTATIONS);
