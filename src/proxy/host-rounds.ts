// Elicitation for a 2026-07-28 host, which has no server-to-client requests: the upstream request
// runs as a job, and each prompt the host must answer ends the host's request with an
// `input_required` result naming the job in `requestState`; the host's retry carries the answer
// back to the waiting prompt, and the job's final result (or the next prompt) answers that retry.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type ElicitResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { type InputRequest, inputRequired, type ServerContext } from '@modelcontextprotocol/server';
import { ElicitError } from '../contracts/elicit-error.js';
import { isRecord } from './passthrough.js';
import type { PersonWaiting } from './person-waiting.js';

const STATE_PREFIX = 'mcp-elicit-proxy:';
/** A job whose host stopped retrying is cancelled upstream after this long. */
const ABANDONED_MS = 10 * 60_000;

interface Ask {
  readonly key: string;
  readonly request: InputRequest;
  readonly answer: (result: unknown) => void;
  readonly fail: (error: Error) => void;
  /** Nothing tied it to the job that carries it (it was the only one open): it ends with that job. */
  readonly untied: boolean;
  /** A roots request, the same for every call: carried by any open job and moved on when that job ends. */
  readonly movable: boolean;
  /** Puts it in `next`'s round instead. */
  readonly move: (next: Job) => void;
}

class Job {
  constructor(private readonly person?: PersonWaiting) {}

  readonly id = randomUUID();
  readonly abort = new AbortController();
  readonly asks = new Map<string, Ask>();
  private wake?: () => void;
  private timer?: NodeJS.Timeout;
  done = false;
  /** True while the host has a request open on this job (it is waiting for the next round). */
  waiting = false;
  /** Set when a keep-alive round is due (`--keep-alive` passed while a person answers). */
  private keepAlive = false;
  onFinished: () => void = () => {};
  result?: { ok: true; value: unknown } | { ok: false; error: unknown };

  notify(): void {
    this.wake?.();
  }

  /** The final result, or the prompts still waiting for the host, whichever is first. */
  async next(): Promise<unknown> {
    clearTimeout(this.timer);
    this.waiting = true;
    const stopKeepAlive = this.person?.whileWaiting('round', () => {
      this.keepAlive = true;
      this.notify();
    });
    while (!this.done && this.asks.size === 0 && !this.keepAlive) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    stopKeepAlive?.();
    this.waiting = false;
    if (this.result) {
      this.onFinished();
      if (this.result.ok) return this.result.value;
      throw this.result.error;
    }
    this.timer = setTimeout(() => {
      this.person?.hostGaveUp();
      this.abort.abort(new ElicitError('abandoned', 'the host did not retry'));
    }, ABANDONED_MS);
    this.timer.unref();
    const requestState = `${STATE_PREFIX}${this.id}`;
    this.keepAlive = false;
    // A person is still answering the proxy's front-end: the host comes back with the state alone.
    if (this.asks.size === 0) return inputRequired({ requestState });
    const inputRequests = Object.fromEntries([...this.asks.values()].map((ask) => [ask.key, ask.request]));
    return inputRequired({ inputRequests, requestState });
  }
}

export class HostRounds {
  /** @param person the proxy's own front-end asking someone: rounds with the state alone keep the host's request short. */
  constructor(private readonly person?: PersonWaiting) {}

  private readonly jobs = new Map<string, Job>();
  private readonly current = new AsyncLocalStorage<Job>();
  /** Host requests without rounds that are open upstream (a server may ask during any of them). */
  private unroundedOpen = 0;

