// Closing the client withdraws every prompt of that session: the one on screen and the ones queued
// behind it, on both eras (the SDK aborts a 2025 elicitation/create handler on close; a 2026 round
// is ours to end).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { FormAnswer, FormPrompt, PromptContext, Renderer } from '../../src/contracts/renderer.js';
import { withdrawnOutcome } from '../../src/core/prompt-ending.js';
import { attachElicitation } from '../../src/mcp/attach.js';
import { req } from '../helpers/req.js';
import { demoStdioCommand } from '../helpers/servers.js';
import { within } from '../helpers/within.js';

/** A person who never answers: each prompt stays until it is withdrawn. */
class AbsentPerson implements Renderer {
  readonly name = 'absent-person';
  readonly interactive = true;
  readonly shown: string[] = [];
  readonly withdrawn: string[] = [];
  #onShown: (() => void) | undefined;
  async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    this.shown.push(prompt.message);
    this.#onShown?.();
    await new Promise<void>((resolve) =>
      ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    this.withdrawn.push(prompt.message);
    return { outcome: withdrawnOutcome(ctx.signal) }; // as every front-end reports a withdrawn prompt
  }
  /** Resolves once a prompt is on screen. */
  firstShown(): Promise<void> {
    return this.shown.length > 0 ? Promise.resolve() : new Promise((resolve) => (this.#onShown = resolve));
  }
}

const macrotask = () => new Promise((resolve) => setImmediate(resolve));

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  describe(`closing the client on ${era}`, () => {
    it(req`withdraws the prompt on screen as connection-closed, never shows the one queued behind it, and ends both calls with "Connection closed" (E-23)`, async () => {
      const client = new Client(
        { name: 'test', version: '1' },
        { versionNegotiation: { mode: era === '2025-11-25' ? 'legacy' : { pin: era } } },
      );
      const person = new AbsentPerson();
      const session = attachElicitation(client, { renderer: person, server: 'demo' });
      await client.connect(new StdioClientTransport(demoStdioCommand()));
      const calls = [0, 1].map(() =>
        session.callTool({ name: 'survey', arguments: {} }).then(
          () => 'answered',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      );
      await within(20_000, 'the first prompt', person.firstShown());
      await client.close();
      const ended = await within(10_000, 'both calls to end', Promise.all(calls));
      for (const message of ended) assert.match(message, /Connection closed/);
      // A queued prompt would be shown as soon as the first one's turn ended.
      await macrotask();
      await macrotask();
      assert.equal(person.shown.length, 1, `shown: ${person.shown.join(' | ')}`);
      assert.equal(person.withdrawn.length, 1, 'the prompt on screen was withdrawn');
      const recorded = session.events.map((event) => [event.action, event.reason]);
      assert.deepEqual(recorded[0], ['cancel', 'connection-closed'], 'recorded as the connection closing');
    });
  });
}
