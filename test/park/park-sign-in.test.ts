// A sign-in needed under --park parks like a question (issue 34 item 3, with issue 33): nothing is
// prompted or opened, the call exits 6 with a pending entry of mode "sign-in", and the sign-in
// goes on in the holder: its 127.0.0.1 listener takes a same-machine browser's redirect, or its
// device polling gets the tokens once a person approves the code in Chromium. `answer --done`
// waits for that and prints the tool's result; `--paste-back` takes the address from stdin, checked
// as the listener checks it; `--cancel` stops it with nothing stored. Real oidc-provider throughout.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  approveAt,
  assertNoSecrets,
  nothingStored,
  type ProtectedSetup,
  scratchAuthDir,
  signInBrowser,
  startProtected,
  storedTokens,
} from '../auth/e2e-harness.js';
import { signInAt, signInElsewhere } from '../auth/paste-back-harness.js';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { type CliRun, freshCacheDir, jsonReport, resultText } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { within } from '../helpers/within.js';
import { ParkPlace, parked } from './park-helpers.js';

interface SignInEntry {
  id: string;
  mode: string;
  flow: string;
  url: string;
  site: string;
  siteAscii: string;
  warnings: string[];
  verificationUri?: string;
  verificationUriComplete?: string;
  userCode?: string;
  expiresAt: string;
  expiryNote?: string;
  answer: string;
}

/** One test's places: the parked folder, the sign-in store, the era cache, and a BROWSER that records. */
function places() {
  const place = new ParkPlace();
  const browser = signInBrowser('record');
  const env = {
    MCP_ELICIT_AUTH_DIR: scratchAuthDir(),
    MCP_ELICIT_CACHE_DIR: freshCacheDir(),
    BROWSER: browser.command,
  };
  return { place, browser, env };
}

function signInEntry(run: CliRun): SignInEntry {
  assert.equal(run.status, 6, `parked (exit 6): ${run.stderr}`);
  const report = parked(run);
  assert.equal(report.pending.length, 1);
  return report.pending[0] as unknown as SignInEntry;
}

/** Every file of the parked folder, as text (records and nothing else: no token may be in one). */
function parkedFiles(place: ParkPlace): string {
  if (!existsSync(place.dir)) return '';
  return readdirSync(place.dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readFileSync(join(place.dir, name), 'utf8'))
    .join('\n');
}

/** A person signing in on this machine, with no session left from an earlier test. */
async function freshSignIn(page: Page, url: string): Promise<void> {
  await page.context().clearCookies();
  await signInAt(page, url);
}

