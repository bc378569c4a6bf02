// The browser front-end: each elicitation is a page on a loopback HTTP server that starts with the
// first request, opens the person's browser on a launch page only they can read (the session's
// token never on a command line), and stops after the last answer.

import type { OverRateChoice, OverRateInfo } from '../../contracts/over-rate.js';
import type {
  FormAnswer,
  FormPrompt,
  PromptContext,
  Renderer,
  RendererNotice,
  UrlAnswer,
  UrlPrompt,
} from '../../contracts/renderer.js';
import type { UrlOpener, UrlWaitChoice, UrlWaitInfo } from '../../contracts/url-step.js';
import { cancelOutcome } from '../../core/choice-outcome.js';
import type { CancelOutcome } from '../../core/outcome.js';
import { endingOutcome, type WithdrawnEnding, withdrawnEnding } from '../../core/prompt-ending.js';
import { createSystemOpener } from '../open-url.js';
import { loadAssets } from './assets.js';
import { Desk } from './desk.js';
import type { Asker, EndReason, Entry } from './entry.js';
import { serverText } from './escape.js';
import { FormDriver } from './form-driver.js';
import { OverRateEntry } from './over-rate-entry.js';
import { PageServer } from './page-server.js';
import { ConsentEntry, WaitEntry } from './url-entries.js';

/** Options of the browser front-end; every one has a safe default. */
export interface BrowserRendererOptions {
  /** Opens our own loopback page (never anything else). Default: `BROWSER`, else the system browser. */
  readonly opener?: UrlOpener;
  /** Port on 127.0.0.1; default 0 (the system picks a free one). */
  readonly port?: number;
  /** Host names accepted besides 127.0.0.1 in the Host header (always with our port), e.g. `localhost`. */
  readonly extraHostnames?: readonly string[];
  /** A page left unanswered this long is cancelled (`timeout`). Default 15 minutes. */
  readonly timeoutMs?: number;
  /** The server stays up this long after the last answer, so a next request reuses the tab. Default 3 s. */
  readonly lingerMs?: number;
  /** A tab whose page stream is gone this long counts as closed. Default 3 s. */
  readonly tabClosedGraceMs?: number;
  /**
   * After its tab closed, the request stays open this long for the person to reopen it (the launch
   * page's address is printed), then ends as cancel `tab-closed`. Default 5 minutes.
   */
  readonly tabReturnMs?: number;
  /** Largest form post read, in bytes (larger: 413). Default 64 KiB. */
  readonly maxBodyBytes?: number;
  /**
   * Aborted when the person interrupts the run (the CLI's Ctrl-C): open pages end as
   * `interrupted`, not as withdrawn by the server.
   */
  readonly interrupt?: AbortSignal;
  /** Where the launch page's address goes (to reopen a closed tab, or when no browser starts). Default: stderr. */
  readonly log?: (line: string) => void;
  /** Told the launch page's `file://` address (not a secret: only its owner can read it) when written. */
  readonly onLaunch?: (url: string) => void;
  /**
   * Where the launch page (a 0600 file in a fresh 0700 folder, deleted on close) is written; the
   * browser must be able to read it. Default: the system's temp folder.
   */
  readonly tmpDir?: string;
}

/**
 * On close, how long open tabs get to load the page saying how their request ended and that the
 * run is over (a tab without script reloads every 2 s).
 */
const CLOSE_GRACE_MS = 2500;

const DEFAULTS = {
  timeoutMs: 15 * 60_000,
  lingerMs: 3000,
  tabClosedGraceMs: 3000,
  tabReturnMs: 5 * 60_000,
  maxBodyBytes: 64 * 1024,
};

/** The browser front-end: each request as a page on a loopback HTTP server, opened in the person's browser. */
export class BrowserRenderer implements Renderer {
  readonly name = 'browser';
  readonly interactive = true;
  /**
   * URL-mode targets are opened by the person's own click on the consent page's link, never by
   * us: consent is the click, so this opener has nothing left to do.
   */
  readonly opener: UrlOpener = { open: async () => ({ ok: true }) };
  readonly #desk = new Desk();
  readonly #pages: PageServer;
  readonly #timeoutMs: number;
  readonly #interrupt: AbortSignal | undefined;

