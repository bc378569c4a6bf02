import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { sanitizeText } from '../../src/core/sanitize.js';
import { root } from '../helpers/cli.js';

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

describe('sanitizeText: huge input (issue 19 #11)', () => {
  it('cuts a 100 MB text before cleaning it: a 256 MB heap suffices for a 40-character result', () => {
    // The built module in a child with a small heap: memory bounded, asserted from outside.
    const module = pathToFileURL(join(root, 'dist/core/sanitize.js')).href;
    const script = `const { sanitizeText } = await import(${JSON.stringify(module)});
      const huge = '\\u{1F600}\\u001b[31m'.repeat(10_000_000);
      process.stdout.write(JSON.stringify(sanitizeText(huge, { maxLength: 40 })));`;
    const run = spawnSync(
      process.execPath,
      ['--max-old-space-size=256', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 0, run.stderr.slice(0, 500));
    assert.equal(JSON.parse(run.stdout), `${'\u{1F600}'.repeat(39)}…`);
  });

  it('ends a cut text with an ellipsis within maxLength code points, even when cleaning left it short', () => {
    assert.equal(sanitizeText(`${'\u001b[31m'.repeat(1000)}abc`, { maxLength: 10 }), '…');
    assert.equal(sanitizeText(`ab${'\u001b[31m'.repeat(1000)}`, { maxLength: 10 }), 'ab…');
    assert.equal(sanitizeText('\u001b[31mabc\u001b[0m', { maxLength: 10 }), 'abc');
    assert.equal(sanitizeText('😀'.repeat(50), { maxLength: 10 }), `${'😀'.repeat(9)}…`);
    assert.equal([...sanitizeText('x'.repeat(5000), { maxLength: 100 })].length, 100);
  });
});
