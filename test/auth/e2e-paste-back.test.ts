// Paste-back (issue 34 item 2) from the CLI in line mode, at oidc-provider without the device
// grant: --no-browser shows the sign-in page's address, a person signs in in Chromium "on another
// machine" (the redirect to 127.0.0.1 never loads there), and the address the browser ended on is
// pasted into the CLI's stdin. Wrong pastes are refused by name and the sign-in goes on; the
// listener still wins when the browser does come back; the end of input stops the sign-in.
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { cliBin, freshCacheDir, resultText } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { within } from '../helpers/within.js';
import { until } from '../proxy/_host.js';
import {
  assertNoSecrets,
  assertPrivateStore,
  nothingStored,
  type ProtectedSetup,
  scratchAuthDir,
  signInBrowser,
  startProtected,
  storedTokens,
} from './e2e-harness.js';
import { signInAt, signInElsewhere } from './paste-back-harness.js';

interface PasteRun {
  readonly child: ChildProcessWithoutNullStreams;
  readonly authDir: string;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<number | null>;
  /** Resolves once stderr matches, from `from` on. */
  seen(pattern: RegExp, what: string, from?: number): Promise<void>;
}

/** The CLI in line mode with --no-browser, its stdin a pipe the test writes the person's lines to. */
function startPasteRun(url: string, env: Record<string, string> = {}): PasteRun {
  const authDir = scratchAuthDir();
  const child = spawn(
    process.execPath,
    [cliBin, '--ui', 'plain', '--no-browser', '--json', 'call', 'vault_code', '--url', url],
    {
      env: { ...process.env, MCP_ELICIT_AUTH_DIR: authDir, MCP_ELICIT_CACHE_DIR: freshCacheDir(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  return {
    child,
    authDir,
    stdout: () => stdout,
    stderr: () => stderr,
    exited: new Promise((resolve) => child.once('exit', resolve)),
    seen: (pattern, what, from = 0) => until(() => pattern.test(stderr.slice(from)), what, 30_000),
  };
}

/** Consents in line mode and returns the sign-in address shown for opening elsewhere. */
async function consentAndReadAddress(run: PasteRun, issuer: string): Promise<string> {
  await run.seen(/Type o to open it/, 'the consent prompt');
  run.child.stdin.write('o\n');
  // The address line may arrive in a later chunk than the ask: wait until it is whole.
  await run.seen(/paste it here[^\n]*\n[^\n]+\n/, 'the paste prompt and the address after it');
  const lines = run.stderr().split('\n');
  const ask = lines.findIndex((line) => /paste it here/.test(line));
  const address = lines[ask + 1] ?? '';
  assert.ok(address.startsWith(`${issuer}/`), `the address is on the line after the ask: ${address}`);
  return address;
}

describe('paste-back: signing in where the browser is not, in line mode', () => {
  const page = useChromiumPage();
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected();
  });
  after(() => setup.close());

  it(req`a wrong state, a wrong iss and another listener's address are refused by name; then the right address signs in (A-51, A-52)`, async () => {
    const browser = signInBrowser('record');
    const run = startPasteRun(setup.rs.url, { BROWSER: browser.command });
    try {
      const redeemed = () => setup.as.clientRequests().filter((r) => r.path === '/token').length;
      const redeemedBefore = redeemed();
      const address = await consentAndReadAddress(run, setup.as.issuer);
      assert.match(
        run.stderr(),
        /No browser can come back to this machine and the authorization server offers no device code/,
      );
      const ended = await within(
        60_000,
        'the sign-in in Chromium',
        signInElsewhere(setup.as.issuer, address),
      );
      const code = new URL(ended).searchParams.get('code') ?? '';
      assert.ok(code.length > 8, 'the browser ended on the redirect with a code');
      const tries: [string, URL, RegExp][] = [
        [
          'wrong state',
          withParam(ended, 'state', 'not-this-sign-in'),
          /Not accepted: .*its state does not match/,
        ],
        [
          'wrong iss',
          withParam(ended, 'iss', 'https://evil.example.com'),
          /Not accepted: .*\(iss check, RFC 9207\)/,
        ],
        ['another listener', otherPort(ended), /Not accepted: .*another host, port or path/],
        ['another path', otherPath(ended), /Not accepted: .*another host, port or path/],
        ['not an address', new URL('http://x/'), /Not accepted/],
      ];
      for (const [what, pasted, refusal] of tries) {
        const from = run.stderr().length;
        run.child.stdin.write(`${what === 'not an address' ? 'no address here' : pasted.href}\n`);
        await run.seen(refusal, `the ${what} refused`, from);
        await run.seen(/Paste the address again/, 'asked again', from);
      }
      assert.equal(redeemed(), redeemedBefore, 'no refused paste reached the token endpoint');
      run.child.stdin.write(`  ${ended}  \n`);
      assert.equal(await within(60_000, 'the CLI to finish', run.exited), 0, run.stderr());
      assert.equal(resultText(JSON.parse(run.stdout())), VAULT_CODE);
      assert.deepEqual(browser.opened(), [], 'no browser was started on this machine');
      assert.ok(!run.stderr().includes(code) && !run.stdout().includes(code), 'the code is never echoed');
      assertPrivateStore(run.authDir);
      assertNoSecrets(storedTokens(run.authDir), { stdout: run.stdout(), stderr: run.stderr() });
    } finally {
      run.child.kill();
    }
  });

  it(req`the listener still wins when the browser comes back first: the paste prompt is dropped and the run ends (A-51)`, async () => {
    const run = startPasteRun(setup.rs.url);
    try {
      const address = await consentAndReadAddress(run, setup.as.issuer);
      const p = page();
      await p.context().clearCookies();
      await within(60_000, 'the sign-in in Chromium', signInAt(p, address));
      // stdin stays open and silent: only the listener can end the wait.
      assert.equal(await within(60_000, 'the CLI to finish', run.exited), 0, run.stderr());
      assert.equal(resultText(JSON.parse(run.stdout())), VAULT_CODE);
      await p.waitForLoadState();
      assert.match(new URL(p.url()).origin, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match((await p.textContent('body')) ?? '', /Signed in to/);
      assertPrivateStore(run.authDir);
    } finally {
      run.child.kill();
    }
  });

  it(req`the end of input at the paste prompt stops the sign-in: exit 5, nothing stored (A-52)`, async () => {
    const run = startPasteRun(setup.rs.url);
    try {
      await consentAndReadAddress(run, setup.as.issuer);
      run.child.stdin.end();
      assert.equal(await within(30_000, 'the CLI to stop', run.exited), 5, run.stderr());
      assert.match(run.stderr(), /paste-back was stopped before an address was given; nothing was stored/);
      nothingStored(run.authDir);
    } finally {
      run.child.kill();
    }
  });
});

function withParam(address: string, name: string, value: string): URL {
  const url = new URL(address);
  url.searchParams.set(name, value);
  return url;
}

function otherPort(address: string): URL {
  const url = new URL(address);
  url.port = String(Number(url.port) === 65535 ? 1024 : Number(url.port) + 1);
  return url;
}

function otherPath(address: string): URL {
  const url = new URL(address);
  url.pathname = '/oauth/callback';
  return url;
}
