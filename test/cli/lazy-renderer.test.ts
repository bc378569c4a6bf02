// The CLI's front-end loaded on first use says what the loaded one would, and no more.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LazyRenderer } from '../../src/cli/lazy-renderer.js';
import type { FormAnswer, PromptContext, Renderer } from '../../src/contracts/renderer.js';
import { analyzeUrl } from '../../src/core/url-safety.js';
import { req } from '../helpers/req.js';

const ctx: PromptContext = {
  server: { label: 's' },
  era: '2025-11-25',
  signal: new AbortController().signal,
  waiting: 0,
};

describe('LazyRenderer', () => {
  it(req`a front-end without URL mode asks no one, so the step ends cancel (no-answer), never a decline (H-03)`, async () => {
    let loads = 0;
    const formOnly: Renderer = {
      name: 'forms',
      interactive: false,
      form: async (): Promise<FormAnswer> => ({ outcome: { action: 'decline' } }),
    };
    const lazy = new LazyRenderer({ name: 'forms', interactive: false }, async () => {
      loads++;
      return formOnly;
    });
    const url = 'https://example.com/pay';
    const answer = await lazy.url({ kind: 'url', message: 'Pay', url, analysis: analyzeUrl(url) }, ctx);
    assert.equal(answer.outcome.action, 'cancel');
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'no-answer');
    assert.match(
      answer.outcome.action === 'cancel' ? (answer.outcome.detail ?? '') : '',
      /"forms" cannot show URL-mode/,
    );
    assert.equal(loads, 1, 'loaded once, on first use');
  });
});
