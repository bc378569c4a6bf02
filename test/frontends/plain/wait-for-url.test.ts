// The plain front-end's waiting state after a URL was opened (C-14): done, retry now, cancel,
// read from the same line queue as its forms, so lines typed ahead are never lost.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { harness } from './harness.js';

const info = (reason: 'finish-in-browser' | 'browser-failed') => ({
  server: { label: 'accounts\u001b[31m' },
  url: 'https://accounts.example.com/connect?flow=1',
  message: 'Connect your account',
  reason,
});

describe('PlainRenderer.waitForUrl', () => {
  it('answers done, retry and cancel from the lines typed, in order, with server text sanitised', async () => {
    const h = harness();
    h.type('d', 'r', 'c');
    const signal = new AbortController().signal;
    assert.equal(await h.renderer.waitForUrl(info('finish-in-browser'), signal), 'done');
    assert.equal(await h.renderer.waitForUrl(info('finish-in-browser'), signal), 'retry');
    assert.equal(await h.renderer.waitForUrl(info('browser-failed'), signal), 'cancel');
    assert.match(h.output(), /Finish in your browser: https:\/\/accounts\.example\.com\/connect\?flow=1/);
    assert.match(h.output(), /could not be opened\. Open this address yourself/);
    assert.equal(
      h.output().includes('\u001b'),
      false,
      'no escape sequence from the server reaches the output',
    );
    await h.renderer.close();
  });

  it('ends as cancel when the request is withdrawn while waiting', async () => {
    const h = harness();
    const controller = new AbortController();
    const waiting = h.renderer.waitForUrl(info('finish-in-browser'), controller.signal);
    await h.waitFor(/Finish in your browser/);
    controller.abort();
    assert.equal(await waiting, 'cancel');
    await h.renderer.close();
  });
});
