// Core's URL consent policy (issue 22), the one every interactive front-end reads: on a deceptive
// URL the safe choice is the default and opening takes a confirmed second act.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blankLineChoice,
  confirmOpenQuestion,
  UrlConsent,
  urlConsentPolicy,
} from '../../src/core/url-consent.js';
import { analyzeUrl } from '../../src/core/url-safety.js';

describe('URL consent policy', () => {
  it('an ordinary URL: Open is the default, no confirmation, and a blank line still never consents', () => {
    const policy = urlConsentPolicy(analyzeUrl('https://accounts.example.com/login'));
    assert.deepEqual(policy.choices, ['open', 'decline', 'cancel', 'mute']);
    assert.equal(policy.defaultChoice, 'open');
    assert.equal(policy.confirmOpen, false);
    assert.equal(blankLineChoice(policy), undefined);
  });

  for (const [kind, url] of [
    ['user-info', 'https://accounts.example.com@evil.example/login'],
    ['look-alike (punycode)', 'https://login.раураl.com/a'],
    ['raw IP', 'https://203.0.113.9/login'],
    ['encoded host', 'https://%65vil.example/'],
  ] as const) {
    it(`a ${kind} URL: Decline is the default and Open must be confirmed`, () => {
      const policy = urlConsentPolicy(analyzeUrl(url));
      assert.equal(policy.defaultChoice, 'decline');
      assert.equal(policy.confirmOpen, true);
      assert.equal(blankLineChoice(policy), 'decline');
      assert.match(
        confirmOpenQuestion(policy),
        /^This address may not go where it seems \(.+\)\. Open it anyway\?$/,
      );
      const consent = new UrlConsent(analyzeUrl(url));
      assert.equal(consent.choose('open'), 'confirm');
      assert.equal(consent.confirming, true);
      consent.back();
      assert.equal(consent.choose('open'), 'confirm', 'taken back: asked again');
      assert.equal(consent.choose('open'), 'open');
    });
  }

  it('a refused URL offers no Open at all, and defaults to Decline', () => {
    const policy = urlConsentPolicy(analyzeUrl('javascript:alert(1)'));
    assert.deepEqual(policy.choices, ['decline', 'cancel', 'mute']);
    assert.equal(policy.defaultChoice, 'decline');
    assert.equal(new UrlConsent(analyzeUrl('javascript:alert(1)')).choose('open'), undefined);
  });
});
