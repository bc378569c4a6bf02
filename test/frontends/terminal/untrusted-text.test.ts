import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UrlPrompt } from '../../../src/contracts/renderer.js';
import { req } from '../../helpers/req.js';
import { makeContext, makePrompt, openForm, openUrl } from './harness.js';

const ESC = '\u001b';
// Every kind of hostile sequence a server might hide in its text.
const HOSTILE = [
  `${ESC}[31mRED${ESC}[0m`, // SGR colour
  `${ESC}[2J`, // clear screen
  `${ESC}[10;10H`, // cursor movement
  `${ESC}[5A`, // cursor up
  `${ESC}]0;pwned title${ESC}\\`, // OSC 0 window title
  `${ESC}]8;;https://evil.example/${ESC}\\click${ESC}]8;;${ESC}\\`, // OSC 8 hyperlink
  '\u009b31m', // C1 CSI
  '\u202eevil\u202c', // bidi override
  '\u0007', // bell
].join('|');

/** Escape sequences the renderer itself emits; anything else in the output came from the server. */
function foreignEscapes(raw: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape sequences is the point
  const own = /\u001b\[(?:[0-9;]*m|K|J|H|2J|\?25[hl]|\?1049[hl]|\?2004[hl]|\d+;\d+H)/g;
  const rest = raw.replace(own, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape sequences is the point
  return [...rest.matchAll(/[\u001b\u009b\u0007\u202a-\u202e\u2066-\u2069]/g)].map((m) =>
    JSON.stringify(m[0]),
  );
}

describe(req`server text is inert in the terminal (H-07)`, () => {
  it(req`message, title, description and option titles carry no escape sequence, OSC 8 link, control or bidi override to the screen (C-22, C-30)`, async () => {
    const prompt = makePrompt(
      {
        type: 'object',
        properties: {
          f: {
            type: 'string',
            title: `Title ${HOSTILE}`,
            description: `Desc ${HOSTILE}`,
            default: `Def ${HOSTILE}`,
          },
          pick: { type: 'string', oneOf: [{ const: 'a', title: `Opt ${HOSTILE}` }] },
        },
      },
      { message: `Message ${HOSTILE}` },
    );
    const ctx = makeContext({
      server: { label: `lab${ESC}[2Jel`, selfName: `self${ESC}]0;t${ESC}\\name` },
    });
    const s = openForm(prompt, ctx, { columns: 200, rows: 40 });
    await s.press('tab');
    assert.deepEqual(foreignEscapes(s.raw()), []);
    const screen = s.screen();
    assert.match(screen, /\nMessage RED\|\|\|\|\|click\|\|evil\|\n/);
    assert.match(screen, /^Form request from label \(calls itself "selfname"\)/);
    assert.match(screen, /Title RED/);
    assert.match(screen, /Desc RED/);
    assert.match(screen, /Opt RED/);
    // A server default is shown in its input box with controls replaced, one for one.
    await s.press('shiftTab', 'home');
    assert.match(s.screen(), /\[Def �\[31mRED�\[0m\|/);
    await s.press('pageDown', 'enter');
    assert.deepEqual(foreignEscapes(s.raw()), [], 'the review shows the default text inert too');
    await s.press('esc', 'esc');
    await s.answer;
    assert.deepEqual(foreignEscapes(s.raw()), []);
  });

  it('URL consent text and the URL itself are inert', async () => {
    const prompt: UrlPrompt = {
      kind: 'url',
      message: `Sign in ${HOSTILE}`,
      url: 'https://example.com/',
      analysis: {
        allowed: true,
        href: `https://example.com/${ESC}[2J`,
        scheme: 'https:',
        asciiHost: 'example.com',
        unicodeHost: 'example.com',
        registrableDomain: 'example.com',
        warnings: [{ code: 'long-url', message: `Warn ${HOSTILE}` }],
      },
    };
    const s = openUrl(prompt);
    await s.press('right');
    assert.deepEqual(foreignEscapes(s.raw()), []);
    await s.press('esc', 'esc');
    await s.answer;
  });
});
