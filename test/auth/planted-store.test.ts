// A sign-in store someone else could write to is never trusted (issue 31 items 1 and 2): a record
// planted in a folder left 0777 names the attacker's token endpoint, a link at the store file's
// name points at the attacker's own valid sign-in, a folder belongs to another user. The CLI
// refuses before any request, naming the folder and what to do; the planted endpoint never sees a
// code or verifier; once the folder is removed the next sign-in goes to the real server. The same
// runs with the victim as a second local user (`nobody`, through setpriv) where the machine allows.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AuthStore } from '../../src/auth/store.js';
import { cliBin, jsonReport, runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { within } from '../helpers/within.js';
import { type ProtectedSetup, signInBrowser, signInDirect, startProtected } from './e2e-harness.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0 ? false : 'needs root to act as a second local user (nobody)';

/** The attacker's token endpoint: records whatever is sent to it. */
async function startThief(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      bodies.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  return { url, bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A store record whose cached discovery sends the token request to `tokenEndpoint`. */
async function plantedRecord(setup: ProtectedSetup, tokenEndpoint: string): Promise<string> {
  const prmUrl = new URL('/.well-known/oauth-protected-resource/mcp', setup.rs.url).href;
  const resourceMetadata = await (await fetch(prmUrl)).json();
  const asMetadata = (await (
    await fetch(`${setup.as.issuer}/.well-known/openid-configuration`)
  ).json()) as Record<string, unknown>;
  const discovery = {
    authorizationServerUrl: setup.as.issuer,
    resourceMetadataUrl: prmUrl,
    resourceMetadata,
    authorizationServerMetadata: { ...asMetadata, token_endpoint: tokenEndpoint },
  };
  return JSON.stringify({ version: 1, server: setup.rs.url, client: 'dynamic', issuers: {}, discovery });
}

const storeFile = (dir: string, server: string) => new AuthStore(dir).fileFor({ server, client: 'dynamic' });

describe('a planted sign-in store', () => {
  let setup: ProtectedSetup;
  let thief: Awaited<ReturnType<typeof startThief>>;
  before(async () => {
    setup = await startProtected();
    thief = await startThief();
  });
  after(async () => {
    await thief.close();
    await setup.close();
  });

  const call = (dir: string, browser: ReturnType<typeof signInBrowser>) =>
    runCli(['--open-urls', '--json', 'call', 'vault_code', '--url', setup.rs.url], {
      env: { MCP_ELICIT_AUTH_DIR: dir, BROWSER: browser.command },
    });

  it(req`in a folder left 0777 is refused before any request; the code and verifier never reach the planted endpoint (A-37)`, async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'victim-')), 'auth');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    writeFileSync(storeFile(dir, setup.rs.url), await plantedRecord(setup, thief.url));
    const browser = signInBrowser();
    const before = setup.rs.counts.mcp;
    const run = await call(dir, browser);
    assert.equal(run.status, 2, run.stderr);
    const report = jsonReport(run);
    assert.equal(report.error?.code, 'config');
    assert.match(
      report.error?.message ?? '',
      new RegExp(`not using ${dir}: it is writable by other users \\(mode 0777\\)`),
    );
    assert.match(report.error?.message ?? '', /chmod 700/);
    assert.deepEqual(thief.bodies, [], 'nothing was sent to the planted token endpoint');
    assert.deepEqual(browser.opened(), [], 'no sign-in page was opened');
    assert.equal(setup.rs.counts.mcp, before, 'not even the MCP server was asked');

    // The person removes the folder, as the message says: the next sign-in is the real server's.
    rmSync(dir, { recursive: true });
    const again = await call(dir, browser);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(browser.opened().length, 1);
    assert.deepEqual(thief.bodies, []);
  });

  it(req`through a symbolic link at the store file's name is refused: the victim never runs as the attacker's account (A-37)`, async () => {
    const base = mkdtempSync(join(tmpdir(), 'victim-'));
    const dir = join(base, 'auth');
    mkdirSync(dir, { mode: 0o700 });
    // The attacker's own valid sign-in, in a file the attacker controls.
    const grant = await signInDirect(setup.rs.url);
    const attackerFile = join(base, 'attacker.json');
    const issuers = {
      [setup.as.issuer]: { client: grant.client, tokens: { tokens: grant.tokens, savedAt: Date.now() } },
    };
    const record = { version: 1, server: setup.rs.url, client: 'dynamic', issuers, current: setup.as.issuer };
    writeFileSync(attackerFile, JSON.stringify(record), { mode: 0o600 });
    symlinkSync(attackerFile, storeFile(dir, setup.rs.url));
    const before = setup.rs.counts.mcp;
    const run = await call(dir, signInBrowser());
    assert.equal(run.status, 2, run.stderr);
    assert.match(jsonReport(run).error?.message ?? '', /is a symbolic link, which is never followed/);
    assert.equal(setup.rs.counts.mcp, before, 'the attacker token was never sent');

    const status = await runCli(['auth', 'status', '--json'], { env: { MCP_ELICIT_AUTH_DIR: dir } });
    assert.equal(status.status, 0, status.stderr);
    assert.match(status.stdout, /symbolic link/, 'auth status shows the refused file instead of its content');
    assert.doesNotMatch(status.stdout, new RegExp(setup.as.issuer.replaceAll('.', '\\.')));
  });

  it(req`in a folder owned by another user is refused (A-37)`, { skip: asRoot }, async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'victim-')), 'auth');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(storeFile(dir, setup.rs.url), await plantedRecord(setup, thief.url), { mode: 0o600 });
    chownSync(storeFile(dir, setup.rs.url), NOBODY, NOBODY);
    chownSync(dir, NOBODY, NOBODY);
    const run = await call(dir, signInBrowser());
    assert.equal(run.status, 2, run.stderr);
    assert.match(jsonReport(run).error?.message ?? '', /belongs to another user \(uid 65534\)/);
    assert.deepEqual(thief.bodies, []);
  });

  it(req`is refused for a victim who is a second local user: a 0777 folder, and another user's file in a private one (A-37)`, {
    skip: asRoot,
  }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'victim-nobody-'));
    chownSync(home, NOBODY, NOBODY);
    const asNobody = (dir: string) => runAsNobody(home, dir, setup.rs.url);
    // The victim's folder was left 0777; the attacker (root here) put a record in it.
    const open = join(home, 'open');
    mkdirSync(open);
    chownSync(open, NOBODY, NOBODY);
    chmodSync(open, 0o777);
    writeFileSync(storeFile(open, setup.rs.url), await plantedRecord(setup, thief.url));
    const first = await asNobody(open);
    assert.equal(first.status, 2, first.stderr);
    assert.match(first.stderr, /writable by other users \(mode 0777\)/);
    // The victim's own private folder, but the file in it is the attacker's.
    const own = join(home, 'own');
    mkdirSync(own, { mode: 0o700 });
    chownSync(own, NOBODY, NOBODY);
    writeFileSync(storeFile(own, setup.rs.url), await plantedRecord(setup, thief.url), { mode: 0o644 });
    const second = await asNobody(own);
    assert.equal(second.status, 2, second.stderr);
    assert.match(second.stderr, /belongs to another user \(uid 0\)/);
    assert.deepEqual(thief.bodies, []);
  });
});

/** Runs the CLI as `nobody` with its home, caches and store under `home`. */
function runAsNobody(home: string, authDir: string, url: string) {
  const argv = [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, cliBin];
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: home,
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_STATE_HOME: join(home, 'state'),
    MCP_ELICIT_AUTH_DIR: authDir,
  };
  const run = new Promise<{ status: number | null; stderr: string }>((resolve) => {
    execFile(
      'setpriv',
      [...argv, 'call', 'vault_code', '--url', url],
      { env, timeout: 60_000 },
      (error, _out, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
  return within(75_000, 'the CLI as nobody', run);
}
