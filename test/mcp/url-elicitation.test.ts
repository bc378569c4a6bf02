// handleUrlElicitation against the url-flow fixture server (SDK 2.4.0, both eras) over stdio,
// opening links with a real opener whose BROWSER is test/fixtures/browser/visit-page.mjs (it
// visits the loopback page like a person: GET, then POST the form). The renderer is a test
// double of the PERSON: it records what was shown and answers a scripted decision.
import { strict as assert } from 'node:assert';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type Era, eraOf } from '../../src/contracts/protocol.js';
import type { PromptContext, Renderer, UrlPrompt } from '../../src/contracts/renderer.js';
import type { UrlOpener, UrlWaitChoice, UrlWaiter, UrlWaitInfo } from '../../src/contracts/url-step.js';
import type { UrlOutcome } from '../../src/core/outcome.js';
import { parseElicitRequest, type UrlRequest } from '../../src/mcp/incoming-request.js';
import { UrlCompletionTracker } from '../../src/mcp/url-completion.js';
import { handleUrlElicitation } from '../../src/mcp/url-elicitation.js';
import { type BrowserMode, testBrowser } from '../helpers/browser.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { req } from '../helpers/req.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Parsed as the adapter's handler parses it: a malformed request is refused with -32602. */
function asUrlRequest(params: unknown, era: Era): UrlRequest {
  const parsed = parseElicitRequest(params, ['url'], era);
  if (!parsed.ok) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, parsed.issues.map((i) => i.message).join('; '));
  }
  assert.equal(parsed.value.mode, 'url');
  return parsed.value as UrlRequest;
}

/** A person at the consent prompt: answers each URL prompt with the next scripted outcome. */
function person(decisions: UrlOutcome[]) {
  const seen: { prompt: UrlPrompt; at: number }[] = [];
  const renderer: Renderer = {
    name: 'test-person',
    interactive: true,
    form: async () => ({ outcome: { action: 'cancel', reason: 'no-answer' } }),
    url: async (prompt) => {
      seen.push({ prompt, at: Date.now() });
      return { outcome: decisions.shift() ?? { action: 'cancel', reason: 'no-answer' } };
    },
  };
  return { renderer, seen };
}

/** A person in the waiting state: `act` runs before each answer (e.g. finishing on the page). */
function waitingPerson(choices: (UrlWaitChoice | ((info: UrlWaitInfo) => Promise<UrlWaitChoice>))[]) {
  const calls: UrlWaitInfo[] = [];
  const waiter: UrlWaiter = {
    wait: async (info) => {
      calls.push(info);
      const next = choices.shift() ?? 'cancel';
      return typeof next === 'function' ? next(info) : next;
    },
  };
  return { waiter, calls };
}

function browser(mode: BrowserMode = 'submit') {
  const b = testBrowser(mode);
  return { opener: b.opener, visited: b.visited };
}

interface Setup {
  renderer: Renderer;
  opener: UrlOpener;
  waiter?: UrlWaiter;
}

// One server connection per era for the whole file (spawning is the slow part); each test swaps
// in its own person and browser.
const connections = new Map<Era, ReturnType<typeof open>>();
const current = new Map<Era, Setup>();
after(async () => {
  for (const c of connections.values()) await (await c).client.close();
});

function connect(era: Era, setup: Setup) {
  current.set(era, setup);
  let connection = connections.get(era);
  if (connection === undefined) {
    connection = open(era);
    connections.set(era, connection);
  }
  return connection;
}

async function open(era: Era) {
  const tracker = new UrlCompletionTracker();
  const completions: string[] = [];
  const client = new Client(
    { name: 'url-elicitation-test', version: '0.0.0' },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: era === '2026-07-28' ? 'auto' : 'legacy' },
    },
  );
  client.setNotificationHandler('notifications/elicitation/complete', (n) => {
    completions.push(n.params.elicitationId);
    tracker.complete(n.params.elicitationId);
  });
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    const ctxPrompt: PromptContext = {
      server: { label: 'url-flow' },
      era,
      signal: ctx.mcpReq.signal,
      waiting: 0,
      request: { method: 'tools/call' },
    };
    const setup = current.get(era);
    assert.ok(setup);
    const outcome = await handleUrlElicitation(asUrlRequest(request.params, era), ctxPrompt, {
      ...setup,
      tracker,
      era,
    });
    return { action: outcome.action };
  });
  await client.connect(
    new StdioClientTransport({ ...fixtureCommand('test/fixtures/servers/url-flow-server.ts'), cwd: root }),
  );
  assert.equal(eraOf(client.getProtocolEra()), era);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    const first = (result.content as { type: string; text?: string }[])[0];
    return { text: first?.text ?? '', isError: result.isError === true };
  };
  const hits = async (): Promise<{ method: string; flow: string | null; at: number }[]> =>
    JSON.parse((await call('page_hits')).text);
  return { client, tracker, completions, call, hits };
}

