// The requests a session makes on the caller's behalf (tools/call, prompts/get, resources/read):
// a timeout that does not count time spent answering, our own 2026-07-28 round driver, and the
// -32042 retry once the browser steps it asked for are done.
import { type RequestOptions, SdkError, SdkErrorCode, type Transport } from '@modelcontextprotocol/client';
import type { Era } from '../contracts/protocol.js';
import { HumanDeadline, NO_SDK_TIMEOUT } from './human-deadline.js';
import { driveInputRequired, type RoundControl } from './input-required-driver.js';
import type { PromptQueue } from './prompt-queue.js';
import type { TaskControl } from './tasks/task-control.js';
import type { TaskLeg } from './tasks/task-runner.js';
import { onTransportClose } from './transport-tap.js';
import { isUrlElicitationRequired } from './url-required-error.js';
import type { UrlRetryDeps } from './url-required-retry.js';

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** 2026-07-28 rounds that ask for input, at most (as the SDK). */
export const DEFAULT_MAX_INPUT_ROUNDS = 10;

/** The SDK's request options, with a timeout that does not count the time a person spends answering. */
export interface SessionRequestOptions extends Omit<RequestOptions, 'timeout'> {
  /** Time the request may take, NOT counting time spent answering elicitations. Default 60 s. */
  readonly timeoutMs?: number;
  /** 2026-07-28: end the request at a round, or start it from a saved one (parking without a process). */
  readonly rounds?: RoundControl;
  /** 2026-07-28 Tasks extension: see a task's inputs before they are answered, or pick up a task by its id. */
  readonly tasks?: TaskControl;
}

/** The requests that may carry elicitations (2026-07-28 MRTR: only these three). */
export interface RequestRef {
  readonly method: 'tools/call' | 'prompts/get' | 'resources/read';
  readonly name?: string;
}

/** Sends the request once; `retry` carries a 2026 round's answers (or a -32042 retry: nothing). */
export type Send = (
  retry: Record<string, unknown> | undefined,
  options: RequestOptions,
  leg: TaskLeg,
) => Promise<unknown>;

export interface RequestRunnerDeps {
  readonly era: () => Era;
  /** The client's transport while connected: its close ends the request and withdraws its prompts. */
  readonly transport: () => Transport | undefined;
  readonly queue: PromptQueue;
  /** Requests in flight, so an elicitation can be told which one it belongs to. */
  readonly inFlight: Set<RequestRef>;
  readonly maxInputRounds: number;
  /** Answers one entry of a 2026 round. */
  readonly answer: (entry: unknown, signal: AbortSignal) => Promise<unknown>;
  /** The -32042 flow's dependencies, when URL mode is served (E-35: else a plain error). */
  readonly urlRetry?: (request: RequestRef, signal: AbortSignal) => Omit<UrlRetryDeps, 'urlModeDeclared'>;
}

export function createRequestRunner(deps: RequestRunnerDeps) {
  return async function run<T>(
    request: RequestRef,
    send: Send,
    options: SessionRequestOptions = {},
  ): Promise<T> {
    const { timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, signal, rounds, tasks, ...rest } = options;
    const deadline = new HumanDeadline(timeoutMs, deps.queue.active, signal);
    // A 2026 round's prompts are ours, not an SDK handler's: nothing else withdraws them on close.
    const transport = deps.transport();
    const stopWatchingClose = transport
      ? onTransportClose(transport, () =>
          deadline.end(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')),
        )
      : undefined;
    // A running task is bounded by its ttl, the task timeout and the caller's signal, not by the call's timeout.
    let taskRunning = false;
    const leg: TaskLeg = {
      requestTimeoutMs: timeoutMs,
      onCreated: () => {
        taskRunning = true;
        deadline.pause();
      },
      ...(tasks && { control: tasks }),
    };
    const stopListening = deps.queue.onActivity((active) =>
      active ? deadline.pause() : taskRunning || deadline.resume(),
    );
    const entry = { ...request };
    deps.inFlight.add(entry);
    const sendOptions: RequestOptions = { ...rest, timeout: NO_SDK_TIMEOUT, signal: deadline.signal };
    const once = (): Promise<T> =>
      deps.era() === '2026-07-28'
        ? driveInputRequired<T>((retry, o) => send(retry, o, leg), sendOptions, {
            maxInputRounds: deps.maxInputRounds,
            answer: (entry, _key, roundSignal) => deps.answer(entry, roundSignal),
            ...(rounds && { rounds }),
          })
        : (send(undefined, sendOptions, leg) as Promise<T>);
    try {
      const urlRetry = deps.urlRetry;
      if (!urlRetry) return await once();
      return await withUrlRetry(once, () => urlRetry(request, deadline.signal));
    } catch (error) {
      // Whatever failed after the deadline ended the request ("Not connected"), its reason is the error.
      if (deadline.endedItself) throw deadline.signal.reason;
      throw error;
    } finally {
      deps.inFlight.delete(entry);
      stopListening();
      stopWatchingClose?.();
      deadline.dispose();
    }
  };
}

async function withUrlRetry<T>(
  call: () => Promise<T>,
  retryDeps: () => Omit<UrlRetryDeps, 'urlModeDeclared'>,
): Promise<T> {
  let first: unknown;
  try {
    return await call();
  } catch (error) {
    if (!isUrlElicitationRequired(error)) throw error;
    first = error;
  }
  // -32042 on any request (E-33): consent, open, wait, then retry the same request.
  // The retry flow (loaded on first use) starts from the error already received.
  const { withUrlElicitationRetry } = await import('./url-required-retry.js');
  const replayFirst = () => {
    if (first === undefined) return call();
    const error = first;
    first = undefined;
    return Promise.reject(error);
  };
  return withUrlElicitationRetry(replayFirst, { ...retryDeps(), urlModeDeclared: true });
}
