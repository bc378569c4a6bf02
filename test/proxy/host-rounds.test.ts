// HostRounds (a 2026-07-28 host's input_required rounds), driven directly: a prompt that names no
// host request rides only in the one call open (docs/proxy.md, H-31) and ends with it; roots, which
// ask no person, ride in any open call and move to another when that one ends.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { inputRequired, type ServerContext } from '@modelcontextprotocol/server';
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

  it('are refused as unroutable while several host calls are open: none may carry a question it did not ask (H-31)', async () => {
    const rounds = new HostRounds();
    const slow = rounds.handle(ctxOf(), endless);
    const other = rounds.handle(ctxOf(), endless);
    await assert.rejects(rounds.ask(PARAMS, never), (error: { code?: string; message?: string }) => {
      assert.equal(error.code, 'unroutable');
      assert.match(String(error.message), /several host requests are open/);
      return true;
    });
    assert.equal(await settled(slow), false, 'no round was sent in the first call');
    assert.equal(await settled(other), false, 'nor in the second');
  });

  it('ride in the only open call, and are refused (cancel upstream) when that call is abandoned (H-31)', async () => {
    const rounds = new HostRounds();
    const only = rounds.handle(ctxOf(), endless);
    const answer = rounds.ask(PARAMS, never);
    const round = (await only) as Round;
    assert.equal(Object.keys(round.inputRequests ?? {}).length, 1, 'the only open call carried the prompt');
    // The host never retries: after the abandon delay the call ends, and the prompt with it.
    mock.timers.tick(10 * 60_000 + 1);
    assert.equal(await settled(answer), true, 'not left waiting');
    await assert.rejects(answer, /the host request it was asked in has ended/);
  });

  it('roots, which ask no person, ride in an open call and move to another when it is abandoned', async () => {
    const rounds = new HostRounds();
    const slow = rounds.handle(ctxOf(), endless);
    const other = rounds.handle(ctxOf(), endless);
    const roots = rounds.askInput(inputRequired.listRoots(), 'roots', never);
    const first = (await slow) as Round;
    const [key] = Object.keys(first.inputRequests ?? {});
    assert.ok(key, 'an open call carried the roots request');
    assert.equal(await settled(other), false, 'the other call still waits');
    mock.timers.tick(10 * 60_000 + 1);
    assert.equal(await settled(other), true, 'the roots request moved to the call still open');
    const moved = (await other) as Round;
    assert.deepEqual(Object.keys(moved.inputRequests ?? {}), [key]);
    void rounds.handle(ctxOf(moved.requestState, { [key as string]: { roots: [] } }), endless);
    assert.deepEqual(await roots, { roots: [] });
  });
});
