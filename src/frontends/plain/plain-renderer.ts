// Line-by-line prompts for any stream: no TTY needed, no colours, no cursor movement, one thing per
// line, so it works over pipes, in CI logs and with screen readers. One prompt at a time; lines
// typed ahead wait in one queue shared by every prompt of this renderer.
import type { OverRateChoice, OverRateInfo } from '../../contracts/over-rate.js';
import type {
  FormAnswer,
  FormPrompt,
  LineAnswer,
  LinePrompt,
  PromptContext,
  Renderer,
  RendererNotice,
  UrlAnswer,
  UrlPrompt,
} from '../../contracts/renderer.js';
import type { UrlWaitChoice, UrlWaiter, UrlWaitInfo } from '../../contracts/url-step.js';
import { cancelOutcome } from '../../core/choice-outcome.js';
import { sanitizeText } from '../../core/sanitize.js';
import { createLineWaiter } from '../url-wait/line-waiter.js';
import type { Conversation } from './conversation.js';
import { runFormDriver } from './form-driver.js';
import { runLineDialog } from './line-dialog.js';
import { LineQueue } from './line-queue.js';
import { runOverRateDialog } from './over-rate-dialog.js';
import { runUrlDialog } from './url-dialog.js';

/** The streams the plain front-end reads answers from and writes questions to. */
export interface PlainOptions {
  /** Where typed lines come from (stdin, a pipe, a socket). */
  readonly input: NodeJS.ReadableStream;
  /** Where questions go; plain text only, no escape sequences. */
  readonly output: NodeJS.WritableStream;
  /** Aborted when the person interrupts the run (Ctrl-C): the open prompt ends as `interrupted`. */
  readonly interrupt?: AbortSignal;
}

const NOTICE_PREFIX: Record<RendererNotice['kind'], string> = {
  'server-cancelled': 'Withdrawn by the server',
  rejected: 'Rejected a malformed request',
  info: 'Note',
};

/** The plain front-end: one question per line on any stream, for pipes, dumb terminals and screen readers. */
export class PlainRenderer implements Renderer {
  readonly name = 'plain';
  readonly interactive = true;
  readonly #output: NodeJS.WritableStream;
  readonly #lines: LineQueue;
  readonly #inputEnd: Conversation['inputEnd'];
  readonly #waiter: UrlWaiter;
  // Prompts run one after another, never interleaved on the same input.
  #turn: Promise<unknown> = Promise.resolve();
  #closed = false;
  readonly #interrupt: AbortSignal | undefined;

  constructor(options: PlainOptions) {
    this.#output = options.output;
    this.#interrupt = options.interrupt;
    this.#lines = new LineQueue(options.input);
    // At a terminal the end of input is a person's Ctrl-D; otherwise piped answers ran out.
    this.#inputEnd = (options.input as { isTTY?: boolean }).isTTY === true ? 'dismissed' : 'input-ended';
    this.#waiter = createLineWaiter({ lines: this.#lines, output: this.#output });
  }

  form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    return this.#inTurn(async () => {
      if (this.#closed) return { outcome: cancelOutcome('dismissed', 'the prompt was closed') };
      return runFormDriver(prompt, ctx, this.#conversation(ctx.signal));
    });
  }

  url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
    return this.#inTurn(async () => {
      if (this.#closed) return { outcome: cancelOutcome('dismissed', 'the prompt was closed') };
      return runUrlDialog(prompt, ctx, this.#conversation(ctx.signal));
    });
  }

  overRate(info: OverRateInfo, ctx: PromptContext): Promise<OverRateChoice> {
    return this.#inTurn(async () =>
      this.#closed ? 'cancel' : runOverRateDialog(info, ctx, this.#conversation(ctx.signal)),
    );
  }

  waitForUrl(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
    // Reads the same line queue as the forms, so no typed line is lost between the two.
    return this.#inTurn(() =>
      this.#closed ? Promise.resolve<UrlWaitChoice>('cancel') : this.#waiter.wait(info, signal),
    );
  }

  readLine(prompt: LinePrompt, signal: AbortSignal): Promise<LineAnswer> {
    return this.#inTurn(async () =>
      this.#closed ? { kind: 'closed' } : runLineDialog(prompt, this.#conversation(signal)),
    );
  }

  notice(notice: RendererNotice): void {
    const server = sanitizeText(notice.server.label, { maxLength: 200 });
    this.#write(
      `${NOTICE_PREFIX[notice.kind]} (${server}): ${sanitizeText(notice.message, { maxLength: 500 })}`,
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#lines.close();
  }

  #inTurn<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#turn.then(run);
    this.#turn = result.catch(() => undefined);
    return result;
  }

  #conversation(prompt: AbortSignal): Conversation {
    const marker = (this.#output as { isTTY?: boolean }).isTTY === true;
    const interrupt = this.#interrupt;
    const signal = interrupt ? AbortSignal.any([prompt, interrupt]) : prompt;
    return {
      interrupted: () => interrupt?.aborted === true,
      say: (...lines) => {
        for (const line of lines) this.#write(line);
      },
      ask: () => {
        if (marker) this.#output.write('> ');
        return this.#lines.read(signal);
      },
      inputEnd: this.#inputEnd,
    };
  }

  #write(line: string): void {
    this.#output.write(`${line}\n`);
  }
}
