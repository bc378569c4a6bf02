// The official conformance suite's client leg with the CLI itself as the client, for both
// revisions' scored requirement sets (requirements/2025-11-25.yaml and 2026-07-28.yaml of the
// installed @modelcontextprotocol/conformance). The suite spawns test/conformance/cli-client.mjs,
// which runs the built CLI as a person would (`tools`, then `call` for each tool, each a process
// of its own sharing one scratch token store) with browser-stand-in.mjs as the browser.
//
// Each scored scenario runs on its own (`--scenario X --spec-version <rev>`, what `--requirements
// <rev>` runs, but two at a time instead of all at once) and must pass: the runner's verdict (no
// FAILURE, no WARNING, no timeout, no client error unless the scenario allows one), every check
// SUCCESS or INFO (SKIPPED only where listed below with its reason), and the client's own record:
// how many sign-ins it needed, that later runs reused the stored tokens, and that no token or
// secret reached its output or its command lines.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { req } from '../helpers/req.js';
import {
  childEnv,
  type Expectation,
  judge,
  REVISIONS,
  type Revision,
  root,
  run,
  runScenario,
  SCENARIO_TIMEOUT_MS,
  scoredClientScenarios,
} from './cli-conformance-run.js';

const signedInOnce = { signIns: 1, runsAfterSignIn: true } as const;
const refusedAfterRedirect = { signIns: 1, ids: ['A-25'] } as const;

const BOTH: Readonly<Record<string, Expectation>> = {
  tools_call: {
    proves: 'the CLI lists the tools and calls one with schema-typed arguments, every message wire-valid',
    signIns: 0,
  },
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
};

const ONLY_2025: Readonly<Record<string, Expectation>> = {
  initialize: { proves: 'the CLI opens a 2025-11-25 session with the initialize handshake', signIns: 0 },
  'elicitation-sep1034-client-defaults': {
    proves:
      'a form accepted with --accept-defaults reaches the server with every omitted field set to its default',
    ids: ['C-09'],
    signIns: 0,
  },
  'sse-retry': {
    proves: 'a tool call whose SSE stream drops is resumed and completes',
    signIns: 0,
  },
};

const ONLY_2026: Readonly<Record<string, Expectation>> = {
  'request-metadata': {
    proves: 'every request declares the elicitation capability in _meta and a -32022 answer is retried',
    ids: ['M-01', 'X-01'],
    signIns: 0,
    skipped: {
      'sep-2575-client-declares-roots-capability': 'the CLI declares only elicitation, not roots',
      'sep-2575-client-declares-sampling-capability': 'the CLI declares only elicitation, not sampling',
    },
  },
  'sep-2322-client-request-state': {
    proves:
      'input_required elicitations are answered and retried with requestState echoed, one CLI call per tool',
    ids: ['M-02', 'M-03', 'M-04', 'M-05', 'M-06', 'M-08'],
    signIns: 0,
  },
  'http-standard-headers': {
    proves: 'Mcp-Method and Mcp-Name go with tools, resources and prompts requests',
    ids: ['A-35'],
    signIns: 0,
    skipped: {
      ClientMcpMethodHeader_initialize: 'the 2026-07-28 era has no initialize handshake',
      ClientMcpMethodHeader_notifications_initialized: 'the 2026-07-28 era has no initialize handshake',
    },
  },
  'http-custom-headers': {
    proves:
      'a call mirrors the parameters its tool marks x-mcp-header into Mcp-Param-* headers, encoded per SEP-2243',
    ids: ['A-34'],
    signIns: 0,
  },
  'http-invalid-tool-headers': {
    proves: 'tools whose x-mcp-header annotations break the rules are left out, the valid one is called',
    ids: ['A-34'],
    signIns: 0,
  },
  'json-schema-ref-no-deref': {
    proves: 'a tool schema with $ref is listed and called without the client dereferencing it',
    signIns: 0,
  },
  'auth/resource-mismatch': {
    proves:
      'resource metadata for another resource is refused before any authorization request, with a clear error',
    ids: ['A-08'],
    signIns: 0,
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

function expectationFor(scenario: string, revision: Revision): Expectation | undefined {
  const own = revision === '2025-11-25' ? ONLY_2025 : ONLY_2026;
  return own[scenario] ?? BOTH[scenario];
}

const outRoot = mkdtempSync(join(tmpdir(), 'mcp-elicit-cli-conformance-'));
const timings: string[] = [];
const legStarted = performance.now();

before(async () => {
  assert.ok(!/\s/.test(process.execPath), 'the client command is split on spaces: Node path has one');
  await run('bash', [join(root, 'scripts/setup-conformance.sh')], {
    cwd: root,
    env: childEnv(),
    timeout: 10 * 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
});

after(() => {
  rmSync(outRoot, { recursive: true, force: true });
  const wall = Math.round((performance.now() - legStarted) / 1000);
  process.stderr.write(`cli conformance leg: ${wall} s wall; ${timings.join(', ')}\n`);
});

describe('the conformance suite with the mcp-elicit CLI as the client', { concurrency: 2 }, () => {
  for (const revision of REVISIONS) {
    const scenarios = scoredClientScenarios(revision);
    test(`the ${revision} requirement set lists the scored client scenarios this test knows`, () => {
      assert.ok(scenarios.length >= 18, `${revision}: ${scenarios.length} scored client scenarios`);
      const unknown = scenarios.filter((s) => expectationFor(s, revision) === undefined);
      assert.deepEqual(unknown, [], `${revision}: scored scenarios with no expectation here`);
    });
    for (const scenario of scenarios) {
      const expectation = expectationFor(scenario, revision);
      if (expectation === undefined) continue;
      const ids = expectation.ids ?? [];
      const sentence = `${scenario} at ${revision}: ${expectation.proves}`;
      const title = ids.length > 0 ? req(ids, sentence) : sentence;
      test(title, { timeout: SCENARIO_TIMEOUT_MS + 60_000 }, async (t) => {
        const outDir = join(outRoot, revision, scenario.replaceAll('/', '_'));
        const outcome = await runScenario(scenario, revision, outDir);
        timings.push(`${scenario}@${revision} ${Math.round(outcome.ms)} ms`);
        t.diagnostic(`${scenario}@${revision}: ${Math.round(outcome.ms)} ms`);
        judge(scenario, revision, expectation, outcome);
      });
    }
  }
});