describe('a sign-in needed under --park parks like a question', () => {
  const page = useChromiumPage();
  let device: ProtectedSetup;
  let plain: ProtectedSetup;
  const used: ParkPlace[] = [];
  before(async () => {
    [device, plain] = await Promise.all([startProtected({ deviceFlow: { interval: 1 } }), startProtected()]);
  });
  after(() => Promise.all([device.close(), plain.close()]));
  afterEach(() => {
    for (const place of used.splice(0)) place.stopAll();
  });

  it(req`the device flow parks its code, a person approves it in Chromium, and answer --done prints the result (P-19, P-20)`, async () => {
    const { place, browser, env } = places();
    used.push(place);
    const args = ['--park', '--json', '--sign-in', 'device', 'call', 'vault_code', '--url', device.rs.url];
    const call = await place.run(args, env);
    const entry = signInEntry(call);
    assert.equal(entry.mode, 'sign-in');
    assert.equal(entry.flow, 'device');
    assert.equal(new URL(entry.verificationUri ?? '').origin, device.as.issuer);
    assert.match(entry.userCode ?? '', /^[A-Z]{4}-[A-Z]{4}$/);
    const complete = entry.verificationUriComplete ?? '';
    assert.equal(new URL(complete).searchParams.get('user_code'), entry.userCode);
    // The page analysed as a URL step's: the address shown, its site in both forms.
    assert.equal(entry.url, complete);
    assert.equal(entry.site, '127.0.0.1');
    assert.equal(entry.siteAscii, '127.0.0.1');
    assert.equal(entry.answer, `mcp-elicit answer ${entry.id} --done`);
    // oidc-provider's device codes last 600 s: the entry cannot outlive its code (--park-ttl is 1 h).
    const left = Date.parse(entry.expiresAt) - Date.now();
    assert.ok(left > 0 && left <= 600_000, `capped by expires_in: ${entry.expiresAt}`);
    assert.match(entry.expiryNote ?? '', /device code expires first.*expires_in/);
    assert.deepEqual(browser.opened(), [], 'nothing was opened on this machine');
    assert.doesNotMatch(call.stderr, /enter the code/, 'nothing was shown on the terminal');
    // answer --done waits while the person approves the code on another device.
    const answering = place.run(['answer', entry.id, '--done'], env);
    await within(60_000, 'the approval in Chromium', approveAt(page(), complete));
    const answered = await answering;
    assert.equal(answered.status, 0, answered.stderr);
    assert.equal(resultText(jsonReport(answered)), VAULT_CODE);
    const polls = device.as.deviceRequests.filter((r) => r.path === '/token');
    assert.ok(polls.length > 0 && polls.every((r) => r.body.get('resource') === device.rs.url));
    assertNoSecrets(storedTokens(env.MCP_ELICIT_AUTH_DIR), {
      call: call.stdout + call.stderr,
      answer: answered.stdout + answered.stderr,
    });
  });

  it(req`the authorization-code flow parks its page, the browser comes back to the holder's listener, and answer --done prints the result (P-19, P-20)`, async () => {
    const { place, browser, env } = places();
    used.push(place);
    const call = await place.run(['--park', '--json', 'call', 'vault_code', '--url', plain.rs.url], env);
    const entry = signInEntry(call);
    assert.equal(entry.flow, 'authorization-code');
    const address = new URL(entry.url);
    assert.equal(address.origin, plain.as.issuer);
    assert.equal(entry.verificationUri, undefined);
    assert.equal(entry.userCode, undefined);
    assert.deepEqual(browser.opened(), [], 'nothing was opened on this machine');
    // The JSON and the parked record hold no verifier and no code (the URL carries the challenge).
    for (const text of [call.stdout, parkedFiles(place)]) {
      assert.doesNotMatch(text, /code_verifier|[?&]code=/);
      assert.ok(text.includes('code_challenge') || text === '', 'only the challenge travels');
    }
    // The person signs in on this machine: the redirect reaches the holder's 127.0.0.1 listener.
    await within(60_000, 'the sign-in in Chromium', freshSignIn(page(), entry.url));
    const answered = await place.run(['answer', entry.id, '--done'], env);
    assert.equal(answered.status, 0, answered.stderr);
    assert.equal(resultText(jsonReport(answered)), VAULT_CODE);
    assertNoSecrets(storedTokens(env.MCP_ELICIT_AUTH_DIR), {
      call: call.stdout,
      answer: answered.stdout + answered.stderr,
      parked: parkedFiles(place),
    });
  });

  it(req`a pasted address with another state is refused and the sign-in stays parked; the right one, on stdin, signs in (A-53, A-52)`, async () => {
    const { place, env } = places();
    used.push(place);
    const call = await place.run(['--park', '--json', 'call', 'vault_code', '--url', plain.rs.url], env);
    const entry = signInEntry(call);
    const redirect = new URL(new URL(entry.url).searchParams.get('redirect_uri') ?? '');
    const forged = `${redirect.href}?code=stolen&state=another-sign-in&iss=${encodeURIComponent(plain.as.issuer)}`;
    const refused = await place.run(['answer', entry.id, '--paste-back'], env, `${forged}\n`);
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /answer not taken: Not accepted: this address belongs to another sign-in/);
    assert.doesNotMatch(refused.stderr + refused.stdout, /stolen/, 'the pasted code is never echoed');
    const pending = await place.run(['pending', '--json'], env);
    assert.deepEqual(
      (JSON.parse(pending.stdout) as { pending: { id: string }[] }).pending.map((q) => q.id),
      [entry.id],
    );
    // The person's browser is on another machine: it ends on a 127.0.0.1 page that does not load.
    const ended = await within(60_000, 'the sign-in elsewhere', signInElsewhere(plain.as.issuer, entry.url));
    const answered = await place.run(['answer', entry.id, '--paste-back'], env, `${ended}\n`);
    assert.equal(answered.status, 0, answered.stderr);
    assert.equal(resultText(jsonReport(answered)), VAULT_CODE);
    const code = new URL(ended).searchParams.get('code') ?? '';
    assert.ok(code.length > 0);
    for (const text of [answered.stdout, answered.stderr, parkedFiles(place)])
      assert.ok(!text.includes(code));
  });

  it(req`answer --done gives up past its bound with the entry still parked, and --cancel stops the sign-in with nothing stored (P-20, A-53)`, async () => {
    const { place, env } = places();
    used.push(place);
    const call = await place.run(['--park', 'call', 'vault_code', '--url', plain.rs.url], env);
    assert.equal(call.status, 6, call.stderr);
    // The readable block: the page, the site, and the exact commands.
    const id = /Question ([0-9a-f]{32})/.exec(call.stdout)?.[1] ?? '';
    assert.match(call.stdout, /Sign-in page: http:\/\/127\.0\.0\.1:\d+\/auth\?/);
    assert.ok(call.stdout.includes(`Once signed in: mcp-elicit answer ${id} --done`));
    assert.ok(call.stdout.includes(`mcp-elicit answer ${id} --paste-back`));
    assert.ok(call.stdout.includes(`To stop: mcp-elicit answer ${id} --cancel`));
    const late = await place.run(['answer', id, '--done', '--json'], {
      ...env,
      MCP_ELICIT_SIGN_IN_TIMEOUT: '1',
    });
    assert.equal(late.status, 6, late.stderr);
    assert.match(late.stderr, /the sign-in did not finish within 1 s .* still parked/);
    assert.equal(parked(late).pending[0]?.id, id);
    const cancelled = await place.run(['answer', id, '--cancel'], env);
    assert.equal(cancelled.status, 5, cancelled.stderr);
    assert.match(
      cancelled.stderr,
      /the parked sign-in ended: the sign-in was cancelled .*nothing was stored/,
    );
    nothingStored(env.MCP_ELICIT_AUTH_DIR);
    const pending = await place.run(['pending', '--json'], env);
    assert.deepEqual((JSON.parse(pending.stdout) as { pending: unknown[] }).pending, []);
  });

  it(req`a 2026-07-28 call that would park with no process hands its sign-in to a holder, and answer --done parks the server's next question (P-20, P-15)`, async () => {
    const { place, env } = places();
    used.push(place);
    const args = ['--park', '--json', '--protocol', '2026-07-28', 'call', 'ask_name', '--url', plain.rs.url];
    const call = await place.run(args, env);
    const entry = signInEntry(call);
    assert.equal(entry.flow, 'authorization-code');
    assert.equal(parked(call).protocol?.era, '2026-07-28');
    // The sign-in waits in a holder: its listener takes the browser's redirect.
    assert.ok(place.records().includes(`${entry.id}.json`), 'held, not saved as a round');
    const answering = place.run(['answer', entry.id, '--done'], env);
    await within(60_000, 'the sign-in in Chromium', freshSignIn(page(), entry.url));
    const next = await answering;
    const question = parked(next).pending[0];
    assert.equal(next.status, 6, next.stderr);
    assert.equal(question?.mode, 'form');
    assert.equal(question?.message, 'Who are you?');
    const answered = await place.run(['answer', question?.id ?? '', '--set', 'name=Ada'], env);
    assert.equal(answered.status, 0, answered.stderr);
    assert.equal(resultText(jsonReport(answered)), 'Hello, Ada');
  });
});
