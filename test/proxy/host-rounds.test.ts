// HostRounds (a 2026-07-28 host's input_required rounds), driven directly: a prompt that names no
// host request rides in another call's round; when that call ends (abandoned by the host, or its
// result handed over first), the prompt moves to a call still open, or is refused when none is.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import type { ServerContext } from '@modelcontextprotocol/server';
import { HostRounds } from '../../src/proxy/host-rounds.js';

const never = new AbortController().signal;
type Round = { inputRequests?: Record<string, unknown>; requestState?: string };

function ctxOf(state?: string, responses?: Record<string, unknown>): ServerContext {
  return {
    mcpReq: { requestState: () => state, inputResponses: responses, signal: never },
  } as unknown as ServerContext;
}

/** A call that runs until its job is cancelled. */
const endless = (signal: AbortSignal) =>
  new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled'))));

const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  return done;
};

const PARAMS = { mode: 'form', message: 'untied', requestedSchema: { type: 'object', properties: {} } };

describe('HostRounds: prompts no host request names', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('ride in the longest-open call, and move to another open call when that one is abandoned', async () => {
    const rounds = new HostRounds();
    const slow = rounds.handle(ctxOf(), endless);
    const other = rounds.handle(ctxOf(), endless);
    const answer = rounds.ask(PARAMS, never);
    const first = (await slow) as Round;
    const [key] = Object.keys(first.inputRequests ?? {});
    assert.ok(key, 'the longest-open call carried the prompt');
    assert.equal(await settled(other), false, 'the other call still waits');
    // The host never retries the slow call: after the abandon delay it ends, and the prompt moves.
    mock.timers.tick(10 * 60_000 + 1);
    assert.equal(await settled(other), true, 'the prompt moved to the call still open');
    const moved = (await other) as Round;
    assert.deepEqual(Object.keys(moved.inputRequests ?? {}), [key]);
    void rounds.handle(
      ctxOf(moved.requestState, { [key as string]: { action: 'accept', content: {} } }),
      endless,
    );
    assert.deepEqual(await answer, { action: 'accept', content: {} });
  });

  it('are refused (cancel upstream) when the call carrying them ends and none is left', async () => {
    const rounds = new HostRounds();
    const only = rounds.handle(ctxOf(), endless);
    const answer = rounds.ask(PARAMS, never);
    await only;
    mock.timers.tick(10 * 60_000 + 1);
    assert.equal(await settled(answer), true, 'not left waiting');
    await assert.rejects(answer, /no host request is left/);
  });
});
