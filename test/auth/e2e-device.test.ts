// The device sign-in from the CLI (RFC 8628) at oidc-provider: asked for with --sign-in device, or
// chosen by itself over SSH with no browser that could come back; the person approves the code in
// Chromium (on "another device"), the CLI's polling gets the tokens and the tool answers.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { cliBin, freshCacheDir, jsonReport, resultText, runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { within } from '../helpers/within.js';
import { until } from '../proxy/_host.js';
import {
  approveAt,
  assertNoSecrets,
  assertPrivateStore,
  type ProtectedSetup,
  scratchAuthDir,
  signInBrowser,
  startProtected,
  storedTokens,
} from './e2e-harness.js';

describe('signing in with a device code from the CLI', () => {
  const page = useChromiumPage();
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ deviceFlow: { interval: 1 } });
  });
  after(() => setup.close());

  it(req`--sign-in device shows the code, offers the page, and the approval in Chromium signs in (A-47, A-48, A-50)`, async () => {
    const browser = signInBrowser('record');
    const authDir = scratchAuthDir();
    const running = runCli(
      ['--open-urls', '--json', '--sign-in', 'device', 'call', 'vault_code', '--url', setup.rs.url],
      { env: { MCP_ELICIT_AUTH_DIR: authDir, BROWSER: browser.command }, timeoutMs: 90_000 },
    );
    await until(() => browser.opened().length > 0, 'the verification page opened', 30_000);
    const opened = browser.opened()[0] ?? '';
    assert.equal(new URL(opened).origin, setup.as.issuer);
    assert.match(opened, /user_code=/);
    await within(60_000, 'the approval in Chromium', approveAt(page(), opened));
    const run = await running;
    assert.equal(run.status, 0, run.stderr);
    assert.equal(resultText(jsonReport(run)), VAULT_CODE);
    const code = new URL(opened).searchParams.get('user_code') ?? '';
    assert.ok(run.stderr.includes(`enter the code ${code}`), `the code is shown: ${run.stderr}`);
    assertPrivateStore(authDir);
    assertNoSecrets(storedTokens(authDir), { stdout: run.stdout, stderr: run.stderr });
    const polls = setup.as.deviceRequests.filter((r) => r.path === '/token');
    assert.ok(polls.length > 0 && polls.every((r) => r.body.get('resource') === setup.rs.url));
  });

  it(req`over SSH with no BROWSER or DISPLAY the device code is chosen by itself, said in one line, and nothing is opened (A-47)`, async () => {
    const authDir = scratchAuthDir();
    const child = spawn(process.execPath, [cliBin, '--json', 'call', 'vault_code', '--url', setup.rs.url], {
      env: {
        ...process.env,
        MCP_ELICIT_AUTH_DIR: authDir,
        MCP_ELICIT_CACHE_DIR: freshCacheDir(),
        SSH_CONNECTION: '192.0.2.1 50000 192.0.2.2 22',
        BROWSER: '',
        DISPLAY: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await until(() => /open (\S+), which fills the code in/.test(stderr), 'the code on stderr', 30_000);
      assert.match(stderr, /No browser can come back to this machine: signing in with a device code instead/);
      const url = /open (\S+), which fills the code in/.exec(stderr)?.[1] ?? '';
      await within(60_000, 'the approval in Chromium', approveAt(page(), url));
      assert.equal(await within(60_000, 'the CLI to finish', exited), 0, stderr);
    } finally {
      child.kill();
    }
    assert.equal(resultText(JSON.parse(stdout)), VAULT_CODE);
  });

  it(req`--sign-in device at a server without the device grant stops with a clear error (A-47)`, async () => {
    const plain = await startProtected();
    try {
      const run = await runCli(['--sign-in', 'device', 'call', 'vault_code', '--url', plain.rs.url], {
        env: { MCP_ELICIT_AUTH_DIR: scratchAuthDir() },
      });
      assert.notEqual(run.status, 0);
      assert.match(run.stderr, /does not offer the device grant \(RFC 8628\)/);
    } finally {
      await plain.close();
    }
  });
});
