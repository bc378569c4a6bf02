// One leg of the conformance suite's client scenarios with the mcp-elicit CLI as the client (see
// cli-conformance-run.ts for how each runs and is judged): sign-in discovery: resource and authorization server metadata, registration and client ID metadata documents.
// Each scenario runs at every revision whose scored requirement set lists it.
import { conformanceLeg, type Expectation } from './cli-conformance-run.js';

const signedInOnce = { signIns: 1, runsAfterSignIn: true } as const;

const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  'auth/metadata-default': {
    proves:
      'on 401 the CLI reads the protected resource metadata named in WWW-Authenticate, the authorization server metadata, registers, signs in with PKCE and the resource parameter through its loopback listener, and a second run reuses the stored token',
    ids: ['A-02', 'A-03', 'A-06', 'A-09', 'A-13', 'A-20', 'A-21', 'A-22', 'A-26', 'A-32'],
    ...signedInOnce,
  },
  'auth/metadata-var1': {
    proves:
      'resource metadata found at the path-based well-known URL and server metadata by OpenID discovery',
    ids: ['A-03', 'A-06'],
    ...signedInOnce,
  },
  'auth/metadata-var2': {
    proves: 'resource metadata found at the root well-known URL and a tenant issuer by path insertion',
    ids: ['A-03', 'A-06'],
    ...signedInOnce,
  },
  'auth/metadata-var3': {
    proves:
      'a custom resource metadata URL from the header and a tenant issuer found by the third URL in order',
    ids: ['A-03', 'A-06'],
    ...signedInOnce,
  },
  'auth/basic-cimd': {
    proves:
      'the CLI signs in with its client ID metadata document URL (--client-metadata-url) when the server supports it',
    ids: ['A-09', 'A-10', 'A-11'],
    ...signedInOnce,
  },
};

conformanceLeg('discovery', EXPECTATIONS);
