// withUrlElicitationRetry (spec 2025-11-25 §3.5, C-13, C-14, C-33, E-33..E-37) against
// server-everything's trigger-url-elicitation (errorPath) and the url-flow fixture server, with a
// real opener (BROWSER = test/fixtures/browser/visit-page.mjs) and a test double of the person.
import { strict as assert } from 'node:assert';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import type { Renderer, UrlPrompt } from '../../src/contracts/renderer.js';
import type { UrlWaitChoice, UrlWaiter, UrlWaitInfo } from '../../src/contracts/url-step.js';
import type { UrlOutcome } from '../../src/core/outcome.js';
import { createAutoWaiter } from '../../src/frontends/url-wait/auto-waiter.js';
import { createLineWaiter } from '../../src/frontends/url-wait/line-waiter.js';
import type { ElicitationEvent } from '../../src/mcp/events.js';
import { parseElicitRequest, type UrlRequest } from '../../src/mcp/incoming-request.js';
import { UrlCompletionTracker } from '../../src/mcp/url-completion.js';
import { handleUrlElicitation } from '../../src/mcp/url-elicitation.js';
import { type UrlRetryDeps, withUrlElicitationRetry } from '../../src/mcp/url-required-retry.js';
import { type BrowserMode, testBrowser } from '../helpers/browser.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { req } from '../helpers/req.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const everything = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

function person(decisions: UrlOutcome[] = []) {
  const seen: UrlPrompt[] = [];
  const renderer: Renderer = {
    name: 'test-person',
    interactive: true,
    form: async () => ({ outcome: { action: 'cancel', reason: 'no-answer' } }),
    url: async (prompt) => {
      seen.push(prompt);
      return { outcome: decisions.shift() ?? { action: 'accept' } };
    },
  };
  return { renderer, seen };
}

/** A person in the waiting state; `'idle'` never answers, so only the signal can end the wait. */
function waitingPerson(choices: (UrlWaitChoice | 'idle')[]) {
  const calls: { info: UrlWaitInfo; endedBySignal?: boolean }[] = [];
  const waiter: UrlWaiter = {
    wait: (info, signal) => {
      const call: { info: UrlWaitInfo; endedBySignal?: boolean } = { info };
      calls.push(call);
      const next = choices.shift() ?? 'cancel';
      if (next !== 'idle') return Promise.resolve(next);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve('cancel'), 15_000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          call.endedBySignal = true;
          resolve('cancel');
        });
      });
    },
  };
  return { waiter, calls };
}

function browser(mode: BrowserMode = 'submit') {
  const b = testBrowser(mode);
  return { opener: b.opener, visited: b.visited };
}

const clients: Client[] = [];
after(async () => {
  for (const c of clients) await c.close();
});

async function connect(
  command: string[],
  modes: { form?: Record<string, never>; url?: Record<string, never> },
  deps: Pick<UrlRetryDeps, 'renderer' | 'opener'>,
) {
  const tracker = new UrlCompletionTracker();
  const client = new Client(
    { name: 'url-retry-test', version: '0.0.0' },
    { capabilities: { elicitation: modes } },
  );
  client.setNotificationHandler('notifications/elicitation/complete', (n) => {
    tracker.complete(n.params.elicitationId);
  });
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    const parsed = parseElicitRequest(request.params, ['url'], '2025-11-25');
    assert.ok(parsed.ok && parsed.value.mode === 'url');
    const outcome = await handleUrlElicitation(
      parsed.value as UrlRequest,
      { server: { label: 'srv' }, era: '2025-11-25', signal: ctx.mcpReq.signal, waiting: 0 },
      { ...deps, tracker, era: '2025-11-25' },
    );
    return { action: outcome.action };
  });
  const [cmd, ...args] = command;
  await client.connect(new StdioClientTransport({ command: cmd ?? '', args, cwd: root }));
  clients.push(client);
  return { client, tracker };
}

