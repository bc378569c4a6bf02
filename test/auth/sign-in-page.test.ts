// A sign-in page goes through the one URL step (src/mcp/url-step.ts): the consent sees the analysis
// the provider made once (with the server's origin, so a look-alike or another site is warned), the
// opener gets what was analysed, and a browser that cannot start leaves the address on screen.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { AuthorizationServerMetadata, OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { SignInProvider } from '../../src/auth/provider.js';
import { offerSignInPage } from '../../src/auth/sign-in-page.js';
import { AuthStore } from '../../src/auth/store.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import type { Renderer, RendererNotice, UrlPrompt } from '../../src/contracts/renderer.js';
import type { UrlOutcome } from '../../src/core/outcome.js';
import { req } from '../helpers/req.js';

const serverUrl = new URL('https://mcp.example.com/mcp');
const ISSUER = 'https://xn--exmple-cua.com';
const server = { label: 'mcp.example.com', origin: serverUrl.origin };

function person(outcome: UrlOutcome) {
  const prompts: UrlPrompt[] = [];
  const notices: RendererNotice[] = [];
  const renderer: Renderer = {
    name: 'recording',
    interactive: true,
    form: () => Promise.reject(new Error('no form expected')),
    url: async (prompt) => {
      prompts.push(prompt);
      return { outcome };
    },
    notice: (notice) => notices.push(notice),
  };
  return { renderer, prompts, notices };
}

async function pendingPage() {
  const provider = await SignInProvider.open({
    serverUrl,
    store: new AuthStore(mkdtempSync(join(tmpdir(), 'mcp-elicit-page-'))),
  });
  const metadata = {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/authorize`,
    token_endpoint: `${ISSUER}/token`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  } as AuthorizationServerMetadata;
  await provider.saveDiscoveryState({
    authorizationServerUrl: ISSUER,
    authorizationServerMetadata: metadata,
  } as OAuthDiscoveryState);
  await provider.redirectToAuthorization(new URL(`${ISSUER}/authorize?state=s`));
  const pending = provider.takeAuthorization();
  assert.ok(pending);
  return pending;
}

describe('a sign-in page through the one URL step', () => {
  it(req`the consent shows the provider's one analysis, with the server's origin: a look-alike host is warned (A-29)`, async () => {
    const { analysis } = await pendingPage();
    const codes = analysis.warnings.map((w) => w.code);
    assert.ok(codes.includes('punycode'), `look-alike warned: ${codes}`);
    assert.ok(codes.includes('different-origin'), `another site than the server warned: ${codes}`);
    const { renderer, prompts } = person({ action: 'accept' });
    const opened: string[] = [];
    await offerSignInPage(
      { message: 'sign in', analysis },
      {
        renderer,
        server,
        opener: {
          open: async (href) => {
            opened.push(href);
            return { ok: true };
          },
        },
      },
    );
    assert.equal(prompts[0]?.analysis, analysis, 'the very analysis, not a second one');
    assert.deepEqual(opened, [analysis.href]);
  });

  it(req`a browser that cannot start leaves the address to open by hand, and the sign-in goes on (A-29)`, async () => {
    const { analysis } = await pendingPage();
    const { renderer, notices } = person({ action: 'accept' });
    await offerSignInPage(
      { message: 'sign in', analysis },
      { renderer, server, opener: { open: async () => ({ ok: false, error: 'no display' }) } },
    );
    const shown = await new Promise<RendererNotice | undefined>((resolve) =>
      setImmediate(() => resolve(notices[0])),
    );
    assert.match(shown?.message ?? '', /no display/);
    assert.ok(shown?.message.includes(analysis.href), 'the address is shown');
  });

  it(req`a declined or unanswerable consent opens nothing and ends in sign-in-required, naming the next steps (A-29)`, async () => {
    const { analysis } = await pendingPage();
    for (const [outcome, why] of [
      [{ action: 'decline' }, /you declined/],
      [
        { action: 'cancel', reason: 'no-answer', detail: 'scripted' },
        /--open-urls.*auth login.*--sign-in device/,
      ],
    ] as const) {
      const { renderer } = person(outcome);
      let opened = false;
      const offered = offerSignInPage(
        { message: 'sign in', analysis },
        {
          renderer,
          server,
          opener: {
            open: async () => {
              opened = true;
              return { ok: true };
            },
          },
        },
      );
      await assert.rejects(offered, (error: unknown) => {
        assert.ok(error instanceof ElicitError);
        assert.equal(error.code, 'sign-in-required');
        assert.match(error.message, why);
        return true;
      });
      assert.equal(opened, false);
    }
  });
});
