import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeJsonStringify } from '../../src/core/safe-json.js';

// What a terminal may act on or that reorders/hides text: C0, DEL, C1, line/paragraph separators,
// bidi controls (ALM, LRM/RLM, embeddings/overrides, isolates), zero-width characters, BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

describe('safeJsonStringify (issue 12 #7)', () => {
  it('json-output.escapes-c1-del-line-separators-and-bidi-controls', () => {
    const value = {
      message:
        'Pay \u009b31mnow\u009d0;owned\u0007 DEL\u007f LS\u2028PS\u2029 RLO\u202etxt ALM\u061c ZW\u200bSP',
      nested: ['\u2066isolate\u2069', { 'key\u202e': '\ufeffbom' }],
    };
    const text = safeJsonStringify(value);
    assert.doesNotMatch(text, UNSAFE_RAW);
    assert.ok(text.includes('\\u009b31m'), 'CSI is written as \\u009b');
    assert.ok(text.includes('\\u2028'), 'U+2028 is written as \\u2028');
    assert.deepEqual(JSON.parse(text), value, 'still valid JSON with the same values');
    assert.deepEqual(JSON.parse(safeJsonStringify(value, 2)), value, 'indented too');
  });

  it('round-trips every BMP code point (lone surrogates included) and leaves no unsafe one raw', () => {
    for (let start = 0; start < 0x10000; start += 0x1000) {
      let text = '';
      for (let code = start; code < start + 0x1000; code++) text += String.fromCharCode(code);
      const json = safeJsonStringify({ text });
      assert.doesNotMatch(json, UNSAFE_RAW);
      assert.equal((JSON.parse(json) as { text: string }).text, text);
    }
  });
});
