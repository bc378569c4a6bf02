// The device authorization grant (RFC 8628) as a state machine, against oidc-provider with its
// device flow on: a real authorization server, the SDK's own discovery and registration, a person
// who approves (or aborts) in Chromium, and the clock injected so no test waits for an interval.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { auth } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import type { DeviceClock } from '../../src/auth/device-clock.js';
import { DEVICE_GRANT, type DeviceFlow, startDeviceFlow } from '../../src/auth/device-flow.js';
import { SignInProvider } from '../../src/auth/provider.js';
import { AuthStore } from '../../src/auth/store.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import { TEST_PASSWORD } from '../fixtures/auth/authorization-server.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { req } from '../helpers/req.js';
import { within } from '../helpers/within.js';
import { mcpStatus, type ProtectedSetup, startProtected } from './e2e-harness.js';

/** A clock that never waits: each sleep is recorded and moves time on. */
function testClock(start = Date.now()) {
  let now = start;
  const sleeps: number[] = [];
  const clock: DeviceClock = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms) };
}

/** The SDK discovers and registers (with the device grant the metadata offers), then a flow starts. */
async function startFor(setup: ProtectedSetup, clock?: DeviceClock): Promise<DeviceFlow> {
  const serverUrl = new URL(setup.rs.url);
  const store = new AuthStore(join(mkdtempSync(join(tmpdir(), 'mcp-elicit-device-')), 'auth'));
  const provider = await SignInProvider.open({ serverUrl, store });
  provider.setCallbackPort(9);
  assert.equal(await auth(provider, { serverUrl, fetchFn: provider.watchFetch() }), 'REDIRECT');
  // As the sign-in does: a client registered before the device endpoint was seen registers again.
  await provider.invalidateCredentials('client');
  assert.equal(await auth(provider, { serverUrl, fetchFn: provider.watchFetch() }), 'REDIRECT');
  const pending = provider.takeAuthorization();
  const metadata = provider.discoveryState()?.authorizationServerMetadata;
  assert.ok(pending && metadata);
  const client = await provider.clientInformation({ issuer: metadata.issuer });
  assert.ok(client);
  assert.ok(provider.clientMetadata.grant_types?.includes(DEVICE_GRANT), 'registered for the device grant');
  const endpoint = await provider.deviceEndpoint();
  assert.ok(endpoint);
  return startDeviceFlow({
    provider,
    metadata,
    endpoint,
    client,
    scope: pending.url.searchParams.get('scope') ?? '',
    resource: pending.url.searchParams.get('resource') ?? '',
    ...(clock && { clock }),
  });
}

/** The person at the verification page: confirm the code, log in, consent (or abort). */
async function approve(page: Page, flow: DeviceFlow, abort = false): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await page.goto(flow.authorization.verificationUriComplete ?? '');
  await page.waitForSelector('button[name="abort"]');
  assert.match(
    (await page.textContent('body')) ?? '',
    new RegExp(flow.authorization.userCode.replace('-', '.?')),
  );
  if (abort) {
    await page.click('button[name="abort"]');
    await page.waitForLoadState();
    return;
  }
  await page.click('button[autofocus]');
  await page.fill('input[name="login"]', 'ada');
  await page.fill('input[name="password"]', TEST_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
  await page.click('button[type="submit"]');
  await page.waitForLoadState();
}

function signInFailed(pattern: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof ElicitError, String(error));
    assert.equal(error.code, 'sign-in-failed');
    assert.match(error.message, pattern);
    return true;
  };
}

describe('the device authorization grant at oidc-provider', () => {
  const page = useChromiumPage();
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ deviceFlow: {} });
  });
  after(() => setup.close());

  it(req`asks for a code with the client and the resource, and gets what a person needs, the interval defaulting to 5 s (A-47, A-48, A-50)`, async () => {
    const flow = await startFor(setup);
    const { authorization } = flow;
    assert.match(authorization.userCode, /^\w{4}-\w{4}$/);
    assert.equal(new URL(authorization.verificationUri).origin, setup.as.issuer);
    assert.ok(authorization.verificationUriComplete?.includes('user_code='));
    assert.ok(authorization.expiresAt > Date.now());
    assert.equal(flow.intervalMs, 5000, 'oidc-provider sends no interval: 5 s (§3.2)');
    const request = setup.as.deviceRequests.at(-1);
    assert.equal(request?.path, '/device/auth');
    assert.equal(request?.body.get('resource'), setup.rs.url);
    assert.ok(request?.body.get('client_id'));
  });

  it(req`polls pending until the person approves in Chromium, then has tokens for the server; every poll carries the resource (A-49, A-50)`, async () => {
    const flow = await startFor(setup);
    const first = await flow.poll();
    assert.deepEqual(first, { kind: 'wait', waitMs: 5000 }, 'authorization_pending: wait the interval');
    await within(60_000, 'the approval in Chromium', approve(page(), flow));
    const second = await flow.poll();
    assert.equal(second.kind, 'tokens');
    assert.ok(second.kind === 'tokens' && second.tokens.refresh_token, 'a refresh token for later runs');
    if (second.kind === 'tokens')
      assert.equal(await mcpStatus(setup.rs.url, second.tokens.access_token), 200);
    const polls = setup.as.deviceRequests.filter((r) => r.path === '/token').slice(-2);
    assert.equal(polls.length, 2);
    for (const poll of polls) assert.equal(poll.body.get('resource'), setup.rs.url);
  });

  it(req`access_denied (the person pressed Abort) stops the polling with a clear error (A-49)`, async () => {
    const flow = await startFor(setup);
    await within(60_000, 'the abort in Chromium', approve(page(), flow, true));
    await assert.rejects(flow.poll(), signInFailed(/denied/));
  });

  it(req`expired_token from the server stops the polling (A-49)`, async () => {
    const flow = await startFor(setup);
    setup.as.store.expire('DeviceCode');
    await assert.rejects(flow.poll(), signInFailed(/expired before it was approved/));
  });

  it(req`past expires_in on the client's clock nothing more is asked (A-49)`, async () => {
    const time = testClock();
    const flow = await startFor(setup, time.clock);
    const before = setup.as.deviceRequests.length;
    time.advance(flow.authorization.expiresAt - time.clock.now());
    await assert.rejects(flow.waitForTokens(), signInFailed(/expired before it was approved/));
    assert.equal(setup.as.deviceRequests.length, before, 'no token request after the expiry');
  });
});

describe('a device grant that is told to slow down', () => {
  const page = useChromiumPage();
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ deviceFlow: { slowDown: 1, interval: 2 } });
  });
  after(() => setup.close());

  it(req`waits the interval before the first poll, and 5 s more after slow_down for every later poll (A-49)`, async () => {
    const time = testClock();
    const flow = await startFor(setup, time.clock);
    assert.equal(flow.intervalMs, 2000, 'the server named interval is used');
    await within(60_000, 'the approval in Chromium', approve(page(), flow));
    const tokens = await flow.waitForTokens();
    assert.ok(tokens.access_token);
    assert.deepEqual(time.sleeps, [2000, 7000], 'interval, then interval + 5 s after slow_down');
    assert.equal(flow.intervalMs, 7000, 'the slower pace stays');
  });
});
