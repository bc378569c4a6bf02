// The one check of an authorization response, shared by the loopback listener and paste-back:
// this sign-in's redirect URI, its state, and its iss (through the SDK's RFC 9207 rule).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IssuerMismatchError } from '@modelcontextprotocol/client';
import { type CallbackExpectation, checkCallback } from '../../src/auth/callback-check.js';
import { startCallbackListener } from '../../src/auth/callback-listener.js';
import { req } from '../helpers/req.js';

const REDIRECT = 'http://127.0.0.1:4711/callback';
const ISSUER = 'https://as.example';
const expected = {
  state: 's-1',
  metadata: { issuer: ISSUER, authorization_response_iss_parameter_supported: true },
};

function verdict(address: string, expectation: CallbackExpectation = expected) {
  return checkCallback(new URL(address), REDIRECT, expectation);
}

describe('the authorization response check', () => {
  it(req`accepts this sign-in's redirect URI with its state and iss, handing on the whole query (A-52)`, () => {
    const ok = verdict(`${REDIRECT}?code=c&state=s-1&iss=${encodeURIComponent(ISSUER)}`);
    assert.ok(ok.ok);
    assert.equal(ok.params.get('code'), 'c');
  });

  it(req`refuses another host, port, scheme or path as another listener's address (A-52)`, () => {
    for (const other of [
      'http://localhost:4711/callback',
      'http://127.0.0.1:4712/callback',
      'https://127.0.0.1:4711/callback',
      'http://127.0.0.1:4711/oauth/callback',
    ]) {
      const refused = verdict(`${other}?code=c&state=s-1&iss=${encodeURIComponent(ISSUER)}`);
      assert.ok(!refused.ok && refused.refusal === 'other-listener', other);
    }
  });

  it(req`refuses a missing or another state (A-22, A-52)`, () => {
    for (const query of ['code=c', 'code=c&state=s-2']) {
      const refused = verdict(`${REDIRECT}?${query}&iss=${encodeURIComponent(ISSUER)}`);
      assert.ok(!refused.ok && refused.refusal === 'wrong-state', query);
    }
  });

  it(req`refuses another iss, a missing advertised iss, and an iss compared loosely (A-25, A-52)`, () => {
    for (const iss of ['&iss=https%3A%2F%2Fevil.example', '', `&iss=${encodeURIComponent(`${ISSUER}/`)}`]) {
      const refused = verdict(`${REDIRECT}?code=c&state=s-1${iss}`);
      assert.ok(!refused.ok && refused.refusal === 'wrong-iss', iss);
      assert.ok(IssuerMismatchError.isInstance(refused.cause));
      assert.ok(!refused.reason.includes('evil'), 'nothing the response says is shown');
    }
    const notAdvertised = { state: 's-1', metadata: { issuer: ISSUER } };
    assert.ok(verdict(`${REDIRECT}?code=c&state=s-1`, notAdvertised).ok, 'no iss where none is advertised');
  });

  it(req`the listener answers a wrong iss with 400 and ends the wait with the SDK's mismatch, code unused (A-25)`, async () => {
    const listener = await startCallbackListener(0, 'demo');
    try {
      const waiting = listener.wait(expected, { timeoutMs: 5000 });
      waiting.catch(() => {});
      const page = await fetch(`${listener.redirectUrl}?code=c&state=s-1&iss=https%3A%2F%2Fevil.example`);
      assert.equal(page.status, 400);
      assert.ok(!(await page.text()).includes('evil'));
      await assert.rejects(waiting, (error) => IssuerMismatchError.isInstance(error));
    } finally {
      await listener.close();
    }
  });
});
