// The parking front-end in a library client's own process, on a real SDK Client against the park
// fixture: questions wait side by side, other requests on the connection go on meanwhile, answers
// are checked by the engine, and a withdrawn or expired question stops waiting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type ParkedQuestion, ParkingRenderer } from '../../../src/frontends/park/index.js';
import { attachElicitation } from '../../../src/mcp/attach.js';
import { PromptQueue } from '../../../src/mcp/prompt-queue.js';
import { fixtureCommand } from '../../helpers/compiled-fixture.js';
import { within } from '../../helpers/within.js';

const parkServer = fixtureCommand('test/fixtures/servers/park-server.ts');

/** Resolves when `count` questions wait. */
function parkedCount(
  count: number,
  seen: ParkedQuestion[],
): { onPark: (q: ParkedQuestion) => void; all: Promise<void> } {
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  return {
    onPark: (question) => {
      seen.push(question);
      if (seen.length === count) done();
    },
    all,
  };
}

describe('ParkingRenderer on a live connection', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    // P-03 P-06
    it(`keeps three questions waiting on ${era}, serves tools/list meanwhile, refuses a wrong answer and takes them in reverse order`, async () => {
      const seen: ParkedQuestion[] = [];
      const waiting = parkedCount(3, seen);
      const renderer = new ParkingRenderer({ onPark: waiting.onPark });
      const mode = era === '2026-07-28' ? { pin: '2026-07-28' } : 'legacy';
      const client = new Client({ name: 'park-test', version: '1' }, { versionNegotiation: { mode } });
      const session = attachElicitation(client, {
        renderer,
        server: 'park',
        queue: new PromptQueue({ concurrent: true }),
      });
      await client.connect(new StdioClientTransport(parkServer));
      try {
        const call = session.callTool(
          { name: 'ask_several', arguments: { count: 3 } },
          { timeoutMs: 60_000 },
        );
        await within(30_000, 'three questions park', waiting.all);
        const listed = await client.listTools();
        assert.ok(
          listed.tools.some((tool) => tool.name === 'ask_several'),
          'the connection is not blocked',
        );
        const byMessage = (m: string) => seen.find((q) => q.message === m)?.id ?? '';
        const wrong = renderer.answer(byMessage('Question 3'), { action: 'accept', sets: { n3: '11' } });
        assert.equal(wrong.ok, false);
        assert.match(wrong.ok ? '' : wrong.message, /^n3: /);
        assert.equal(renderer.pending().length, 3, 'a refused answer changes nothing');
        assert.equal(
          renderer.answer(byMessage('Question 3'), { action: 'done' }).ok,
          false,
          '--done is for URL steps',
        );
        for (const [i, n] of [
          [3, '3'],
          [2, '2'],
          [1, '1'],
        ] as const)
          assert.deepEqual(
            renderer.answer(byMessage(`Question ${i}`), { action: 'accept', sets: { [`n${i}`]: n } }),
            { ok: true },
          );
        const again = renderer.answer(byMessage('Question 1'), { action: 'accept', sets: { n1: '1' } });
        assert.equal(again.ok ? '' : again.code, 'unknown', 'the first answer won');
        const result = await within(30_000, 'the call ends', call);
        const text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('');
        for (const n of [1, 2, 3]) assert.match(text, new RegExp(`"n${n}":${n}`));
        assert.deepEqual(renderer.pending(), []);
      } finally {
        await client.close();
      }
    });
  }

  // P-08
  it('expires a question with cancel (reason timeout) and tells onSettle', async () => {
    const settled: string[] = [];
    const seen: ParkedQuestion[] = [];
    const waiting = parkedCount(1, seen);
    const renderer = new ParkingRenderer({
      onPark: waiting.onPark,
      onSettle: (_id, how) => settled.push(how),
    });
    const client = new Client({ name: 'park-test', version: '1' });
    const session = attachElicitation(client, { renderer, server: 'park' });
    await client.connect(new StdioClientTransport(parkServer));
    try {
      const call = session.callTool({ name: 'ask_several', arguments: { count: 1 } }, { timeoutMs: 60_000 });
      await within(30_000, 'the question parks', waiting.all);
      renderer.expire(seen[0]?.id ?? '', 'too late');
      const result = await within(30_000, 'the call ends', call);
      assert.match(JSON.stringify(result.content), /cancel/);
      assert.deepEqual(settled, ['expired']);
      assert.deepEqual(
        session.events.map((event) => [event.action, event.reason]),
        [['cancel', 'timeout']],
      );
    } finally {
      await client.close();
    }
  });
});
