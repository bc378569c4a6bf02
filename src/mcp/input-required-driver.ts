// Our own multi-round-trip driver for 2026-07-28 requests (basic/patterns/mrtr.mdx). The SDK's
// driver retries a requestState-only round ("still working, come back") every 250 ms and gives up
// after 10 rounds, so a server waiting for a browser step gets about 2.5 s. Here such rounds back
// off (0.5 s growing to 5 s) and count against the request's own timeout instead; rounds that ask
// for input are answered through the same code as every other elicitation.
import {
  type InputRequiredResult,
  isInputRequiredResult,
  ProtocolError,
  type RequestOptions,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { sleep } from './sleep.js';

export interface DriverOptions {
  /** Rounds that carry input requests, at most (the SDK's default is 10). */
  readonly maxInputRounds: number;
  /** Pacing of requestState-only rounds: first delay and cap, in ms. */
  readonly pacing?: { readonly initialMs: number; readonly maxMs: number };
  /** Answers one embedded request; `key` is the server's inputRequests key. */
  readonly answer: (request: unknown, key: string, signal: AbortSignal) => Promise<unknown>;
  /** A caller's hold on the rounds (a round parked in one process and answered in another). */
  readonly rounds?: RoundControl;
}

/** What `RoundControl.onRound` decides for a round that asks for input. */
export type RoundDecision =
  | undefined
  | {
      /** End the request here: it resolves with the round itself (`isInputRequiredResult`). */
      readonly stop: true;
    }
  | {
      /** Retry with these answers, keyed as the round asked. */
      readonly inputResponses: Readonly<Record<string, unknown>>;
    };

/** Lets a caller take 2026-07-28 rounds out of the request: end it at a round, or start it from a saved one. */
export interface RoundControl {
  /** Start from this round, received earlier (maybe by another process), instead of sending the request. */
  readonly resumeFrom?: InputRequiredResult;
  /** Sees each round that asks for input before it is answered; `undefined` answers it as usual. */
  readonly onRound?: (
    round: InputRequiredResult,
    answer: (entry: unknown, signal: AbortSignal) => Promise<unknown>,
  ) => Promise<RoundDecision>;
}

/** requestState-only rounds allowed, whatever the timeout (a server must not loop us forever). */
const MAX_IDLE_ROUNDS = 200;

export async function driveInputRequired<T>(
  send: (retry: Record<string, unknown> | undefined, options: RequestOptions) => Promise<unknown>,
  options: RequestOptions,
  driver: DriverOptions,
): Promise<T> {
  const pacing = driver.pacing ?? { initialMs: 500, maxMs: 5000 };
  const signal = options.signal;
  let retry: Record<string, unknown> | undefined;
  let saved: unknown = driver.rounds?.resumeFrom;
  let retryOfSaved = false;
  let inputRounds = 0;
  let idleRounds = 0;
  for (;;) {
    // Each leg is a new request, so a new JSON-RPC id (MRTR client requirement 3).
    const leg = () => send(retry, { ...options, allowInputRequired: true });
    const result = saved ?? (await (retryOfSaved ? leg().catch(staleRound) : leg()));
    retryOfSaved = saved !== undefined;
    saved = undefined;
    if (!isInputRequiredResult(result)) return result as T;
    const requests = Object.entries(result.inputRequests ?? {});
    let responses: Readonly<Record<string, unknown>> | undefined;
    if (requests.length > 0) {
      inputRounds += 1;
      if (inputRounds > driver.maxInputRounds) {
        throw new SdkError(
          SdkErrorCode.InputRequiredRoundsExceeded,
          `The server still required input after ${driver.maxInputRounds} rounds`,
          { rounds: inputRounds - 1 },
        );
      }
      const decided = await driver.rounds?.onRound?.(result, (entry, s) => driver.answer(entry, '', s));
      if (decided !== undefined && 'stop' in decided) return result as T;
      responses = decided?.inputResponses ?? (await answerRound(requests, driver, signal));
    } else {
      idleRounds += 1;
      if (idleRounds > MAX_IDLE_ROUNDS) {
        throw new SdkError(
          SdkErrorCode.InputRequiredRoundsExceeded,
          `The server asked to come back ${MAX_IDLE_ROUNDS} times without finishing`,
          { rounds: idleRounds - 1 },
        );
      }
      await sleep(Math.min(pacing.maxMs, pacing.initialMs * 1.5 ** (idleRounds - 1)), signal);
    }
    // MRTR client requirements 1-2: answers keyed as asked, requestState echoed exactly or absent.
    retry = {
      ...(responses && { inputResponses: responses }),
      ...(result.requestState !== undefined && { requestState: result.requestState }),
    };
  }
}

/** The retry of a saved round refused as invalid params: its requestState no longer holds. */
function staleRound(error: unknown): never {
  if (!(error instanceof ProtocolError) || error.code !== -32602) throw error;
  throw new ElicitError(
    'expired',
    `the server refused the answer to the saved round (-32602: ${error.message.slice(0, 200)}): its requestState no longer holds, as when the server restarted or the state expired`,
    { cause: error },
  );
}

// All inputs of a round are answered (the prompt queue shows them one at a time); if one fails,
// the others are withdrawn.
async function answerRound(
  requests: readonly [string, unknown][],
  driver: DriverOptions,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>> {
  const round = new AbortController();
  const onAbort = () => round.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const answered = await Promise.all(
      requests.map(async ([key, request]) => {
        try {
          return [key, await driver.answer(request, key, round.signal)] as const;
        } catch (error) {
          round.abort(error);
          throw error;
        }
      }),
    );
    return Object.fromEntries(answered);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
