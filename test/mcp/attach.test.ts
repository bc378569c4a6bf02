// The adapter on a real SDK Client against real servers: the raw hostile 2025 server, the demo
// server (both eras) and server-everything.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { Client, type ElicitResult, SdkError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { FormAnswer, FormPrompt, PromptContext, Renderer } from '../../src/contracts/renderer.js';
import { ScriptedRenderer } from '../../src/frontends/scripted/index.js';
import { attachElicitation } from '../../src/mcp/attach.js';
import { createGuardedStdioTransport } from '../../src/mcp/guarded-stdio.js';
import { PromptQueue } from '../../src/mcp/prompt-queue.js';
import { req } from '../helpers/req.js';
import { demoStdioCommand, everythingStdioCommand, hostileStdioCommand } from '../helpers/servers.js';

type Responses = {
  clientCapabilities: unknown;
  responses: {
    case: string;
    response: { error?: { code: number; message: string }; result?: ElicitResult; timeout?: boolean };
  }[];
};

function text(result: { content?: unknown }): string {
  return ((result.content ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('\n');
}

/** A person who waits until the server withdraws the request, having typed something. */
class WaitingPerson implements Renderer {
  readonly name = 'waiting-person';
  readonly interactive = true;
  readonly seen: { prompt: FormPrompt; ctx: PromptContext }[] = [];
  async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    this.seen.push({ prompt, ctx });
    await new Promise<void>((resolve) =>
      ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    return { outcome: { action: 'cancel', reason: 'server-cancelled' }, draft: { name: 'half-typed' } };
  }
}

describe('attachElicitation against the hostile 2025 server', () => {
  it(req`answers every malformed elicitation/create with an error naming the problem, keeps running, and still answers the valid one (S-05, S-07, S-08, X-03, C-17, E-05)`, async () => {
    const client = new Client({ name: 'test', version: '1' });
    const session = attachElicitation(client, {
      renderer: new ScriptedRenderer({ sets: { name: 'Zed' } }),
      server: 'hostile',
      modes: ['form'],
    });
    await client.connect(createGuardedStdioTransport(hostileStdioCommand()));
    try {
      const report = JSON.parse(
        text(await session.callTool({ name: 'barrage', arguments: {} })),
      ) as Responses;
      assert.deepEqual(
        report.clientCapabilities,
        { elicitation: { form: {} } },
        'only the enabled mode is declared (C-05)',
      );
      const byCase = new Map(report.responses.map((r) => [r.case, r.response]));
      const expectations: [string, number, RegExp][] = [
        ['missing-message', -32602, /"message" must be a string/],
        ['missing-requestedSchema', -32602, /"requestedSchema" is missing/],
        ['nested-object-property', -32602, /property "address": nested objects are not allowed/],
        ['array-of-objects-property', -32602, /property "people"/],
        ['ref-property', -32602, /property "name": "\$ref" is not supported/],
        ['property-without-type', -32602, /property "mystery": "type" is missing/],
        ['unsupported-schema-dialect', -32602, /draft-04.*not supported/],
        ['root-not-object', -32602, /"type" must be "object"/],
        ['bogus-mode', -32602, /unsupported mode "bogus"/],
        ['url-mode', -32602, /url-mode .*not declared in its capabilities/],
        ['non-object-params', -32600, /"params" .* must be an object or an array/],
        ['huge-message', -32602, /longer than/],
      ];
      for (const [name, code, message] of expectations) {
        const response = byCase.get(name);
        const error = response?.error;
        assert.ok(error, `${name}: expected an error response, got ${JSON.stringify(response)}`);
        assert.equal(error.code, code, `${name}: code`);
        assert.match(error.message, message, `${name}: message`);
      }
      assert.deepEqual(byCase.get('valid-form')?.result, { action: 'accept', content: { name: 'Zed' } });
      const rejected = session.events.filter((e) => e.error);
      assert.equal(
        rejected.length,
        expectations.length - 1,
        'every rejected attempt is reported (the invalid JSON-RPC one never reaches the handler)',
      );
      assert.equal(session.events.at(-1)?.action, 'accept');
    } finally {
      await client.close();
    }
  });

  it(req`closes the prompt when the server cancels, sends increasing progress meanwhile, never answers after the cancel, and keeps what was typed (X-04, X-06)`, async () => {
    const client = new Client({ name: 'test', version: '1' });
    const person = new WaitingPerson();
    const session = attachElicitation(client, {
      renderer: person,
      server: 'hostile',
      modes: ['form'],
      progressIntervalMs: 150,
    });
    await client.connect(createGuardedStdioTransport(hostileStdioCommand()));
    try {
      const record = JSON.parse(
        text(await session.callTool({ name: 'slow_then_cancel', arguments: { afterMs: 800, graceMs: 300 } })),
      ) as {
        cancelSent: boolean;
        respondedAfterCancel: boolean;
        progress: { progress: number; progressToken: string }[];
      };
      assert.equal(record.cancelSent, true);
      assert.equal(record.respondedAfterCancel, false, 'no response after notifications/cancelled');
      assert.ok(record.progress.length >= 2, `progress notifications were sent (${record.progress.length})`);
      const values = record.progress.map((p) => p.progress);
      assert.deepEqual(
        values,
        [...values].sort((a, b) => a - b),
        'progress increases',
      );
      assert.equal(new Set(values).size, values.length, 'progress strictly increases');
      assert.equal(session.events.at(-1)?.reason, 'server-cancelled');

      // The same server asking the same form again gets the typed value back, marked restored.
      await session.callTool({ name: 'slow_then_cancel', arguments: { afterMs: 200, graceMs: 100 } });
      const second = person.seen.at(-1)?.prompt;
      assert.equal(second?.restored, true);
      assert.equal(second?.initial.name, 'half-typed');
    } finally {
      await client.close();
    }
  });
});

describe('attachElicitation on both eras (demo server)', () => {
  for (const mode of ['legacy', 'auto'] as const) {
    it(`serves ${mode === 'legacy' ? '2025-11-25 elicitation/create' : '2026-07-28 input_required'} through the one handler, defaults applied, content validated`, async () => {
      const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode } });
      const session = attachElicitation(client, {
        renderer: new ScriptedRenderer({ sets: { name: 'Ada Lovelace', email: 'ada@example.com' } }),
        server: 'demo',
      });
      await client.connect(new StdioClientTransport(demoStdioCommand()));
      try {
        assert.equal(client.getProtocolEra(), mode === 'legacy' ? 'legacy' : 'modern');
        const result = text(await session.callTool({ name: 'profile', arguments: {} }));
        assert.match(result, /action=accept/);
        assert.match(result, /"name":"Ada Lovelace"/);
        assert.match(result, /"age":30/, 'an untouched field with a default is sent (SEP-1034)');
        assert.match(result, /"skills":\["ts"\]/);
        assert.doesNotMatch(result, /"email":""/);
      } finally {
        await client.close();
      }
    });
  }

  it('also answers when the app calls client.callTool directly (the SDK drives the 2026 rounds through our handler)', async () => {
    const client = new Client(
      { name: 'test', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const session = attachElicitation(client, {
      renderer: new ScriptedRenderer({ sets: { username: 'grace', plan: 'free' } }),
      server: 'demo',
    });
    await client.connect(new StdioClientTransport(demoStdioCommand()));
    try {
      const result = text(await client.callTool({ name: 'signup', arguments: {} }, { timeout: 30_000 }));
      assert.match(result, /account: action=accept content=\{"username":"grace","plan":"free"\}/);
      assert.match(result, /outcome: account grace created/);
      assert.equal(session.events.length, 3, 'three forms answered through the registered handler');
    } finally {
      await client.close();
    }
  });

  it(req`shows prompts from two servers one at a time, each naming its server, and answers each to the server that asked (E-39)`, async () => {
    const queue = new PromptQueue();
    const order: string[] = [];
    let open = 0;
    let maxOpen = 0;
    const person: Renderer = {
      name: 'slow-person',
      interactive: true,
      async form(prompt, ctx) {
        open += 1;
        maxOpen = Math.max(maxOpen, open);
        // The first prompt stays until the other server's prompt is queued behind it (`waiting` is live).
        if (order.length === 0) while (queue.waiting === 0) await new Promise((r) => setImmediate(r));
        order.push(`${ctx.server.label}:${ctx.waiting}`);
        open -= 1;
        const content = { ...prompt.initial, comment: `from ${ctx.server.label}` };
        return { outcome: { action: 'accept', content } };
      },
    };
    const clients = ['alpha', 'beta'].map((label) => {
      const client = new Client({ name: 'test', version: '1' });
      return {
        label,
        client,
        session: attachElicitation(client, { renderer: person, server: label, queue }),
      };
    });
    await Promise.all(
      clients.map(({ client }) => client.connect(new StdioClientTransport(demoStdioCommand()))),
    );
    try {
      const results = await Promise.all(
        clients.map(({ session }) => session.callTool({ name: 'survey', arguments: {} })),
      );
      assert.equal(maxOpen, 1, 'never two prompts at once');
      assert.equal(order.length, 2);
      assert.ok(
        order.some((o) => o.endsWith(':1')),
        `the first prompt saw one more waiting: ${order.join(', ')}`,
      );
      assert.match(text(results[0] ?? {}), /from alpha/);
      assert.match(text(results[1] ?? {}), /from beta/);
    } finally {
      await Promise.all(clients.map(({ client }) => client.close()));
    }
  });
});

describe('human-aware request timeouts', () => {
  it(req`does not count the time a person spends answering against the request timeout (X-05)`, async () => {
    const client = new Client({ name: 'test', version: '1' });
    const slowPerson: Renderer = {
      name: 'slow',
      interactive: true,
      async form(prompt) {
        // The person takes twice the request timeout on the injected clock, which fires the
        // deadline's timer meanwhile: it must not end the request.
        mock.timers.tick(1500);
        return { outcome: { action: 'accept', content: { ...prompt.initial } } };
      },
    };
    const session = attachElicitation(client, { renderer: slowPerson, server: 'demo' });
    await client.connect(new StdioClientTransport(demoStdioCommand()));
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() });
    try {
      const result = await session.callTool({ name: 'survey', arguments: {} }, { timeoutMs: 700 });
      assert.match(text(result), /action=accept/);
    } finally {
      mock.timers.reset();
      await client.close();
    }
  });

  it('still times out a request that is slow for other reasons', async () => {
    const client = new Client({ name: 'test', version: '1' });
    const session = attachElicitation(client, {
      renderer: new ScriptedRenderer({ acceptDefaults: true }),
      server: 'everything',
    });
    await client.connect(new StdioClientTransport(everythingStdioCommand()));
    try {
      await assert.rejects(
        session.callTool(
          { name: 'trigger-long-running-operation', arguments: { duration: 5, steps: 5 } },
          { timeoutMs: 400 },
        ),
        (error: unknown) =>
          SdkError.isInstance(error) && /timed out after 400 ms/.test((error as Error).message),
      );
    } finally {
      await client.close();
    }
  });
});
