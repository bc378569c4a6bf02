import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { req } from '../../helpers/req.js';
import { makePrompt, openForm } from './harness.js';

describe(req`sensitive-looking fields (S-01, S-28)`, () => {
  it('warns that the spec forbids the request and masks the input, on the form and in the review', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: {
        username: { type: 'string', title: 'Username' },
        api_key: { type: 'string', title: 'API key' },
      },
    });
    const s = openForm(prompt);
    await s.type('ada');
    await s.press('tab');
    await s.type('sk-live-123');
    const screen = s.screen();
    assert.match(
      screen,
      /⚠ This field looks like it asks for an API key\. The MCP spec forbids\s+servers to request such data in a form;/,
    );
    assert.match(screen, /\[•{11} +\]/);
    assert.doesNotMatch(screen, /sk-live-123/);
    // S-03: a username is not a secret; it is neither flagged nor masked.
    assert.match(screen, /\[ada +\]/);
    assert.equal(screen.match(/⚠ This field looks like/g)?.length, 1);
    await s.press('pageDown', 'enter');
    const review = s.screen();
    // The one mask every front-end shows a secret with (core/sensitive.ts): not its length.
    assert.match(review, /API key +\*{8} ⚠ secret\?/);
    assert.doesNotMatch(review, /sk-live-123/);
    assert.doesNotMatch(s.raw(), /sk-live-123/, 'the secret never reaches the terminal');
    await s.press('enter');
    // The warning does not block: the person decides (the value is still sent on Submit).
    assert.deepEqual((await s.answer).outcome, {
      action: 'accept',
      content: { username: 'ada', api_key: 'sk-live-123' },
    });
  });
});
