// One leg of the conformance suite's client scenarios with the mcp-elicit CLI as the client (see
// cli-conformance-run.ts for how each runs and is judged): 2026-07-28 refusals: foreign resource metadata, mixed-up issuers, a moved authorization server.
// Each scenario runs at every revision whose scored requirement set lists it.
import { conformanceLeg, type Expectation } from './cli-conformance-run.js';

const signedInOnce = { signIns: 1, runsAfterSignIn: true } as const;
const refusedAfterRedirect = { signIns: 1, ids: ['A-25'] } as const;

const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  'auth/resource-mismatch': {
    proves:
      'resource metadata for another resource is refused before any authorization request, with a clear error',
    ids: ['A-08'],
    signIns: 0,
  },
  'auth/authorization-server-migration': {
    proves:
      'when the resource moves to another authorization server the CLI re-reads the metadata and registers anew there',
    ids: ['A-05', 'A-14'],
    signIns: 2,
    runsAfterSignIn: true,
  },
  'auth/iss-supported': {
    proves: 'an authorization response whose iss matches the issuer is redeemed',
    ids: ['A-24', 'A-25'],
    ...signedInOnce,
  },
  'auth/iss-not-advertised': {
    proves: 'without the iss flag and without iss the code is redeemed',
    ids: ['A-25'],
    ...signedInOnce,
  },
  'auth/iss-supported-missing': {
    proves: 'an advertised iss that is missing from the response is refused; no token request',
    ...refusedAfterRedirect,
  },
  'auth/iss-wrong-issuer': {
    proves: "a response with another server's iss is refused; no token request",
    ...refusedAfterRedirect,
  },
  'auth/iss-unexpected': {
    proves: 'an unadvertised but wrong iss is refused',
    ...refusedAfterRedirect,
  },
  'auth/iss-normalized': {
    proves: 'iss is compared exactly (a trailing slash is a mismatch)',
    ...refusedAfterRedirect,
  },
  'auth/metadata-issuer-mismatch': {
    proves: 'server metadata whose issuer is not the one asked for is not used',
    ids: ['A-07'],
    signIns: 0,
  },
};

conformanceLeg('checks', EXPECTATIONS);
