// A front-end loaded on its first prompt: the proxy may never show one, and the browser front-end
// (its page server, hono, the URL analysis) costs several MiB of memory once loaded.

import type { OverRateChoice, OverRateInfo } from '../contracts/over-rate.js';
import type {
  FormAnswer,
  FormPrompt,
  PromptContext,
  Renderer,
  RendererNotice,
  UrlAnswer,
  UrlPrompt,
} from '../contracts/renderer.js';
import type { UrlOpener, UrlWaitChoice, UrlWaitInfo } from '../contracts/url-step.js';
import { cancelOutcome } from '../core/choice-outcome.js';

/** What the renderer says about itself before it is loaded (it must match the loaded one). */
export interface LazyRendererFace {
  readonly name: string;
  readonly interactive: boolean;
  readonly opener?: UrlOpener;
}

/** A renderer with every optional step, loaded by `load` when first needed. */
export class LazyRenderer implements Renderer {
  readonly name: string;
  readonly interactive: boolean;
  readonly opener?: UrlOpener;
  readonly #load: () => Promise<Renderer>;
  #loaded: Promise<Renderer> | undefined;
  #ready: Renderer | undefined;
  #notices: RendererNotice[] = [];

  constructor(face: LazyRendererFace, load: () => Promise<Renderer>) {
    this.name = face.name;
    this.interactive = face.interactive;
    if (face.opener) this.opener = face.opener;
    this.#load = load;
  }

  async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    return (await this.#renderer()).form(prompt, ctx);
  }

  async url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
    const renderer = await this.#renderer();
    // A machine never declines for a person (H-03): a front-end without URL mode asks no one.
    if (!renderer.url)
      return {
        outcome: cancelOutcome('no-answer', `front-end "${renderer.name}" cannot show URL-mode requests`),
      };
    return renderer.url(prompt, ctx);
  }

  async waitForUrl(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
    const renderer = await this.#renderer();
    return renderer.waitForUrl ? renderer.waitForUrl(info, signal) : 'cancel';
  }

  async overRate(info: OverRateInfo, ctx: PromptContext): Promise<OverRateChoice> {
    const renderer = await this.#renderer();
    return renderer.overRate ? renderer.overRate(info, ctx) : 'cancel';
  }

  notice(notice: RendererNotice): void {
    // Kept until the front-end loads, which shows them as it would have; a notice loads it (a
    // device code must be seen while the sign-in waits, before any prompt).
    if (this.#ready) {
      this.#ready.notice?.(notice);
      return;
    }
    this.#notices.push(notice);
    this.#renderer().catch(() => {});
  }

  async close(): Promise<void> {
    const renderer = await this.#loaded?.catch(() => undefined);
    await renderer?.close?.();
  }

  #renderer(): Promise<Renderer> {
    this.#loaded ??= this.#load().then((renderer) => {
      this.#ready = renderer;
      for (const notice of this.#notices.splice(0)) renderer.notice?.(notice);
      return renderer;
    });
    return this.#loaded;
  }
}
