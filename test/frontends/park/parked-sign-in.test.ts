// A sign-in parked in the parking front-end (issue 34 item 3), without a server: how each answer
// is taken. `done` leaves it waiting for the sign-in to finish; a pasted address goes to the
// sign-in's own check and a refused one leaves it waiting; values are the wrong kind of answer;
// `cancel` stops it; the sign-in finishing on its own ends the entry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PromptContext } from '../../../src/contracts/renderer.js';
import type { SignInPrompt } from '../../../src/contracts/sign-in-park.js';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { type ParkedQuestion, ParkingRenderer } from '../../../src/frontends/park/index.js';

const ctx = (): PromptContext => ({
  server: { label: 'vault', origin: 'https://mcp.example.com' },
  era: '2025-11-25',
  signal: new AbortController().signal,
  waiting: 0,
});

function codeFlow(pasted: string[]): SignInPrompt {
  return {
    kind: 'sign-in',
    message: 'vault needs you to sign in',
    analysis: analyzeUrl('https://auth.example.com/authorize?state=s1', {}),
    pasteBack: (address) => {
      if (!address.includes('state=s1')) return { ok: false, reason: 'Not accepted: another sign-in' };
      pasted.push(address);
      return { ok: true };
    },
  };
}

describe('a sign-in parked in the parking front-end', () => {
  it('is listed as mode sign-in, takes done without ending, refuses values and a wrong paste, and ends on a right one (P-19, A-53)', async () => {
    const seen: ParkedQuestion[] = [];
    const settled: string[] = [];
    const renderer = new ParkingRenderer({
      onPark: (q) => seen.push(q),
      onSettle: (_id, how) => settled.push(how),
    });
    const pasted: string[] = [];
    const parked = renderer.parkSignIn(codeFlow(pasted), ctx());
    const [question] = seen;
    assert.equal(question?.mode, 'sign-in');
    assert.equal(question?.flow, 'authorization-code');
    assert.equal(question?.site, 'example.com');
    const id = question?.id ?? '';
    assert.deepEqual(renderer.answer(id, { action: 'done' }), { ok: true, waiting: true });
    assert.equal(renderer.answer(id, { action: 'accept', sets: { a: '1' } }).ok, false);
    const wrong = renderer.answer(id, { action: 'paste-back', address: 'http://127.0.0.1/cb?state=other' });
    assert.deepEqual(wrong, { ok: false, code: 'invalid', message: 'Not accepted: another sign-in' });
    assert.equal(renderer.prompt(id), undefined, 'no front-end can draw it');
    assert.equal(renderer.pending().length, 1, 'still waiting');
    assert.deepEqual(renderer.answer(id, { action: 'paste-back', address: 'http://127.0.0.1/cb?state=s1' }), {
      ok: true,
    });
    assert.deepEqual(pasted, ['http://127.0.0.1/cb?state=s1']);
    assert.equal(renderer.pending().length, 0);
    parked.finished();
    assert.deepEqual(settled, ['answered']);
  });

  it('a device code refuses a paste, finishing on its own ends it as completed, and cancel stops another (P-19, P-20)', async () => {
    const settled: string[] = [];
    const renderer = new ParkingRenderer({ onSettle: (_id, how) => settled.push(how) });
    const device: SignInPrompt = {
      kind: 'sign-in',
      message: 'vault needs you to sign in with a device code',
      analysis: analyzeUrl('https://auth.example.com/device?user_code=WDJB-MJHT', {}),
      device: {
        verificationUri: 'https://auth.example.com/device',
        verificationUriComplete: 'https://auth.example.com/device?user_code=WDJB-MJHT',
        userCode: 'WDJB-MJHT',
        expiresAt: Date.now() + 600_000,
      },
    };
    const first = renderer.parkSignIn(device, ctx());
    const [question] = renderer.pending();
    assert.equal(question?.flow, 'device');
    assert.equal(question?.userCode, 'WDJB-MJHT');
    assert.equal(question?.expiresBy, device.device?.expiresAt);
    const paste = renderer.answer(question?.id ?? '', { action: 'paste-back', address: 'http://x' });
    assert.equal(paste.ok === false && paste.code, 'wrong-mode');
    first.finished();
    assert.deepEqual(settled, ['completed']);
    const second = renderer.parkSignIn(device, ctx());
    const id = renderer.pending()[0]?.id ?? '';
    assert.deepEqual(renderer.answer(id, { action: 'cancel' }), { ok: true });
    assert.match((await second.stopped).detail, /cancelled \(mcp-elicit answer --cancel\)/);
    const third = renderer.parkSignIn(device, ctx());
    const next = renderer.pending()[0]?.id ?? '';
    const why = 'the server needs a sign-in before this saved question can be answered';
    assert.deepEqual(renderer.answer(next, { action: 'cancel', why }), { ok: true });
    assert.equal((await third.stopped).detail, why, "the park's own reason, not the person's --cancel");
  });
});
