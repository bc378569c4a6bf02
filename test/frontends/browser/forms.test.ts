// Every schema fixture, on both protocol eras, answered in real Chromium by keyboard only: filled,
// reviewed, submitted, and the server's echo asserted (issue 8).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it, mock } from 'node:test';
import type { Page } from 'playwright-core';
import type { Era } from '../../../src/contracts/protocol.js';
import { parseRequestedSchema } from '../../../src/core/schema-parser.js';
import { launchChromium, type TestChromium } from '../../helpers/chromium.js';
import { root } from '../../helpers/cli.js';
import { type EchoRig, echoRig, fillByKeyboard, tabTo } from './harness.js';

function fixture(name: string): { schema: unknown; message: string } {
  const json = JSON.parse(readFileSync(join(root, 'test/fixtures/schemas', `${name}.json`), 'utf8'));
  return 'requestedSchema' in json
    ? { schema: json.requestedSchema, message: json.message }
    : { schema: json, message: `Fixture ${name}` };
}

const FILLABLE = [
  'server-everything-13-fields',
  'spec-page-examples',
  'conformance-sep1034',
  'enum-edge-cases',
];

async function formShown(page: Page): Promise<void> {
  await page.waitForSelector('form#form input[name="step"][value="edit"]', { state: 'attached' });
}

for (const era of ['2025-11-25', '2026-07-28'] as const satisfies readonly Era[]) {
  describe(`browser forms on ${era}`, () => {
    let chrome: TestChromium;
    let page: Page;
    let rig: EchoRig;
    before(async () => {
      chrome = await launchChromium();
      page = await chrome.browser.newPage();
      rig = await echoRig(era, () => page);
    });
    after(async () => {
      await rig.close();
      await chrome.close();
    });

    for (const name of FILLABLE) {
      it(`${name}: filled by keyboard only, reviewed, submitted; the server echoes exactly that`, async () => {
        {
          const { schema, message } = fixture(name);
          const parsed = parseRequestedSchema(schema);
          assert.ok(parsed.ok);
          const answer = rig.ask(schema, { message });
          await formShown(page);
          const expected = await fillByKeyboard(page, parsed.value);
          await tabTo(page, 'button:review');
          await page.keyboard.press('Enter');
          await page.waitForSelector('dl.review');
          assert.equal(
            await page.evaluate(() => (document.activeElement as HTMLButtonElement).value),
            'submit',
            'the review focuses Submit',
          );
          await page.keyboard.press('Enter');
          const echoed = await answer;
          assert.equal(echoed.action, 'accept', JSON.stringify(echoed));
          assert.deepEqual(echoed.content, expected);
        }
      });
    }

    it('unsatisfiable: no review or submit is offered; Decline by keyboard reaches the server as decline', async () => {
      {
        const { schema } = fixture('unsatisfiable');
        const answer = rig.ask(schema);
        await formShown(page);
        assert.equal(await page.locator('button[value="review"], button[value="submit"]').count(), 0);
        await tabTo(page, 'button:decline');
        await page.keyboard.press('Enter');
        assert.deepEqual(await answer, { action: 'decline' });
      }
    });

    it('hostile-many-problems: rejected with -32602 before any page or browser is opened', async () => {
      {
        const { schema } = fixture('hostile-many-problems');
        const opened = rig.opened.length;
        const url = page.url();
        // Only the front-end opens a page: never asked, nothing can open later either.
        const asked = mock.method(rig.renderer, 'form');
        try {
          const outcome = await rig.ask(schema).then(
            (echo: unknown) => JSON.stringify(echo),
            (error: Error) => error.message,
          );
          assert.match(outcome, /-32602|nested objects are not allowed/);
        } finally {
          asked.mock.restore();
        }
        assert.equal(asked.mock.callCount(), 0, 'the front-end was never asked');
        assert.equal(rig.opened.length, opened, 'no browser was opened');
        assert.equal(page.url(), url, 'the page did not move');
      }
    });
  });
}
