// The interactive terminal front-end: a full-screen form on the alternate screen, one prompt at a
// time, drawn from injectable streams so tests drive it without a TTY.
//
// Why not @clack/core's Prompt: it models one value per prompt and repaints inline by diffing
// frames, which cannot show a scrolling multi-field form with a review screen and mis-paints
// frames taller than the terminal (the clipped-buttons bug class, peers.md #69087). It also maps
// j/k/h/l/y/n to actions globally, which collides with typing. A small state machine per screen
// (form-driver.ts, url-screen.ts) plus full-frame repaint is simpler and testable.
import type { Readable, Writable } from 'node:stream';
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
import type { UrlWaitChoice, UrlWaitInfo } from '../../contracts/url-step.js';
import { cancelOutcome, endedOutcome, urlChoiceOutcome } from '../../core/choice-outcome.js';
import type { FormEnding } from '../../core/form-session.js';
import {
  endingOutcome,
  endingSentence,
  withdrawnEnding,
  withdrawnOutcome,
} from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import { FormDriver } from './form-driver.js';
import { formFrame } from './form-view.js';
import type { Frame, Size } from './frame.js';
import { readPastedLine } from './line-read.js';
import { OverRateController, overRateFrame } from './over-rate-screen.js';
import {
  type ActiveScreen,
  type RunResult,
  runScreen,
  type Screen,
  type TtyInput,
  type TtyOutput,
} from './screen-run.js';
import { type Line, paint, seg } from './style.js';
import { colorAllowed, type Env } from './terminal-support.js';
import { UrlController, type UrlEnd, urlFrame } from './url-screen.js';
import { WaitController, waitFrame } from './wait-screen.js';

/** The terminal the full-screen form draws on. */
export interface TerminalRendererOptions {
  /** A TTY to read keys from (put in raw mode while a prompt is open). */
  readonly input: Readable;
  /** A TTY to draw on (the alternate screen while a prompt is open). */
  readonly output: Writable;
  /** Environment for NO_COLOR / TERM; defaults to none set (colour on). */
  readonly env?: Env;
  /** Fixed size; otherwise the output's columns/rows (following resizes), else 80x24. */
  readonly columns?: number;
  /** Fixed height; see `columns`. */
  readonly rows?: number;
  /** Aborted when the person interrupts the run (a SIGINT): the open prompt ends as `interrupted`. */
  readonly interrupt?: AbortSignal;
  /**
   * Called when the person presses Ctrl-C in a prompt (raw mode turns it into a key). The default
   * raises SIGINT, so the program gets the Ctrl-C it would have had without the form.
   */
  readonly onInterrupt?: () => void;
}

const ESC = '\u001b';
const FRAME_START = `${ESC}[?25l${ESC}[H`;

/** How long the waiting screen stays up before it gives up (cancel). */
const URL_WAIT_LIMIT_MS = 15 * 60_000;

/** The terminal front-end: a full-screen form on a TTY, with a widget per field type and a review before sending. */
export class TerminalRenderer implements Renderer {
  readonly name = 'terminal';
  readonly interactive = true;

  readonly #input: TtyInput;
  readonly #output: TtyOutput;
  readonly #color: boolean;
  readonly #columns: number | undefined;
  readonly #rows: number | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #interrupt: AbortSignal | undefined;
  readonly #onInterrupt: () => void;
  #active: ActiveScreen | undefined;

  constructor(options: TerminalRendererOptions) {
    this.#input = options.input;
    this.#output = options.output;
    this.#interrupt = options.interrupt;
    this.#onInterrupt = options.onInterrupt ?? (() => process.kill(process.pid, 'SIGINT'));
    this.#color = colorAllowed(options.env ?? {});
    this.#columns = options.columns;
    this.#rows = options.rows;
  }

