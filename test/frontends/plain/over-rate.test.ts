import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PromptContext } from '../../../src/contracts/renderer.js';
import { harness } from './harness.js';

const info = { burst: 3, perMinute: 3 };
const ctx = (signal = new AbortController().signal): PromptContext => ({
  server: { label: 'nagger' },
  era: '2025-11-25',
  signal,
  waiting: 0,
});

describe('"this server keeps asking" in plain mode (C-21, issue 12 #9)', () => {
  it('rate-limit.plain-offers-to-mute-a-server-that-keeps-asking', async () => {
    const h = harness();
    const choice = h.renderer.overRate(info, ctx());
    await h.waitFor(/Type m to mute this server/);
    assert.match(
      h.output(),
      /Server: nagger\nThis server keeps asking: it went over its limit of 3 requests in a row/,
    );
    h.type('what', 'm');
    assert.equal(await choice, 'mute');
    assert.match(h.output(), /Not understood\. Type m/);
    assert.match(h.output(), /Muted: further requests from this server are cancelled/);
  });

  it('s shows the request, c and the end of input cancel just this one', async () => {
    const h = harness();
    const shown = h.renderer.overRate(info, ctx());
    h.type('s');
    assert.equal(await shown, 'allow');
    const cancelled = h.renderer.overRate(info, ctx());
    h.type('c');
    assert.equal(await cancelled, 'cancel');
    const ended = h.renderer.overRate(info, ctx());
    h.input.end();
    assert.equal(await ended, 'cancel');
  });
});