const flowOf = (url: string) => new URL(url).searchParams.get('flow');

describe('URL mode on 2025-11-25 (legacy era)', () => {
  it(req`opens the page only after consent, answers accept, and the completion notification marks the id completed (C-15, C-25, E-26)`, async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('submit');
    const s = await connect('2025-11-25', { renderer: p.renderer, opener: b.opener });
    const result = await s.call('connect_account', { service: 'GitHub' });
    assert.match(result.text, /^connected \(flow .*\); url step: accept$/);
    const shown = p.seen[0];
    assert.ok(shown);
    assert.equal(shown.prompt.message, 'Connect your GitHub account in the browser');
    assert.equal(shown.prompt.analysis.allowed, true);
    assert.ok(shown.prompt.analysis.warnings.some((w) => w.code === 'http-loopback'));
    const id = shown.prompt.elicitationId ?? '';
    assert.equal(flowOf(shown.prompt.url), id);
    assert.deepEqual(b.visited(), [shown.prompt.url]);
    const pageHits = (await s.hits()).filter((h) => h.flow === id);
    assert.deepEqual(
      pageHits.map((h) => h.method),
      ['GET', 'POST'],
    );
    assert.ok(
      pageHits.every((h) => h.at >= shown.at),
      'nothing touched the page before consent (C-24, C-25)',
    );
    assert.deepEqual(
      s.completions.filter((c) => c === id),
      [id],
    );
    assert.equal(s.tracker.state(id), 'completed');
  });

  for (const decision of [{ action: 'decline' }, { action: 'cancel', reason: 'dismissed' }] as const) {
    it(req`never opens a URL the person answered ${decision.action} to, and forgets its id (C-25, E-30)`, async () => {
      const p = person([decision]);
      const b = browser('submit');
      const s = await connect('2025-11-25', { renderer: p.renderer, opener: b.opener });
      const result = await s.call('connect_account');
      assert.equal(result.text, `url step: ${decision.action}`);
      const id = p.seen[0]?.prompt.elicitationId ?? '';
      assert.deepEqual(b.visited(), []);
      assert.deepEqual(
        (await s.hits()).filter((h) => h.flow === id),
        [],
      );
      assert.equal(s.tracker.state(id), undefined);
    });
  }

  it(req`refuses a javascript: URL with -32602 before any prompt or browser (E-24)`, async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('record');
    const s = await connect('2025-11-25', { renderer: p.renderer, opener: b.opener });
    const result = await s.call('ask_url', { url: 'javascript:alert(document.cookie)' });
    assert.equal(result.isError, true);
    assert.match(result.text, /Refused URL-mode elicitation/);
    assert.equal(p.seen.length, 0);
    assert.deepEqual(b.visited(), []);
  });

  it(req`refuses plain http to a remote host with -32602 and never opens it (S-26)`, async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('record');
    const s = await connect('2025-11-25', { renderer: p.renderer, opener: b.opener });
    const result = await s.call('ask_url', { url: 'http://login.example.com/' });
    assert.equal(result.isError, true);
    assert.match(result.text, /-32602|Refused/);
    assert.equal(p.seen.length, 0);
    assert.deepEqual(b.visited(), []);
  });

  it(req`shows the URL to copy when the browser cannot start, and answers cancel when the person gives up (C-16)`, async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('fail');
    const w = waitingPerson(['cancel']);
    const s = await connect('2025-11-25', { renderer: p.renderer, opener: b.opener, waiter: w.waiter });
    const result = await s.call('connect_account');
    assert.equal(result.text, 'url step: cancel');
    assert.equal(w.calls[0]?.reason, 'browser-failed');
    assert.equal(w.calls[0]?.url, p.seen[0]?.prompt.url);
    assert.equal(s.tracker.state(p.seen[0]?.prompt.elicitationId ?? ''), undefined);
  });

  it('answers accept when the browser failed but the person opened the URL by hand', async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('fail');
    const w = waitingPerson([
      'retry',
      async (info) => {
        // The person copies the URL into a browser of their own and finishes the page there.
        const page = await fetch(info.url);
        const flow = /name="flow" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
        await fetch(new URL('/connect', info.url), { method: 'POST', body: new URLSearchParams({ flow }) });
        return 'done';
      },
    ]);
    const s = await connect('2025-11-25', { renderer: p.renderer, opener: b.opener, waiter: w.waiter });
    const result = await s.call('connect_account');
    assert.match(result.text, /^connected/);
    assert.equal(b.visited().length, 2, 'r = try the browser again');
    assert.deepEqual(
      w.calls.map((c) => c.reason),
      ['browser-failed', 'browser-failed'],
    );
  });
});

