// The proxy's own sign-in asks through its front-end, never the host; what a sign-in tells the
// person (a device code and where to enter it) is also written to stderr, where a host shows the
// proxy's log, cleaned of escape sequences.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Renderer, RendererNotice } from '../../src/contracts/renderer.js';
import { proxySignInRenderer } from '../../src/proxy/sign-in-renderer.js';
import { req } from '../helpers/req.js';

describe("the proxy's sign-in renderer", () => {
  it(req`a device code notice reaches stderr and the proxy's own front-end, escapes removed (A-48)`, () => {
    const shown: RendererNotice[] = [];
    const self: Renderer = {
      name: 'browser',
      interactive: true,
      form: () => Promise.reject(new Error('no form expected')),
      notice: (notice) => shown.push(notice),
    };
    const lines: string[] = [];
    const renderer = proxySignInRenderer(self, (line) => lines.push(line));
    const server = { label: 'mcp.example.com' };
    renderer.notice?.({
      kind: 'info',
      server,
      message:
        'To sign in, open https://as.example.com/device on any device and enter the code WDJB-MJHT\u001b[2J',
    });
    assert.equal(shown.length, 1, 'the front-end shows it too');
    assert.equal(lines.length, 1);
    assert.match(
      lines[0] ?? '',
      /^mcp\.example\.com: To sign in, open https:\/\/as\.example\.com\/device .*WDJB-MJHT/,
    );
    assert.ok(!(lines[0] ?? '').includes('\u001b'), 'no escape sequence');
  });
});
