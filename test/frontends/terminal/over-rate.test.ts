import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeContext, openOverRate } from './harness.js';

const info = { burst: 10, perMinute: 10 };

describe('"this server keeps asking" in the terminal (C-21, issue 12 #9)', () => {
  it('rate-limit.terminal-offers-to-mute-a-server-that-keeps-asking', async () => {
    const s = openOverRate(info, makeContext({ server: { label: 'nagger', selfName: 'Nag 1.0' } }));
    await s.settle();
    const screen = s.screen();
    assert.match(screen, /^Too many requests from nagger \(calls itself "Nag 1\.0"\)/);
    assert.match(
      screen,
      /This server keeps asking: it went over its limit of 10 requests in a row, then\n10 a minute\./,
    );
    assert.match(screen, /\[>Mute this server<\] {2}\[ Show the request \] {2}\[ Cancel this one \]/);
    await s.press('enter');
    assert.equal(await s.answer, 'mute');
    assert.match(s.after(), /Muted nagger: its requests are cancelled for this session\./);
  });

  it('s shows the request, Esc cancels just this one (nothing was answered)', async () => {
    const shown = openOverRate(info);
    await shown.type('s');
    assert.equal(await shown.answer, 'allow');
    const dismissed = openOverRate(info);
    await dismissed.press('esc');
    assert.equal(await dismissed.answer, 'cancel');
  });

  it('a request withdrawn while the question is up ends it as cancel', async () => {
    const withdrawn = new AbortController();
    const s = openOverRate(info, makeContext({ signal: withdrawn.signal }));
    await s.settle();
    withdrawn.abort();
    assert.equal(await s.answer, 'cancel');
  });
});
