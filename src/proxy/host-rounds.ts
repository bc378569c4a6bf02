// Elicitation for a 2026-07-28 host, which has no server-to-client requests: the upstream request
// runs as a job, and each prompt the host must answer ends the host's request with an
// `input_required` result naming the job in `requestState`; the host's retry carries the answer
// back to the waiting prompt, and the job's final result (or the next prompt) answers that retry.
import { randomUUID } from 'node:crypto';
import { type ElicitResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { type InputRequest, inputRequired, type ServerContext } from '@modelcontextprotocol/server';
import { ElicitError } from '../contracts/elicit-error.js';
import { type Call, CallLedger } from './call-ledger.js';
import { logOnRequest } from './page-notice.js';
import { isConnectionClosed, isRecord } from './passthrough.js';
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
  readonly #person: PersonWaiting | undefined;

  /** @param call the host call this job is, in the session's ledger. */
  constructor(
    readonly call: Call,
    person?: PersonWaiting,
  ) {
    this.#person = person;
  }

  readonly id = randomUUID();
  readonly abort = new AbortController();
  readonly asks = new Map<string, Ask>();
  #wake?: () => void;
  #timer?: NodeJS.Timeout;
  done = false;
  /** True while the host has a request open on this job (it is waiting for the next round). */
  waiting = false;
  /** Set when a keep-alive round is due (`--keep-alive` passed while a person answers). */
  #keepAlive = false;
  onFinished: () => void = () => {};
  result?: { ok: true; value: unknown } | { ok: false; error: unknown };

  notify(): void {
    this.#wake?.();
  }

  /** The final result, or the prompts still waiting for the host, whichever is first. */
  async next(): Promise<unknown> {
    clearTimeout(this.#timer);
    this.waiting = true;
    const stopKeepAlive = this.#person?.whileWaiting('round', () => {
      this.#keepAlive = true;
      this.notify();
    });
    while (!this.done && this.asks.size === 0 && !this.#keepAlive) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    stopKeepAlive?.();
    this.waiting = false;
    if (this.result) {
      this.onFinished();
      if (this.result.ok) return this.result.value;
      throw this.result.error;
    }
    this.#timer = setTimeout(() => {
      this.#person?.hostGaveUp(this.call);
      this.abort.abort(new ElicitError('abandoned', 'the host did not retry'));
    }, ABANDONED_MS);
    this.#timer.unref();
    const requestState = `${STATE_PREFIX}${this.id}`;
    this.#keepAlive = false;
    // A person is still answering the proxy's front-end: the host comes back with the state alone.
    if (this.asks.size === 0) return inputRequired({ requestState });
    const inputRequests = Object.fromEntries([...this.asks.values()].map((ask) => [ask.key, ask.request]));
    return inputRequired({ inputRequests, requestState });
  }
}

export class HostRounds {
  readonly #person: PersonWaiting | undefined;
  /** The session's calls open upstream: which of them a server request may belong to. */
  readonly #ledger: CallLedger;
  readonly #jobs = new Map<string, Job>();

  /**
   * @param person the proxy's own front-end asking someone: rounds with the state alone keep the host's request short.
   * @param ledger the host session's calls (shared with its requests without rounds).
   */
  constructor(person?: PersonWaiting, ledger = new CallLedger()) {
    this.#person = person;
    this.#ledger = ledger;
  }

  /** Answers one host request (a first call or a retry carrying answers). */
  async handle(ctx: ServerContext, start: (signal: AbortSignal) => Promise<unknown>) {
    // The SDK hands a retry's fields over in the context (the wire string: no verifier is set).
    const state: unknown = ctx.mcpReq.requestState();
    const owned = typeof state === 'string' && state.startsWith(STATE_PREFIX);
    let job = owned ? this.#jobs.get(state.slice(STATE_PREFIX.length)) : undefined;
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
      job = this.#begin(start);
    }
    const running = job;
    const onCancel = () => {
      const reason: unknown = ctx.mcpReq.signal.reason;
      // The host's cancel or timeout gives up on the call; its connection closing ends the proxy.
      if (!isConnectionClosed(reason)) this.#person?.hostGaveUp(running.call);
      running.abort.abort(reason);
    };
    ctx.mcpReq.signal.addEventListener('abort', onCancel, { once: true });
    // The proxy's page notice for this call goes out on the host's request open on it (H-43).
    const stopTelling = running.call.listen(logOnRequest(ctx.mcpReq.log?.bind(ctx.mcpReq)));
    try {
      return await running.next();
    } finally {
      stopTelling();
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
    const askers = this.#ledger.askers();
    const tied = this.#ledger.isTied();
    const job = this.#attributed(askers, movable);
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
        untied: !tied,
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

  /**
   * The job a server request belongs to: the one call that may have asked it (call-ledger.ts: its
   * own call, or the only one open upstream when it arrived, counting a call given up on until the
   * server has seen the cancel), while that call still runs. Otherwise none: a question is never
   * put under a call that may not have asked it. Roots ask no person and are the same for every
   * call: any open job carries them.
   */
  #attributed(askers: ReadonlySet<Call>, movable: boolean, except?: Job): Job | undefined {
    const live = [...this.#jobs.values()].filter((j) => j !== except && !j.done && !j.abort.signal.aborted);
    if (movable) return live.find((j) => j.waiting) ?? live[0];
    const [only, ...others] = askers;
    return others.length === 0 ? live.find((j) => j.call === only) : undefined;
  }

  /** A job that ended (cancelled, abandoned, or its result handed over): its untied prompts end with it. */
  #passOn(job: Job): void {
    for (const ask of [...job.asks.values()]) {
      if (!ask.untied) continue;
      job.asks.delete(ask.key);
      const next = ask.movable ? this.#attributed(new Set(), true, job) : undefined;
      if (next) ask.move(next);
      else ask.fail(new ElicitError('cancelled', 'the host request it was asked in has ended'));
    }
  }

  #begin(start: (signal: AbortSignal) => Promise<unknown>): Job {
    const job = new Job(this.#ledger.open(), this.#person);
    this.#jobs.set(job.id, job);
    // Kept until its result was handed to the host (which may be on a later retry).
    job.onFinished = () => {
      this.#jobs.delete(job.id);
      this.#passOn(job);
    };
    job.abort.signal.addEventListener('abort', () => this.#passOn(job), { once: true });
    void this.#ledger
      .within(job.call, () =>
        start(job.abort.signal).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
      )
      .then((result) => {
        this.#ledger.settled(job.call);
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