const urlFlow = fixtureCommand('test/fixtures/servers/url-flow-server.ts');
const fixture = [urlFlow.command, ...urlFlow.args];
const textOf = (result: { content: unknown }) =>
  (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');

describe('withUrlElicitationRetry', () => {
  it("consents to server-everything's -32042 prerequisite, opens it, and retries the identical call once (E-36, E-37)", async () => {
    const p = person();
    const b = browser('record');
    const { client, tracker } = await connect(
      [process.execPath, everything, 'stdio'],
      { form: {}, url: {} },
      { ...p, opener: b.opener },
    );
    const events: ElicitationEvent[] = [];
    let calls = 0;
    const result = await withUrlElicitationRetry(
      () => {
        calls++;
        return client.callTool({
          name: 'trigger-url-elicitation',
          arguments: { url: 'https://example.com/after-prerequisite', errorPath: true },
        });
      },
      {
        server: { label: 'everything' },
        ...p,
        opener: b.opener,
        tracker,
        waiter: createAutoWaiter(),
        urlModeDeclared: true,
        emit: (e) => events.push(e),
      },
    );
    assert.equal(calls, 2);
    assert.match(textOf(result), /User completed the URL elicitation flow/);
    assert.equal(p.seen[0]?.url, 'https://modelcontextprotocol.io');
    assert.equal(typeof p.seen[0]?.elicitationId, 'string');
    assert.equal(p.seen[1]?.url, 'https://example.com/after-prerequisite');
    assert.deepEqual(b.visited(), [
      'https://modelcontextprotocol.io/',
      'https://example.com/after-prerequisite',
    ]);
    assert.deepEqual(
      events.map((e) => e.action),
      ['accept'],
    );
    // Each page's site and warnings are recorded too (issue 12 #6).
    assert.equal(events[0]?.site, 'modelcontextprotocol.io');
    assert.deepEqual(events[0]?.warnings, []);
  });

  it(req`retries when the person types d in the line waiting prompt, since server-everything never notifies (C-14)`, async () => {
    const p = person();
    const b = browser('record');
    const input = new PassThrough();
    const output = new PassThrough();
    output.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('d = done')) input.write('d\n');
    });
    const { client, tracker } = await connect(
      [process.execPath, everything, 'stdio'],
      { form: {}, url: {} },
      { ...p, opener: b.opener },
    );
    const result = await withUrlElicitationRetry(
      () =>
        client.callTool({
          name: 'trigger-url-elicitation',
          arguments: { url: 'https://example.com/typed-done', errorPath: true },
        }),
      {
        server: { label: 'everything' },
        ...p,
        opener: b.opener,
        tracker,
        waiter: createLineWaiter({ input, output }),
        urlModeDeclared: true,
      },
    );
    assert.match(textOf(result), /User completed the URL elicitation flow/);
    assert.equal(tracker.state(p.seen[0]?.elicitationId ?? ''), 'pending', 'no notification ever came');
  });

  it(req`retries as soon as the completion notification arrives, without the person (C-13)`, async () => {
    const p = person();
    const b = browser('submit');
    const w = waitingPerson(['idle']);
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    let calls = 0;
    const result = await withUrlElicitationRetry(
      () => {
        calls++;
        return client.callTool({ name: 'connect_account_required', arguments: {} });
      },
      {
        server: { label: 'url-flow' },
        ...p,
        opener: b.opener,
        tracker,
        waiter: w.waiter,
        urlModeDeclared: true,
      },
    );
    assert.match(textOf(result), /ran after -32042/);
    assert.equal(calls, 2);
    assert.equal(w.calls[0]?.info.reason, 'finish-in-browser');
    assert.equal(w.calls[0]?.endedBySignal, true, 'the waiting prompt was closed by the notification');
    assert.equal(tracker.state(p.seen[0]?.elicitationId ?? ''), 'completed');
  });

  it(req`handles -32042 from prompts/get the same way (E-33)`, async () => {
    const p = person();
    const b = browser('submit');
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    const result = await withUrlElicitationRetry(() => client.getPrompt({ name: 'account_prompt' }), {
      server: { label: 'url-flow' },
      ...p,
      opener: b.opener,
      tracker,
      waiter: waitingPerson(['idle']).waiter,
      urlModeDeclared: true,
      request: { method: 'prompts/get', name: 'account_prompt' },
    });
    const first = result.messages[0]?.content;
    assert.match(first?.type === 'text' ? first.text : '', /ran after -32042/);
    assert.equal(b.visited().length, 1);
  });

  it('stops with a clear error when the server asks again for a URL already completed', async () => {
    const p = person();
    const b = browser('submit');
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    let calls = 0;
    await assert.rejects(
      withUrlElicitationRetry(
        () => {
          calls++;
          return client.callTool({ name: 'connect_account_required', arguments: { loop: true } });
        },
        {
          server: { label: 'url-flow' },
          ...p,
          opener: b.opener,
          tracker,
          waiter: waitingPerson(['idle']).waiter,
          urlModeDeclared: true,
        },
      ),
      (error: unknown) =>
        error instanceof ElicitError && error.code === 'repeated-url' && /asked again/.test(error.message),
    );
    assert.equal(calls, 2);
    assert.equal(p.seen.length, 1);
    assert.equal(b.visited().length, 1);
  });

  it(req`gives up after maxRetries when the person keeps choosing retry now (E-37)`, async () => {
    const p = person();
    const b = browser('record'); // the page is never finished
    const w = waitingPerson(['retry', 'retry', 'retry']);
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    let calls = 0;
    await assert.rejects(
      withUrlElicitationRetry(
        () => {
          calls++;
          return client.callTool({ name: 'connect_account_required', arguments: {} });
        },
        {
          server: { label: 'url-flow' },
          ...p,
          opener: b.opener,
          tracker,
          waiter: w.waiter,
          urlModeDeclared: true,
          maxRetries: 2,
        },
      ),
      (error: unknown) => error instanceof ElicitError && error.code === 'retries-exhausted',
    );
    assert.equal(calls, 3);
    assert.equal(p.seen.length, 1, 'consent asked once; later rounds only wait');
    assert.equal(b.visited().length, 1);
    assert.deepEqual(
      w.calls.map((c) => c.info.reason),
      ['finish-in-browser', 'retry-pending'],
    );
  });

  it('fails with declined, opens nothing and forgets the id when the person declines', async () => {
    const p = person([{ action: 'decline' }]);
    const b = browser('submit');
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    await assert.rejects(
      withUrlElicitationRetry(() => client.callTool({ name: 'connect_account_required', arguments: {} }), {
        server: { label: 'url-flow' },
        ...p,
        opener: b.opener,
        tracker,
        waiter: createAutoWaiter(),
        urlModeDeclared: true,
      }),
      (error: unknown) => error instanceof ElicitError && error.code === 'declined',
    );
    assert.deepEqual(b.visited(), []);
    assert.equal(tracker.state(p.seen[0]?.elicitationId ?? ''), undefined);
  });

  it(req`treats -32042 as an ordinary error when URL mode was not declared, showing and opening nothing (E-35)`, async () => {
    const p = person();
    const b = browser('submit');
    const { client, tracker } = await connect(fixture, { form: {} }, { ...p, opener: b.opener });
    await assert.rejects(
      withUrlElicitationRetry(() => client.callTool({ name: 'connect_account_required', arguments: {} }), {
        server: { label: 'url-flow' },
        ...p,
        opener: b.opener,
        tracker,
        waiter: createAutoWaiter(),
        urlModeDeclared: false,
      }),
      (error: unknown) =>
        error instanceof ProtocolError && error.code === -32042 && !(error instanceof ElicitError),
    );
    assert.equal(p.seen.length, 0);
    assert.deepEqual(b.visited(), []);
  });

  it(req`ignores invalid entries and shows only the valid URL elicitation (E-34, S-17)`, async () => {
    const p = person();
    const b = browser('submit');
    const events: ElicitationEvent[] = [];
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    const result = await withUrlElicitationRetry(
      () => client.callTool({ name: 'connect_account_required', arguments: { malformed: 'some' } }),
      {
        server: { label: 'url-flow' },
        ...p,
        opener: b.opener,
        tracker,
        waiter: waitingPerson(['idle']).waiter,
        urlModeDeclared: true,
        emit: (e) => events.push(e),
      },
    );
    assert.match(textOf(result), /ran after -32042/);
    assert.equal(p.seen.length, 1);
    // The session's log lists the one page shown; malformed entries were never shown.
    assert.deepEqual(
      events.map((e) => e.action),
      ['accept'],
    );
  });

  it(req`surfaces the server error unchanged when no entry is a valid URL elicitation (E-34)`, async () => {
    const p = person();
    const b = browser('record');
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    await assert.rejects(
      withUrlElicitationRetry(
        () => client.callTool({ name: 'connect_account_required', arguments: { malformed: 'all' } }),
        {
          server: { label: 'url-flow' },
          ...p,
          ...browser(),
          tracker,
          waiter: createAutoWaiter(),
          urlModeDeclared: true,
        },
      ),
      (error: unknown) => error instanceof ProtocolError && error.code === -32042,
    );
    assert.equal(p.seen.length, 0);
  });

  it(req`refuses a listed javascript: URL without showing or opening it, as elicitation/create does (E-24)`, async () => {
    const p = person();
    const b = browser('record');
    const events: ElicitationEvent[] = [];
    const { client, tracker } = await connect(fixture, { form: {}, url: {} }, { ...p, opener: b.opener });
    await assert.rejects(
      withUrlElicitationRetry(
        () => client.callTool({ name: 'connect_account_required', arguments: { malformed: 'unsafe' } }),
        {
          server: { label: 'url-flow' },
          ...p,
          opener: b.opener,
          tracker,
          waiter: createAutoWaiter(),
          urlModeDeclared: true,
          emit: (e) => events.push(e),
        },
      ),
      (error: unknown) => error instanceof ElicitError && error.code === 'refused',
    );
    assert.equal(p.seen.length, 0);
    assert.deepEqual(b.visited(), []);
    assert.deepEqual(
      events.map((e) => [e.mode, e.error?.code]),
      [['url', -32042]],
    );
  });

  it('passes through errors that are not -32042 untouched', async () => {
    const boom = new ProtocolError(-32603, 'boom');
    await assert.rejects(
      withUrlElicitationRetry(() => Promise.reject(boom), {
        server: { label: 'x' },
        ...person(),
        opener: browser().opener,
        tracker: new UrlCompletionTracker(),
        waiter: createAutoWaiter(),
        urlModeDeclared: true,
      }),
      (error: unknown) => error === boom,
    );
  });
});