describe('URL mode on 2026-07-28 (modern era)', () => {
  it('holds accept until the person says done, so the first retry already completes (§1.3)', async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('submit');
    let visitedWhenAsked: string[] = [];
    const w = waitingPerson([
      async () => {
        visitedWhenAsked = b.visited();
        return 'done';
      },
    ]);
    const s = await connect('2026-07-28', { renderer: p.renderer, opener: b.opener, waiter: w.waiter });
    const result = await s.call('connect_account');
    assert.match(result.text, /^connected \(flow .*\); url step: accept$/);
    assert.equal(p.seen.length, 1);
    assert.equal(p.seen[0]?.prompt.elicitationId, undefined);
    assert.equal(w.calls[0]?.reason, 'finish-in-browser');
    assert.deepEqual(
      visitedWhenAsked,
      [p.seen[0]?.prompt.url],
      'the waiting state comes after the browser was opened',
    );
  });

  it('answers accept once the opener has exited when there is no waiting prompt (scripted --open-urls)', async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('submit');
    const s = await connect('2026-07-28', { renderer: p.renderer, opener: b.opener });
    assert.match((await s.call('connect_account')).text, /^connected/);
    assert.equal(b.visited().length, 1);
  });

  it('waits again without a second consent or browser when the server says the page is not finished', async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('look'); // the person looked at the page but did not submit yet
    const w = waitingPerson([
      'done',
      async (info) => {
        const page = await fetch(info.url);
        const flow = /name="flow" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
        await fetch(new URL('/connect', info.url), { method: 'POST', body: new URLSearchParams({ flow }) });
        return 'done';
      },
    ]);
    const s = await connect('2026-07-28', { renderer: p.renderer, opener: b.opener, waiter: w.waiter });
    assert.match((await s.call('connect_account')).text, /^connected/);
    assert.equal(p.seen.length, 1, 'consent asked once');
    assert.equal(b.visited().length, 1, 'browser opened once');
    assert.deepEqual(
      w.calls.map((c) => c.reason),
      ['finish-in-browser', 'retry-pending'],
    );
  });

  it('gets the account requirement as input_required, never -32042, on 2026-07-28 (§1.1 minor change 12)', async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('submit');
    const s = await connect('2026-07-28', { renderer: p.renderer, opener: b.opener });
    assert.match((await s.call('connect_account_required')).text, /^connected/);
    assert.equal(p.seen.length, 1);
  });

  it('answers cancel when the person stops waiting', async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('look');
    const w = waitingPerson(['cancel']);
    const s = await connect('2026-07-28', { renderer: p.renderer, opener: b.opener, waiter: w.waiter });
    assert.equal((await s.call('connect_account')).text, 'url step: cancel');
  });

  it('answers decline without opening anything', async () => {
    const p = person([{ action: 'decline' }]);
    const b = browser('submit');
    const s = await connect('2026-07-28', { renderer: p.renderer, opener: b.opener });
    assert.equal((await s.call('connect_account')).text, 'url step: decline');
    assert.deepEqual(b.visited(), []);
  });

  it(req`rejects the call locally with -32602 for a data: URL and shows nothing (E-24)`, async () => {
    const p = person([{ action: 'accept' }]);
    const b = browser('record');
    const s = await connect('2026-07-28', { renderer: p.renderer, opener: b.opener });
    await assert.rejects(s.call('ask_url', { url: 'data:text/html,<h1>hi</h1>' }), (error: unknown) => {
      assert.ok(error instanceof ProtocolError);
      assert.equal(error.code, ProtocolErrorCode.InvalidParams);
      assert.match(error.message, /Refused URL-mode elicitation/);
      return true;
    });
    assert.equal(p.seen.length, 0);
    assert.deepEqual(b.visited(), []);
  });
});