  constructor(options: BrowserRendererOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    this.#interrupt = options.interrupt;
    options.interrupt?.addEventListener('abort', () => this.#desk.endAll('interrupted'), { once: true });
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    this.#pages = new PageServer({
      desk: this.#desk,
      assets: loadAssets(),
      opener: options.opener ?? createSystemOpener(),
      port: options.port ?? 0,
      extraHostnames: options.extraHostnames ?? [],
      lingerMs: options.lingerMs ?? DEFAULTS.lingerMs,
      tabClosedGraceMs: options.tabClosedGraceMs ?? DEFAULTS.tabClosedGraceMs,
      tabReturnMs: options.tabReturnMs ?? DEFAULTS.tabReturnMs,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
      log,
      ...(options.onLaunch && { onLaunch: options.onLaunch }),
      ...(options.tmpDir !== undefined && { tmpDir: options.tmpDir }),
    });
  }

  /** `http://127.0.0.1:<port>/` while the server runs (no token: it only works with the cookie). */
  get address(): string | undefined {
    return this.#pages.address;
  }

  form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    if (ctx.signal.aborted) return Promise.resolve({ outcome: this.#neverShown(ctx.signal) });
    return this.#show(ctx.signal, (done) => new FormDriver(prompt, askerOf(ctx), done));
  }

  url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
    if (ctx.signal.aborted) return Promise.resolve({ outcome: this.#neverShown(ctx.signal) });
    return this.#show(ctx.signal, (done) => new ConsentEntry(prompt, askerOf(ctx), done));
  }

  waitForUrl(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
    if (signal.aborted) return Promise.resolve('cancel');
    return this.#show(signal, (done) => new WaitEntry(info, { server: info.server, waiting: () => 0 }, done));
  }

  /** A server over its rate of prompts: the person chooses to see this one, cancel it, or mute the server. */
  overRate(info: OverRateInfo, ctx: PromptContext): Promise<OverRateChoice> {
    if (ctx.signal.aborted) return Promise.resolve('cancel');
    return this.#show(ctx.signal, (done) => new OverRateEntry(info, askerOf(ctx), done));
  }

  notice(notice: RendererNotice): void {
    // Withdrawn requests say so on their page; other notices appear on the page between requests.
    if (notice.kind !== 'server-cancelled') {
      this.#desk.note(`${serverText(notice.server.label, 60)}: ${serverText(notice.message, 300)}`);
    }
  }

  async close(): Promise<void> {
    this.#desk.endAll('closed');
    this.#desk.finish();
    await this.#pages.settle(CLOSE_GRACE_MS);
  }

  #show<T>(signal: AbortSignal, make: (done: (answer: T) => void) => Entry): Promise<T> {
    return new Promise<T>((resolve) => {
      let end: ((reason: EndReason) => void) | undefined;
      const onAbort = () => end?.(this.#aborted(signal));
      const entry = make((answer) => {
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      });
      end = this.#desk.add(entry, this.#timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      if (this.#interrupt?.aborted) end('interrupted');
      else this.#pages.show();
    });
  }

  // Withdrawn or interrupted before it was shown: the reason alone, as nothing was said.
  #neverShown(signal: AbortSignal): CancelOutcome {
    return cancelOutcome(endingOutcome(this.#aborted(signal)).reason);
  }

  // A prompt's signal aborts when the server withdraws it (or the proxy's host gave up, or the
  // connection closed), and after Ctrl-C.
  #aborted(signal: AbortSignal): 'interrupted' | WithdrawnEnding {
    return this.#interrupt?.aborted ? 'interrupted' : withdrawnEnding(signal);
  }
}

function askerOf(ctx: PromptContext): Asker {
  return {
    server: ctx.server,
    ...(ctx.request && { request: ctx.request }),
    waiting: () => ctx.waiting,
  };
}
