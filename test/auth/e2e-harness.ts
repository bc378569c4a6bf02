// Shared by the sign-in end-to-end tests: the outside authorization server (oidc-provider) in
// front of the protected MCP server, the scripted sign-in browser as BROWSER, and a bare SDK sign-in
// (the SDK's own auth() with an in-memory provider) for tests that need tokens without the CLI.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  auth,
  type OAuthClientProvider,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import {
  type AuthServerOptions,
  type RunningAuthServer,
  startAuthServer,
  TEST_PASSWORD,
} from '../fixtures/auth/authorization-server.js';
import {
  freePort,
  mcpUrlFor,
  type RunningProtectedServer,
  startProtectedServer,
} from '../fixtures/auth/protected-server.js';
import { root } from '../helpers/cli.js';

export interface ProtectedSetup {
  readonly as: RunningAuthServer;
  readonly rs: RunningProtectedServer;
  close(): Promise<void>;
}

/** The authorization server and the MCP server it protects, both on 127.0.0.1. */
export async function startProtected(
  options: Omit<AuthServerOptions, 'resource'> = {},
): Promise<ProtectedSetup> {
  const port = await freePort();
  const as = await startAuthServer({ ...options, resource: mcpUrlFor(port) });
  const rs = await startProtectedServer({ issuer: as.issuer, port });
  return {
    as,
    rs,
    close: async () => {
      await rs.close();
      await as.close();
    },
  };
}

export type SignInMode = 'sign-in' | 'record' | 'deny' | 'wrong-password';

export interface SignInBrowser {
  /** The BROWSER value. */
  readonly command: string;
  /** URLs it was asked to open, in order. */
  opened(): string[];
}

/** The scripted person at the sign-in page (test/fixtures/auth/sign-in-browser.mjs). */
export function signInBrowser(mode: SignInMode = 'sign-in'): SignInBrowser {
  const log = join(mkdtempSync(join(tmpdir(), 'sign-in-browser-')), 'opened.jsonl');
  const script = join(root, 'test/fixtures/auth/sign-in-browser.mjs');
  return {
    command: `"${process.execPath}" "${script}" --mode=${mode} --log=${log}`,
    opened: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .slice(0, -1)
            .map((line) => String((JSON.parse(line) as { url: unknown }).url))
        : [],
  };
}

export interface DirectGrant {
  readonly tokens: StoredOAuthTokens;
  readonly client: StoredOAuthClientInformation;
}

/**
 * Signs in with the SDK's auth() alone (an in-memory provider, the scripted browser, a one-shot
 * listener): tokens for tests of what comes after a sign-in.
 */
export async function signInDirect(serverUrl: string): Promise<DirectGrant> {
  const port = await freePort();
  const redirect = `http://127.0.0.1:${port}/callback`;
  let client: StoredOAuthClientInformation | undefined;
  let tokens: StoredOAuthTokens | undefined;
  let verifier = '';
  let authorizationUrl: URL | undefined;
  const provider: OAuthClientProvider = {
    redirectUrl: redirect,
    clientMetadata: { client_name: 'test', redirect_uris: [redirect], token_endpoint_auth_method: 'none' },
    clientInformation: () => client,
    saveClientInformation: (c) => {
      client = c;
    },
    tokens: () => tokens,
    saveTokens: (t) => {
      tokens = t;
    },
    redirectToAuthorization: (url) => {
      authorizationUrl = url;
    },
    saveCodeVerifier: (v) => {
      verifier = v;
    },
    codeVerifier: () => verifier,
  };
  if ((await auth(provider, { serverUrl })) !== 'REDIRECT' || authorizationUrl === undefined)
    throw new Error('expected a redirect to the sign-in page');
  const callback = await new Promise<URLSearchParams>((resolve, reject) => {
    const listener = createServer((req, res) => {
      res.writeHead(200, { connection: 'close' }).end('signed in');
      listener.close();
      resolve(new URL(req.url ?? '/', redirect).searchParams);
    }).listen(port, '127.0.0.1', () => {
      execFile(
        process.execPath,
        [join(root, 'test/fixtures/auth/sign-in-browser.mjs'), String(authorizationUrl)],
        (error) => {
          if (error) reject(error);
        },
      );
    });
  });
  const code = callback.get('code');
  const iss = callback.get('iss');
  if (code === null) throw new Error('no code on the callback');
  await auth(provider, { serverUrl, authorizationCode: code, ...(iss !== null && { iss }) });
  if (tokens === undefined || client === undefined) throw new Error('no tokens after the code exchange');
  return { tokens, client };
}

/** A refresh grant at the token endpoint: the status the server answers (200 while the grant lives). */
export async function refreshStatus(issuer: string, grant: DirectGrant, resource: string): Promise<number> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.refresh_token ?? '',
      client_id: grant.client.client_id,
      resource,
    }),
  });
  await response.body?.cancel();
  return response.status;
}

/** The status the protected server answers a bare tools/list POST carrying `accessToken`. */
export async function mcpStatus(url: string, accessToken: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Every token string in the sign-in store under `dir` (to prove none leaks anywhere). */
export function storedTokens(dir: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string' && /token$/.test(key) && value.length >= 16) found.push(value);
    else if (typeof value === 'object' && value !== null)
      for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    walk(JSON.parse(readFileSync(join(dir, name), 'utf8')), '');
  return found;
}

/** No token in the sign-in store under `authDir` (a sign-in stopped stores nothing). */
export function nothingStored(authDir: string): void {
  const tokens = existsSync(authDir) && readdirSync(authDir).length > 0 ? storedTokens(authDir) : [];
  assert.deepEqual(tokens, [], 'no token stored');
}

/** The store folder is 0700 and every file in it 0600 (A-28, E-08). */
export function assertPrivateStore(dir: string): void {
  assert.equal(statSync(dir).mode & 0o777, 0o700, `${dir} is 0700`);
  const files = readdirSync(dir);
  assert.ok(files.length > 0, 'the store holds a file');
  for (const name of files) assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600, `${name} is 0600`);
}

/** Fails when any of `secrets` occurs in any of `texts` (named for the message). */
export function assertNoSecrets(secrets: readonly string[], texts: Record<string, string>): void {
  assert.ok(secrets.length > 0, 'there are tokens to look for');
  for (const [where, text] of Object.entries(texts))
    for (const secret of secrets) assert.ok(!text.includes(secret), `a token appears in ${where}`);
}

/** A fresh private store folder for one test's CLI runs. */
export function scratchAuthDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'mcp-elicit-auth-')), 'auth');
}

/** The person on another device: the verification page, the code confirmed, login and consent. */
export async function approveAt(page: Page, url: string): Promise<void> {
  // Another device: no session left from an earlier test.
  await page.context().clearCookies();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await page.goto(url);
  await page.click('button[autofocus]');
  await page.fill('input[name="login"]', 'ada');
  await page.fill('input[name="password"]', TEST_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
  await page.click('button[type="submit"]');
  await page.waitForLoadState();
}
