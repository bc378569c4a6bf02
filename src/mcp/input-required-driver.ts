// Our own multi-round-trip driver for 2026-07-28 requests (basic/patterns/mrtr.mdx). The SDK's
// driver retries a requestState-only round ("still working, come back") every 250 ms and gives up
// after 10 rounds, so a server waiting for a browser step gets about 2.5 s. Here such rounds back
// off (0.5 s growing to 5 s) and count against the request's own timeout instead; rounds that ask
// for input are answered through the same code as every other elicitation.
import {
  isInputRequiredResult,
  type RequestOptions,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import { sleep } from './sleep.js';

export interface DriverOptions {
  /** Rounds that carry input requests, at most (the SDK's default is 10). */
  readonly maxInputRounds: number;
  /** Pacing of requestState-only rounds: first delay and cap, in ms. */
  readonly pacing?: { readonly initialMs: number; readonly maxMs: number };
  /** Answers one embedded request; `key` is the server's inputRequests key. */
  readonly answer: (request: unknown, key: string, signal: AbortSignal) => Promise<unknown>;
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
  let inputRounds = 0;
  let idleRounds = 0;
  for (;;) {
    // Each leg is a new request, so a new JSON-RPC id (MRTR client requirement 3).
    const result = await send(retry, { ...options, allowInputRequired: true });
    if (!isInputRequiredResult(result)) return result as T;
    const requests = Object.entries(result.inputRequests ?? {});
    let responses: Record<string, unknown> | undefined;
    if (requests.length > 0) {
      inputRounds += 1;
      if (inputRounds > driver.maxInputRounds) {
        throw new SdkError(
          SdkErrorCode.InputRequiredRoundsExceeded,
          `The server still required input after ${driver.maxInputRounds} rounds`,
          { rounds: inputRounds - 1 },
        );
      }
      // All inputs of a round are answered (the prompt queue shows them one at a time); if one
      // fails, the others are withdrawn.
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
        responses = Object.fromEntries(answered);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
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
