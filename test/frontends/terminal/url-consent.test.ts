import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UrlPrompt } from '../../../src/contracts/renderer.js';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { req } from '../../helpers/req.js';
import { makeContext, openUrl } from './harness.js';

function urlPrompt(url: string, message = 'Please sign in to continue.'): UrlPrompt {
  return { kind: 'url', message, url, analysis: analyzeUrl(url), elicitationId: 'e-1' };
}

describe(req`URL-mode consent in the terminal (C-04, C-23, C-25, C-26, C-28, C-29, C-30)`, () => {
  it(req`shows the server, the message, the full URL and the registrable domain set apart (C-26, C-28)`, async () => {
    const url = 'https://accounts.example.co.uk/oauth/authorize?client_id=abc&state=xyz';
    const s = openUrl(urlPrompt(url));
    await s.press('right', 'left');
    const screen = s.screen();
    assert.match(screen, /^Web page request from demo \(calls itself "Demo Server 1\.0\.0"\)/);
    assert.match(screen, /Please sign in to continue\./);
    assert.match(screen, /Site: {2}example\.co\.uk/);
    assert.match(screen, /\n {9}\^{13}\n/);
    assert.match(screen, /Host: {2}accounts\.example\.co\.uk/);
    assert.ok(screen.includes(url), 'the full URL is shown');
    assert.match(screen, /\[>Open in browser<\] {2}\[ Decline \] {2}\[ Cancel \]/);
    // Colour mode also emphasises the domain inside the full address.
    assert.ok(s.raw().includes('accounts.\u001b[1;4mexample.co.uk\u001b[0m/oauth'));
    await s.press('enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept' });
  });

  it(req`shows both host forms and every warning for a look-alike (punycode) host (C-29)`, async () => {
    const s = openUrl(urlPrompt('https://login.раураl.com/a'));
    await s.press('right', 'left');
    const screen = s.screen();
    assert.match(screen, /Host: {2}login\.раураl\.com/);
    assert.match(screen, /Host as sent \(punycode\): {2}login\.xn--l-7sba6dbr\.com/);
    assert.match(screen, /⚠ The host uses international characters/);
    assert.match(screen, /⚠ The host label "раураl" mixes Cyrillic and Latin letters/);
    await s.press('esc');
    assert.deepEqual((await s.answer).outcome, { action: 'cancel', reason: 'dismissed' });
  });

  it('Decline is decline, Ctrl-C is cancel (interrupted) and is handed on as the interrupt', async () => {
    const declined = openUrl(urlPrompt('https://example.com/'));
    await declined.press('right', 'enter');
    assert.deepEqual((await declined.answer).outcome, { action: 'decline' });
    const ctrlC = openUrl(urlPrompt('https://example.com/'));
    await ctrlC.press('ctrlC');
    assert.deepEqual((await ctrlC.answer).outcome, {
      action: 'cancel',
      reason: 'interrupted',
      detail: 'interrupted with Ctrl-C',
    });
    assert.equal(ctrlC.interrupts(), 1);
  });

  it('a refused URL cannot be opened: only Decline, Cancel and mute are offered', async () => {
    const s = openUrl(urlPrompt('javascript:alert(1)'));
    await s.press('right', 'left');
    const screen = s.screen();
    assert.doesNotMatch(screen, /Open in browser/);
    assert.match(screen, /✗ Will not open:/);
    await s.press('enter');
    assert.deepEqual((await s.answer).outcome, { action: 'decline' });
  });

  it('"Cancel all from this server" mutes it; a server cancellation closes the consent', async () => {
    const muted = openUrl(urlPrompt('https://example.com/'));
    await muted.press('left');
    assert.match(muted.screen(), /\[>Cancel all from demo<\]/);
    await muted.press('enter');
    assert.deepEqual(await muted.answer, {
      outcome: { action: 'cancel', reason: 'muted' },
      muteServer: true,
    });
    const controller = new AbortController();
    const withdrawn = openUrl(urlPrompt('https://example.com/'), makeContext({ signal: controller.signal }));
    await withdrawn.settle();
    controller.abort();
    assert.deepEqual((await withdrawn.answer).outcome, { action: 'cancel', reason: 'server-cancelled' });
  });
});
