// A server over its rate of prompts (requirements C-21) in the browser front-end, in real Chromium:
// the page asks "mute it?", and only "Show the request" lets the request through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PromptQueue } from '../../../src/mcp/prompt-queue.js';
import { launchChromium, type TestChromium } from '../../helpers/chromium.js';
import { req } from '../../helpers/req.js';
import { type EchoRig, echoRig } from './harness.js';

const schema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } };

async function shown(page: Page, step: 'edit' | 'over-rate'): Promise<void> {
  await page.waitForSelector(`form#form input[name="step"][value="${step}"]`, { state: 'attached' });
}

describe('browser: a server that keeps asking', () => {
  let chrome: TestChromium;
  let page: Page;
  let rig: EchoRig;
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
    rig = await echoRig('2025-11-25', () => page, {
      queue: new PromptQueue({ rate: { burst: 1, perMinute: 1 } }),
    });
  });
  after(async () => {
    await rig.close();
    await chrome.close();
  });

  it(req`is asked about once over its rate: show, cancel or mute, each doing what it says (C-21)`, async () => {
    const first = rig.ask(schema, { message: 'first' });
    await shown(page, 'edit');
    await page.click('button[value="decline"]');
    assert.deepEqual(await first, { action: 'decline' }, 'within the burst: the form itself');

    const second = rig.ask(schema, { message: 'second' });
    await shown(page, 'over-rate');
    assert.match(
      (await page.textContent('[role="alert"]')) ?? '',
      /keeps asking: it went over its limit of 1 request in a row, then 1 a minute/,
    );
    assert.equal(await page.$('#message'), null, 'nothing of the request is shown before "Show"');
    await page.click('button[value="allow"]');
    await shown(page, 'edit');
    await page.waitForSelector('#message p:text-is("second")');
    await page.click('button[value="cancel"]');
    assert.deepEqual(await second, { action: 'cancel' });

    const third = rig.ask(schema, { message: 'third' });
    await shown(page, 'over-rate');
    await page.click('button[value="cancel"]');
    assert.deepEqual(await third, { action: 'cancel' }, 'cancelled without its form');

    const fourth = rig.ask(schema, { message: 'fourth' });
    await shown(page, 'over-rate');
    await page.click('button[value="mute"]');
    assert.deepEqual(await fourth, { action: 'cancel' });
    assert.deepEqual(
      await rig.ask(schema, { message: 'fifth' }),
      { action: 'cancel' },
      'muted: no page at all',
    );
  });
});