  /** Answers one host request (a first call or a retry carrying answers). */
  async handle(ctx: ServerContext, start: (signal: AbortSignal) => Promise<unknown>) {
    // The SDK hands a retry's fields over in the context (the wire string: no verifier is set).
    const state: unknown = ctx.mcpReq.requestState();
    const owned = typeof state === 'string' && state.startsWith(STATE_PREFIX);
    let job = owned ? this.jobs.get(state.slice(STATE_PREFIX.length)) : undefined;
    if (owned && !job) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'unknown or expired requestState');
    }
    if (job) {
      const responses = isRecord(ctx.mcpReq.inputResponses) ? ctx.mcpReq.inputResponses : {};
      for (const [key, response] of Object.entries(responses)) {
        const ask = job.asks.get(key);
        if (!ask) continue;
        job.asks.delete(key);
        ask.answer(response);
      }
    } else {
      job = this.begin(start);
    }
    const running = job;
    const onCancel = () => running.abort.abort(ctx.mcpReq.signal.reason);
    ctx.mcpReq.signal.addEventListener('abort', onCancel, { once: true });
    try {
      return await running.next();
    } finally {
      ctx.mcpReq.signal.removeEventListener('abort', onCancel);
    }
  }

  /** Asks the host for an elicitation through the job this prompt belongs to. */
  ask(params: Record<string, unknown>, signal: AbortSignal): Promise<ElicitResult> {
    return this.askInput(toInputRequest(params), 'elicit', signal) as Promise<ElicitResult>;
  }

  /**
   * Sends one embedded request (an elicitation, sampling, roots) to the host in the next round of
   * the job it belongs to; settles with the host's response. A request nothing ties to a job is
   * refused (`unroutable`) unless it can only be that job's (docs/proxy.md, H-31).
   */
  askInput(request: InputRequest, kind: string, signal: AbortSignal): Promise<unknown> {
    const movable = kind === 'roots';
    const tied = this.current.getStore();
    const job = tied ?? this.attributed(movable);
    if (!job)
      return Promise.reject(
        new ElicitError(
          'unroutable',
          "several host requests are open and the server's request names none of them",
        ),
      );
    return new Promise((resolve, reject) => {
      const key = `${kind}-${randomUUID().slice(0, 8)}`;
      let carrier = job;
      const onAbort = () => {
        carrier.asks.delete(key);
        reject(new ElicitError('cancelled', 'withdrawn'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const ask: Ask = {
        key,
        request,
        untied: tied === undefined,
        movable,
        answer: (result) => {
          signal.removeEventListener('abort', onAbort);
          resolve(result);
        },
        fail: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
        move: (next) => {
          carrier = next;
          next.asks.set(key, ask);
          next.notify();
        },
      };
      ask.move(job);
    });
  }

  /** Runs a host request that has no rounds (a list, a completion): the server may ask during it too. */
  async besideRounds<T>(run: () => Promise<T>): Promise<T> {
    this.unroundedOpen += 1;
    try {
      return await run();
    } finally {
      this.unroundedOpen -= 1;
    }
  }

  /**
   * The job a server request that names none belongs to (a 2025 server over stdio sends nothing
   * that ties it): the one host request open upstream, if it is the only one, since no other can
   * have asked. With several open, a question is never put under a call that may not have asked
   * it. Roots ask no person and are the same for every call: any open job carries them.
   */
  private attributed(movable: boolean, except?: Job): Job | undefined {
    const open = [...this.jobs.values()].filter((j) => j !== except && !j.done);
    const live = open.filter((j) => !j.abort.signal.aborted);
    if (movable) return live.find((j) => j.waiting) ?? live[0];
    return open.length === 1 && this.unroundedOpen === 0 ? live[0] : undefined;
  }

  /** A job that ended (cancelled, abandoned, or its result handed over): its untied prompts end with it. */
  private passOn(job: Job): void {
    for (const ask of [...job.asks.values()]) {
      if (!ask.untied) continue;
      job.asks.delete(ask.key);
      const next = ask.movable ? this.attributed(true, job) : undefined;
      if (next) ask.move(next);
      else ask.fail(new ElicitError('cancelled', 'the host request it was asked in has ended'));
    }
  }

  private begin(start: (signal: AbortSignal) => Promise<unknown>): Job {
    const job = new Job(this.person);
    this.jobs.set(job.id, job);
    this.person?.countCall(1);
    // Kept until its result was handed to the host (which may be on a later retry).
    job.onFinished = () => {
      this.jobs.delete(job.id);
      this.passOn(job);
    };
    job.abort.signal.addEventListener('abort', () => this.passOn(job), { once: true });
    void this.current
      .run(job, () =>
        start(job.abort.signal).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
      )
      .then((result) => {
        this.person?.countCall(-1);
        job.result = result;
        job.done = true;
        job.notify();
      });
    return job;
  }
}

function toInputRequest(params: Record<string, unknown>) {
  const message = String(params.message ?? '');
  if (params.mode === 'url') return inputRequired.elicitUrl({ message, url: String(params.url) });
  return inputRequired.elicit({ message, requestedSchema: params.requestedSchema as never });
}
