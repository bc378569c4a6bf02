// The official conformance suite's server scenarios against the proxy's URL face:
// `mcp-elicit proxy --listen 127.0.0.1:0 --no-token -- <echo-form fixture>` (the suite cannot send
// a bearer token, which is what --no-token is for). Every check each scenario writes to its
// checks.json must be SUCCESS, and the checks named here must all be among them.
// Node 22 and the suite live under .tools/ (scripts/ensure-test-tools.sh), as for conformance.test.ts.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { req } from '../helpers/req.js';
import { type ListeningProxy, startListening } from './_listen.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const node22 = join(root, '.tools/node22/node_modules/node/bin/node');
const runner = join(root, '.tools/conformance/node_modules/@modelcontextprotocol/conformance/dist/index.js');

interface Check {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
}

const SCENARIOS = [
  {
    name: 'dns-rebinding-protection',
    version: '2025-11-25',
    expected: ['localhost-host-rebinding-rejected', 'localhost-host-valid-accepted'],
    title: req`dns-rebinding-protection at 2025-11-25: a foreign Host/Origin is refused 4xx, a loopback one served (X-10)`,
  },
  {
    name: 'dns-rebinding-protection',
    version: '2026-07-28',
    expected: ['localhost-host-rebinding-rejected', 'localhost-host-valid-accepted'],
    title: req`dns-rebinding-protection at 2026-07-28: the same checks on the stateless 2026 leg (X-10)`,
  },
  {
    name: 'server-session-lifecycle',
    version: '2025-11-25',
    expected: [
      'server-session-initialized-accepted',
      'server-session-delete-accepted',
      'server-session-terminated-returns-404',
    ],
    title: req`server-session-lifecycle at 2025-11-25: a session id is issued, accepted, ended by DELETE, then 404 (X-11)`,
  },
] as const;

function checksIn(dir: string): Check[] {
  const found: Check[] = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...checksIn(full));
    else if (entry === 'checks.json') found.push(...(JSON.parse(readFileSync(full, 'utf8')) as Check[]));
  }
  return found;
}

describe('conformance server scenarios against proxy --listen --no-token', () => {
  let proxy: ListeningProxy;
  before(async () => {
    assert.ok(existsSync(node22) && existsSync(runner), 'run scripts/ensure-test-tools.sh first');
    proxy = await startListening(['--no-token']);
  });
  after(async () => {
    await proxy?.stop();
  });

  for (const scenario of SCENARIOS) {
    it(scenario.title, async () => {
      const out = mkdtempSync(join(tmpdir(), 'listen-conformance-'));
      const args = [runner, 'server', '--url', proxy.url.href, '--scenario', scenario.name];
      await run(node22, [...args, '--spec-version', scenario.version, '-o', out], { timeout: 90_000 }).catch(
        (error: Error & { stdout?: string }) => {
          throw new Error(`the suite failed to run: ${error.message}\n${error.stdout ?? ''}`);
        },
      );
      const checks = checksIn(out).filter((check) => check.status !== 'INFO');
      const failed = checks.filter((check) => check.status !== 'SUCCESS');
      assert.deepEqual(
        failed.map((check) => `${check.id}: ${check.status} ${check.errorMessage ?? ''}`),
        [],
        'every check SUCCESS',
      );
      for (const id of scenario.expected)
        assert.ok(
          checks.some((check) => check.id === id),
          `${id} was run (got ${checks.map((c) => c.id).join(', ')})`,
        );
    });
  }
});