describe('handleUrlElicitation request checks', () => {
  const ctx: PromptContext = {
    server: { label: 's' },
    era: '2025-11-25',
    signal: new AbortController().signal,
    waiting: 0,
  };
  const deps = () => ({
    ...person([{ action: 'accept' }]),
    ...browser('record'),
    era: '2025-11-25' as const,
  });

  const invalid = async (
    params: Record<string, unknown>,
    pattern: RegExp,
    tracker?: UrlCompletionTracker,
  ) => {
    const d = deps();
    await assert.rejects(
      (async () =>
        handleUrlElicitation(asUrlRequest(params, '2025-11-25'), ctx, {
          ...d,
          ...(tracker && { tracker }),
        }))(),
      (error: unknown) =>
        error instanceof ProtocolError && error.code === -32602 && pattern.test(error.message),
    );
    assert.equal(d.seen.length, 0);
    assert.deepEqual(d.visited(), []);
  };

  it(req`rejects a missing elicitationId on 2025-11-25 with -32602 naming it (S-09)`, () =>
    invalid({ mode: 'url', message: 'm', url: 'https://example.com/' }, /"elicitationId" must be a string/));

  it(req`rejects a non-string url or message with -32602 naming them (S-05, S-09)`, async () => {
    await invalid({ mode: 'url', message: 'm', url: 42, elicitationId: 'x' }, /"url" must be a string/);
    await invalid(
      { mode: 'url', url: 'https://example.com/', elicitationId: 'x' },
      /"message" must be a string/,
    );
  });

  it(req`rejects an unparsable URL with -32602 (S-10)`, () =>
    invalid(
      { mode: 'url', message: 'm', url: 'https://exa mple.com', elicitationId: 'x' },
      /not a valid URL/,
    ));

  it(req`flags an elicitationId that is still pending on this connection instead of merging (S-11, E-28)`, async () => {
    const tracker = new UrlCompletionTracker();
    tracker.pending('dup-1');
    await invalid(
      { mode: 'url', message: 'm', url: 'https://example.com/', elicitationId: 'dup-1' },
      /already in use/,
      tracker,
    );
    assert.equal(tracker.state('dup-1'), 'pending');
  });

  it('answers cancel when the front-end has no URL consent prompt', async () => {
    const b = browser('record');
    const renderer: Renderer = {
      name: 'forms-only',
      interactive: true,
      form: async () => ({ outcome: { action: 'decline' } }),
    };
    const tracker = new UrlCompletionTracker();
    const outcome = await handleUrlElicitation(
      asUrlRequest(
        { mode: 'url', message: 'm', url: 'https://example.com/', elicitationId: 'e1' },
        '2025-11-25',
      ),
      ctx,
      { renderer, opener: b.opener, tracker, era: '2025-11-25' },
    );
    assert.equal(outcome.action, 'cancel');
    assert.deepEqual(b.visited(), []);
    assert.equal(tracker.state('e1'), undefined);
  });

  it(req`opens nothing when the server withdraws the request while the person is deciding (X-04)`, async () => {
    const controller = new AbortController();
    const b = browser('record');
    const tracker = new UrlCompletionTracker();
    const renderer: Renderer = {
      name: 'late-person',
      interactive: true,
      form: async () => ({ outcome: { action: 'decline' } }),
      url: async () => {
        controller.abort();
        return { outcome: { action: 'accept' } };
      },
    };
    const outcome = await handleUrlElicitation(
      asUrlRequest(
        { mode: 'url', message: 'm', url: 'https://example.com/', elicitationId: 'gone' },
        '2025-11-25',
      ),
      { ...ctx, signal: controller.signal },
      { renderer, opener: b.opener, tracker, era: '2025-11-25' },
    );
    assert.equal(outcome.action, 'cancel');
    assert.equal(outcome.action === 'cancel' ? outcome.reason : '', 'server-cancelled');
    assert.deepEqual(b.visited(), []);
    assert.equal(tracker.state('gone'), undefined);
  });

  it('reports a mute request from the consent prompt', async () => {
    let muted = 0;
    const renderer: Renderer = {
      name: 'muting-person',
      interactive: true,
      form: async () => ({ outcome: { action: 'decline' } }),
      url: async () => ({ outcome: { action: 'cancel', reason: 'muted' }, muteServer: true }),
    };
    const outcome = await handleUrlElicitation(
      asUrlRequest(
        { mode: 'url', message: 'm', url: 'https://example.com/', elicitationId: 'mute-1' },
        '2025-11-25',
      ),
      ctx,
      { renderer, opener: browser('record').opener, era: '2025-11-25', onMute: () => muted++ },
    );
    assert.equal(outcome.action, 'cancel');
    assert.equal(muted, 1);
  });

  it(req`counts a completion that arrives while the consent prompt is still open (E-31)`, async () => {
    const tracker = new UrlCompletionTracker();
    const b = browser('record');
    const renderer: Renderer = {
      name: 'slow-person',
      interactive: true,
      form: async () => ({ outcome: { action: 'decline' } }),
      url: async (prompt) => {
        assert.equal(tracker.complete(prompt.elicitationId ?? ''), 'completed');
        return { outcome: { action: 'accept' } };
      },
    };
    const outcome = await handleUrlElicitation(
      asUrlRequest(
        { mode: 'url', message: 'm', url: 'https://example.com/', elicitationId: 'early' },
        '2025-11-25',
      ),
      ctx,
      { renderer, opener: b.opener, tracker, era: '2025-11-25' },
    );
    assert.deepEqual(outcome, { action: 'accept' });
    assert.equal(await tracker.waitFor(['early']), 'completed');
    assert.deepEqual(b.visited(), ['https://example.com/']);
  });
});