  form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    return this.#serial(async () => {
      const ctrl = new FormDriver(prompt);
      const screen: Screen<FormEnding> = {
        handleKey: (key) => ctrl.handleKey(key),
        frame: (size) => formFrame(ctrl, prompt, ctx, size),
        note: (text) => {
          ctrl.status = { tone: 'info', text };
        },
      };
      const result = await this.#run(screen, ctx.signal);
      const server = sanitizeText(ctx.server.label, { maxLength: 60 });
      if (result.kind === 'server-cancelled') {
        const ending = withdrawnEnding(ctx.signal);
        this.#line(
          ending === 'server-cancelled'
            ? `! ${server} withdrew its request; if it asks the same again while this runs, your answers are filled in.`
            : `! ${endingSentence(ending)}`,
          'warn',
        );
        return ctrl.session.cancel(endingOutcome(ending).reason);
      }
      if (result.kind === 'interrupted') {
        this.#line(`✗ ${endingSentence('interrupted')}`, 'plain');
        const { reason, detail } = endingOutcome('interrupted');
        return ctrl.session.cancel(reason, detail);
      }
      if (result.kind === 'input-closed') {
        this.#line(`✗ Input closed: cancelled ${server}'s request.`, 'error');
        return ctrl.session.cancel('dismissed', 'input closed');
      }
      const end = result.end;
      switch (end.outcome.action) {
        case 'accept':
          this.#line(`✓ Sent your answers to ${server}.`, 'ok');
          break;
        case 'decline':
          this.#line(`✗ You declined ${server}'s request.`, 'plain');
          break;
        case 'cancel':
          if (end.muteServer)
            this.#line(
              `✗ Cancelled; further requests from ${server} are cancelled for this session.`,
              'plain',
            );
          else this.#line(`✗ Cancelled ${server}'s request.`, 'plain');
      }
      return end;
    });
  }

  url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
    return this.#serial(async () => {
      const ctrl = new UrlController(prompt);
      const screen: Screen<UrlEnd> = {
        handleKey: (key) => ctrl.handleKey(key),
        frame: (size) => urlFrame(ctrl, prompt, ctx, size),
        note: (text) => {
          ctrl.status = text;
        },
      };
      const result = await this.#run(screen, ctx.signal);
      const server = sanitizeText(ctx.server.label, { maxLength: 60 });
      if (result.kind === 'server-cancelled') {
        this.#line(`! ${server} withdrew its request to open a page.`, 'warn');
        return { outcome: withdrawnOutcome(ctx.signal) };
      }
      if (result.kind === 'interrupted') return { outcome: endedOutcome('interrupted') };
      if (result.kind === 'input-closed') return { outcome: cancelOutcome('dismissed', 'input closed') };
      const choice = result.end === 'dismiss' ? 'cancel' : result.end;
      if (choice === 'decline') this.#line(`✗ You declined to open the page ${server} asked for.`, 'plain');
      if (choice === 'cancel') this.#line(`✗ Cancelled ${server}'s request to open a page.`, 'plain');
      if (choice === 'mute')
        this.#line(`✗ Cancelled; further requests from ${server} are cancelled for this session.`, 'plain');
      return urlChoiceOutcome(choice);
    });
  }

  waitForUrl(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
    return this.#serial(async () => {
      const ctrl = new WaitController();
      const ctx: PromptContext = { server: info.server, era: '2025-11-25', signal, waiting: 0 };
      const screen: Screen<UrlWaitChoice> = {
        handleKey: (key) => ctrl.handleKey(key),
        frame: (size) => waitFrame(ctrl, info, ctx, size),
        note: (text) => {
          ctrl.status = text;
        },
      };
      // A client-side limit on waiting (E-32): the page may never be finished.
      const limit = new AbortController();
      const timer = setTimeout(() => limit.abort(), URL_WAIT_LIMIT_MS);
      try {
        const result = await this.#run(screen, AbortSignal.any([signal, limit.signal]));
        // Aborted: the completion notification came, the request ended, or the limit passed.
        return result.kind === 'ended' ? result.end : 'cancel';
      } finally {
        clearTimeout(timer);
      }
    });
  }

  readLine(prompt: LinePrompt, signal: AbortSignal): Promise<LineAnswer> {
    const [input, output, interrupt, onInterrupt, color] = [
      this.#input,
      this.#output,
      this.#interrupt,
      this.#onInterrupt,
      this.#color,
    ];
    return this.#serial(() =>
      readPastedLine({ input, output, interrupt, onInterrupt, color }, prompt, signal),
    );
  }

  overRate(info: OverRateInfo, ctx: PromptContext): Promise<OverRateChoice> {
    return this.#serial(async () => {
      const ctrl = new OverRateController();
      const screen: Screen<OverRateChoice> = {
        handleKey: (key) => ctrl.handleKey(key),
        frame: (size) => overRateFrame(ctrl, info, ctx, size),
        note: (text) => {
          ctrl.status = text;
        },
      };
      const result = await this.#run(screen, ctx.signal);
      const choice = result.kind === 'ended' ? result.end : 'cancel';
      if (choice === 'mute') {
        const server = sanitizeText(ctx.server.label, { maxLength: 60 });
        this.#line(`✗ Muted ${server}: its requests are cancelled for this session.`, 'plain');
      }
      return choice;
    });
  }

  notice(notice: RendererNotice): void {
    const server = sanitizeText(notice.server.label, { maxLength: 60 });
    const text = `${server}: ${sanitizeText(notice.message, { maxLength: 300 })}`;
    if (this.#active) this.#active.note(text);
    else this.#line(`! ${text}`, notice.kind === 'info' ? 'plain' : 'warn');
  }

  async close(): Promise<void> {
    this.#active?.stop();
    await this.#queue.catch(() => undefined);
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(task, task);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #size(): Size {
    return {
      columns: this.#columns ?? this.#output.columns ?? 80,
      rows: this.#rows ?? this.#output.rows ?? 24,
    };
  }

  #line(text: string, tone: Line[number]['tone']): void {
    this.#output.write(`${paint([seg(text, tone)], this.#color)}\n`);
  }

  #paint(frame: Frame): void {
    let out = FRAME_START;
    out += frame.lines.map((line) => `${paint(line, this.#color)}${ESC}[K`).join('\r\n');
    out += `${ESC}[J`;
    if (frame.cursor) out += `${ESC}[${frame.cursor.row + 1};${frame.cursor.col + 1}H${ESC}[?25h`;
    this.#output.write(out);
  }

  #run<E>(screen: Screen<E>, signal: AbortSignal): Promise<RunResult<E>> {
    return runScreen(
      {
        input: this.#input,
        output: this.#output,
        interrupt: this.#interrupt,
        onInterrupt: this.#onInterrupt,
        paint: (frame) => this.#paint(frame),
        size: () => this.#size(),
        setActive: (active) => {
          this.#active = active;
        },
      },
      screen,
      signal,
    );
  }
}
