// The responder turns one parsed request into the wire result and the session's event, for both
// modes, without the SDK in between.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Era } from '../../src/contracts/protocol.js';
import type { PromptContext, Renderer, RendererNotice } from '../../src/contracts/renderer.js';
import { DraftStore } from '../../src/core/draft-store.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import type { ElicitationEvent } from '../../src/mcp/events.js';
import type { ElicitRequest } from '../../src/mcp/incoming-request.js';
import { PromptQueue } from '../../src/mcp/prompt-queue.js';
import { createResponder } from '../../src/mcp/respond.js';
import { UrlCompletionTracker } from '../../src/mcp/url-completion.js';
import { req } from '../helpers/req.js';

const parsed = parseRequestedSchema({
  type: 'object',
  properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', minimum: 0 } },
});
assert.ok(parsed.ok);
const model = parsed.value;

function setup(renderer: Renderer, era: Era = '2025-11-25') {
  const events: ElicitationEvent[] = [];
  const notices: RendererNotice[] = [];
  const opened: string[] = [];
  const contexts: PromptContext[] = [];
  const watched: Renderer = {
    ...renderer,
    form: (prompt, ctx) => {
      contexts.push(ctx);
      return renderer.form(prompt, ctx);
    },
    notice: (notice) => notices.push(notice),
  };
  const respond = createResponder({
    label: 'srv',
    renderer: watched,
    urlRenderer: watched,
    queue: new PromptQueue(),
    drafts: new DraftStore(),
    opener: {
      open: async (url) => {
        opened.push(url);
        return { ok: true };
      },
    },
    tracker: new UrlCompletionTracker(),
    waiter: { wait: async () => 'done' },
    progressIntervalMs: 0,
    emit: (event) => events.push(event),
    server: () => ({ label: 'srv', selfName: 'Server' }),
    era: () => era,
    currentRequest: () => ({ method: 'tools/call', name: 'signup' }),
  });
  return { respond, events, notices, opened, contexts };
}

const form = (meta: ElicitRequest['meta'] = {}): ElicitRequest => ({
  mode: 'form',
  message: 'Who?',
  model,
  meta,
});

const accepting: Renderer = {
  name: 'person',
  interactive: true,
  form: async (prompt) => {
    const checked = prompt.validate({ ...prompt.initial, age: 36 });
    assert.ok(checked.ok);
    return { outcome: { action: 'accept', content: checked.value } };
  },
  url: async () => ({ outcome: { action: 'accept' } }),
};

describe('createResponder', () => {
  it('answers a form with the validated content and records the event', async () => {
    const { respond, events, contexts } = setup(accepting);
    const result = await respond(form(), new AbortController().signal);
    assert.deepEqual(result, { action: 'accept', content: { name: 'Ada', age: 36 } });
    assert.deepEqual(events, [
      {
        server: 'srv',
        mode: 'form',
        message: 'Who?',
        fields: ['name', 'age'],
        action: 'accept',
        content: { name: 'Ada', age: 36 },
      },
    ]);
    assert.deepEqual(contexts[0]?.request, { method: 'tools/call', name: 'signup' });
    assert.equal(contexts[0]?.server.selfName, 'Server');
  });

  it('echoes the related-task metadata in the result (§2.9b)', async () => {
    const { respond } = setup(accepting);
    const result = await respond(form({ relatedTask: { taskId: 't-9' } }), new AbortController().signal);
    assert.deepEqual(result._meta, { 'io.modelcontextprotocol/related-task': { taskId: 't-9' } });
  });

  it(req`answers cancel and tells the person when the server withdraws the request (X-04)`, async () => {
    const controller = new AbortController();
    const { respond, notices, events } = setup({
      ...accepting,
      form: async (prompt) => {
        controller.abort();
        return { outcome: { action: 'accept', content: prompt.initial as never } };
      },
    });
    const result = await respond(form(), controller.signal);
    assert.deepEqual(result, { action: 'cancel' });
    assert.equal(notices[0]?.kind, 'server-cancelled');
    assert.equal(events[0]?.reason, 'server-cancelled');
  });

  it('answers a 2025 URL request with accept once consented and opened, recording the URL', async () => {
    const { respond, events, opened } = setup(accepting);
    const url: ElicitRequest = {
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/login',
      elicitationId: 'e1',
      meta: {},
    };
    const result = await respond(url, new AbortController().signal);
    assert.deepEqual(result, { action: 'accept' });
    assert.deepEqual(opened, ['https://example.com/login']);
    assert.deepEqual(events, [
      {
        server: 'srv',
        mode: 'url',
        message: 'Sign in',
        url: 'https://example.com/login',
        site: 'example.com',
        siteAscii: 'example.com',
        host: 'example.com',
        warnings: [],
        action: 'accept',
      },
    ]);
  });

  it('sends decline without content when the person says no', async () => {
    const { respond } = setup({ ...accepting, form: async () => ({ outcome: { action: 'decline' } }) });
    assert.deepEqual(await respond(form(), new AbortController().signal), { action: 'decline' });
  });
});
