// One leg of the conformance suite's client scenarios with the mcp-elicit CLI as the client (see
// cli-conformance-run.ts for how each runs and is judged): the client_credentials extension
// scenarios (not scored), where an unattended agent signs in as itself with --client-credentials:
// no browser, no person, the credentials sent only to the --client-issuer authorization server.
import { conformanceLeg, type Expectation } from './cli-conformance-run.js';

const EXPECTATIONS: Readonly<Record<string, Expectation>> = {
  'auth/client-credentials-basic': {
    proves:
      'an unattended agent signs in with --client-credentials, its secret from --client-secret-env sent with client_secret_basic, and no sign-in page',
    ids: ['A-36'],
    signIns: 0,
    runsAfterSignIn: true,
  },
  'auth/client-credentials-jwt': {
    proves:
      'an unattended agent signs in with --client-credentials and a private key file (private_key_jwt), and no sign-in page',
    ids: ['A-36'],
    signIns: 0,
    runsAfterSignIn: true,
  },
};

conformanceLeg('extensions', EXPECTATIONS);
