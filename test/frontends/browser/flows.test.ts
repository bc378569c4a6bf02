// How a browser prompt ends, in real Chromium: decline, cancel and a double submit on both eras;
// on a 2025-11-25 connection also the tab closed, the server withdrawing (only 2025 servers can
// withdraw a request they sent), the timeout, and several prompts queued. One Chromium per file.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Era } from '../../../src/contracts/protocol.js';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import { PromptQueue } from '../../../src/mcp/prompt-queue.js';
import {
  launchChromium,
  pageOpener,
  recordCspViolations,
  type TestChromium,
} from '../../helpers/chromium.js';
import { req } from '../../helpers/req.js';
import { within } from '../../helpers/within.js';
import { type EchoRig, echoRig } from './harness.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    colour: { type: 'string', title: 'Colour', enum: ['red', 'green'] },
  },
  required: ['name'],
};

async function formShown(page: Page): Promise<void> {
  await page.waitForSelector('form#form input[name="step"][value="edit"]', { state: 'attached' });
  // The form is in the DOM before its deferred script runs; typing earlier sends no live check.
  await page.waitForLoadState('domcontentloaded');
}

let chrome: TestChromium;
before(async () => {
  chrome = await launchChromium();
});
after(async () => {
  await chrome.close();
});

for (const era of ['2025-11-25', '2026-07-28'] as const satisfies readonly Era[]) {
  describe(`browser prompts end as the person (or the clock, or the server) says, on ${era}`, () => {
    let context: BrowserContext;
    let page: Page;
    let rig: EchoRig;
    let violations: string[] = [];
    const logged: string[] = [];
    const waiters: (() => void)[] = [];
    const log = (line: string) => {
      logged.push(line);
      for (const wake of waiters.splice(0)) wake();
    };
    /** The first line logged after the first `from` lines that matches `pattern`, once it is. */
    const untilLogged = async (from: number, pattern: RegExp): Promise<string> => {
      for (;;) {
        const line = logged.slice(from).find((l) => pattern.test(l));
        if (line !== undefined) return line;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    before(async () => {
      context = await chrome.browser.newContext();
      violations = await recordCspViolations(context); // every tab of the context, reopened ones too
      page = await context.newPage();
      rig = await echoRig(era, () => page, { log });
    });
    after(async () => {
      await rig.close();
      await context.close();
    });

    it('Decline sends decline; Cancel sends cancel; neither carries content', async () => {
      let answer = rig.ask(schema);
      await formShown(page);
      await page.click('button[value="decline"]');
      assert.deepEqual(await answer, { action: 'decline' });
      answer = rig.ask(schema);
      await formShown(page);
      await page.click('button[value="cancel"]');
      assert.deepEqual(await answer, { action: 'cancel' });
    });

    it('a second submit of the same form gets "already answered", never a second answer', async () => {
      const answer = rig.ask(schema);
      await formShown(page);
      await page.fill('#f0', 'Ada');
      await page.click('button[value="review"]');
      await page.waitForSelector('dl.review');
      const nonce = await page.inputValue('input[name="nonce"]');
      await page.click('button[value="submit"]');
      assert.deepEqual(await answer, { action: 'accept', content: { name: 'Ada' } });
      await page.waitForSelector('h1:text("Nothing to answer")');
      // The same form posted again (a double click, a back button, a resent request).
      await page.evaluate((n) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/answer';
        for (const [name, value] of [
          ['nonce', n],
          ['step', 'review'],
          ['action', 'submit'],
        ] as const) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }, nonce);
      await page.waitForSelector('h1:text("Already answered")');
    });

    it('the review lines every answer up in one column, however long each label is (a ragged column was issue 36)', async () => {
      const labelled = {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name' },
          email: { type: 'string', title: 'Email address for the monthly billing statements' },
          seats: { type: 'integer', title: 'Seats', default: 12 },
        },
      };
      const answer = rig.ask(labelled);
      await formShown(page);
      await page.fill('#f0', 'Ada');
      await page.fill('#f1', 'ada@example.com');
      await page.click('button[value="review"]');
      await page.waitForSelector('dl.review');
      const lefts = await page.$$eval('dl.review dd', (cells) =>
        cells.map((c) => c.getBoundingClientRect().left),
      );
      assert.equal(lefts.length, 3);
      assert.deepEqual(new Set(lefts).size, 1, `answers start at ${lefts.join(', ')}`);
      await page.click('button[value="cancel"]');
      assert.deepEqual(await answer, { action: 'cancel' });
    });

    if (era === '2025-11-25') {
      it(req`closing the tab keeps the request open: the launch page printed on stderr brings the form back with what was typed (H-38)`, async () => {
        // A short grace before a tab counts as closed (3 s by default); the 5 min to come back as shipped.
        const opener = pageOpener(() => page);
        const renderer = new BrowserRenderer({ opener, tabClosedGraceMs: 300, log });
        const reopening = await echoRig(era, () => page, { renderer });
        const answer = reopening.ask(schema);
        await formShown(page);
        // The script's live check keeps the draft on the server.
        const checked = page.waitForResponse((response) => response.url().endsWith('/check'));
        await page.fill('#f0', 'Ad');
        await checked;
        const told = logged.length;
        await page.close();
        const line = await within(10_000, 'the tab-closed notice', untilLogged(told, /tab was closed/));
        assert.match(
          line,
          /the form's tab was closed; the request stays open 5 min for you to come back\. Open this page to get it back \(only your account can read it\):\n {2}file:\/\//,
        );
        page = await context.newPage();
        try {
          await page.goto(opener.opened.at(-1) ?? '');
          await formShown(page);
          assert.equal(await page.inputValue('#f0'), 'Ad', 'the same request, with what was typed');
          await page.fill('#f0', 'Ada');
          await page.click('button[value="review"]');
          await page.waitForSelector('dl.review');
          await page.click('button[value="submit"]');
          assert.deepEqual(await answer, { action: 'accept', content: { name: 'Ada' } });
        } finally {
          await reopening.close();
          await renderer.close();
        }
      });

      it(req`a tab closed and not reopened within the bound ends its request as cancel (tab-closed); the next one opens a new tab (H-38)`, async () => {
        const quick = new BrowserRenderer({
          opener: pageOpener(() => page),
          tabClosedGraceMs: 200,
          tabReturnMs: 300,
          log: () => {},
        });
        const asked = await echoRig(era, () => page, { renderer: quick, label: 'quick' });
        try {
          const answer = asked.ask(schema);
          await formShown(page);
          const checked = page.waitForResponse((response) => response.url().endsWith('/check'));
          await page.fill('#f0', 'Ad');
          await checked;
          await page.close();
          assert.deepEqual(await answer, { action: 'cancel' });
          page = await context.newPage();
          const next = asked.ask(schema);
          await formShown(page);
          assert.equal(
            await page.inputValue('#f0'),
            'Ad',
            'what was typed before the tab closed is offered again',
          );
          assert.match((await page.textContent('main')) ?? '', /Restored your earlier answers/);
          await page.click('button[value="cancel"]');
          assert.deepEqual(await next, { action: 'cancel' });
        } finally {
          await asked.close();
          await quick.close();
        }
      });

      it('a request the server withdraws leaves the page saying so; what was typed comes back next time', async () => {
        const answer = rig.ask(schema);
        await formShown(page);
        const checked = page.waitForResponse((response) => response.url().endsWith('/check'));
        await page.fill('#f0', 'Grace');
        await checked;
        assert.equal(await rig.withdraw(), 1);
        const echoed = await answer;
        assert.ok(echoed.withdrawn, JSON.stringify(echoed));
        await page.waitForSelector('text=withdrew this request');
        const again = rig.ask(schema);
        await formShown(page);
        assert.equal(await page.inputValue('#f0'), 'Grace');
        await page.click('button[value="decline"]');
        assert.deepEqual(await again, { action: 'decline' });
      });

      it('several prompts wait in one queue, "2 more waiting" is shown, and "cancel all from this server" cancels the rest of that server', async () => {
        const queue = new PromptQueue();
        const renderer = new BrowserRenderer({ opener: pageOpener(() => page) });
        const alpha = await echoRig('2025-11-25', () => page, { renderer, queue, label: 'alpha' });
        const beta = await echoRig('2025-11-25', () => page, { renderer, queue, label: 'beta' });
        try {
          const first = alpha.ask(schema, { message: 'alpha one' });
          await formShown(page);
          const second = beta.ask(schema, { message: 'beta one' });
          await page.waitForSelector('#queue:text("1 more request waiting")');
          const third = alpha.ask(schema, { message: 'alpha two' });
          await page.waitForSelector('#queue:text("2 more requests waiting")');
          await page.fill('#f0', 'Ada');
          await page.click('button[value="review"]');
          await page.click('button[value="submit"]');
          assert.deepEqual(await first, { action: 'accept', content: { name: 'Ada' } });
          await page.waitForSelector('#message p:text-is("beta one")');
          assert.match((await page.textContent('#queue')) ?? '', /1 more request waiting/);
          await page.click('button[value="cancel"]');
          assert.deepEqual(await second, { action: 'cancel' });
          await page.waitForSelector('#message p:text-is("alpha two")');
          await page.click('button[value="mute"]');
          assert.deepEqual(await third, { action: 'cancel' });
          const fourth = await alpha.ask(schema, { message: 'alpha three' });
          assert.deepEqual(fourth, { action: 'cancel' }, 'alpha is muted for the session');
        } finally {
          await alpha.close();
          await beta.close();
          await renderer.close();
        }
      });

      it('an unanswered page is cancelled at the timeout and says so', async () => {
        const renderer = new BrowserRenderer({
          opener: pageOpener(() => page),
          lingerMs: 5000,
          timeoutMs: 1500,
        });
        const timed = await echoRig('2025-11-25', () => page, { renderer });
        try {
          // Not waiting for the form first: under load the tab may load after the 1.5 s are up,
          // and then it opens on the ended page, which must say the same.
          const answer = timed.ask(schema);
          assert.deepEqual(await answer, { action: 'cancel' });
          await page.waitForSelector('text=left unanswered too long');
        } finally {
          await timed.close();
          await renderer.close();
        }
      });

      it('closing the front-end while a form is shown cancels it, and the tab says the session ended', async () => {
        const renderer = new BrowserRenderer({ opener: pageOpener(() => page), lingerMs: 60_000 });
        const closing = await echoRig('2025-11-25', () => page, { renderer });
        try {
          const answer = closing.ask(schema);
          await formShown(page);
          await renderer.close();
          assert.deepEqual(await answer, { action: 'cancel' });
          // Already loaded before close() returned: the tab is not left on a dead form.
          assert.match(
            (await page.textContent('body')) ?? '',
            /The session ended, so the request was cancelled/,
          );
        } finally {
          await closing.close();
        }
      });
    }

    it('loaded every page above with zero Content-Security-Policy violations', () => {
      assert.deepEqual(violations, []);
    });
  });
}
