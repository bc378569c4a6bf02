import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sanitizeText } from '../../src/core/sanitize.js';

describe('sanitizeText: bidi and zero-width characters (issue 12 #7)', () => {
  it('sanitize.removes-the-arabic-letter-mark-like-every-other-bidi-control', () => {
    assert.equal(
      sanitizeText('abc\u061cdef \u200eLRM \u200fRLM \u202eRLO\u202c \u2067RLI\u2069'),
      'abcdef LRM RLM RLO RLI',
    );
  });

  it('sanitize.removes-zero-width-characters-that-hide-a-boundary-inside-a-word', () => {
    // ZWSP, word joiner, invisible times/separator/plus, BOM: no job in display text.
    assert.equal(sanitizeText('pay\u200bpal \u2060a\u2062b\u2063c\u2064d \ufeffstart'), 'paypal abcd start');
  });

  it('keeps ZWNJ and ZWJ, which Persian and Indic spelling and emoji sequences need', () => {
    const persian = 'می\u200cخواهم';
    const coder = '👩\u200d💻';
    const hindi = 'क्\u200dष';
    assert.equal(sanitizeText(persian), persian);
    assert.equal(sanitizeText(coder), coder);
    assert.equal(sanitizeText(hindi), hindi);
  });

  it('treats U+2028 and U+2029 as line breaks: kept in multiline text, spaces otherwise', () => {
    assert.equal(sanitizeText('a\u2028b\u2029c', { multiline: true }), 'a\nb\nc');
    assert.equal(sanitizeText('a\u2028b\u2029c'), 'a b c');
  });

  it('still removes C1 controls (CSI, OSC) and their sequences', () => {
    assert.equal(sanitizeText('a\u009b31mb\u009d0;title\u0007c\u0085d'), 'abcd');
  });
});
