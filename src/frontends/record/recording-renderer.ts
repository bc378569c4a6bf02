// `--record`: wraps whichever front-end a person answers with (terminal, plain, browser) and hands
// an answers-file entry to `save` as soon as each elicitation ends, so an interrupted run keeps
// what was already answered. Everything else passes straight through to the wrapped renderer.
import type {
  FormAnswer,
  FormPrompt,
  PromptContext,
  Renderer,
  UrlAnswer,
  UrlPrompt,
} from '../../contracts/renderer.js';
import type { ScriptedAnswer } from '../scripted/answers-file.js';
import { formEntry, urlEntry } from './record-entry.js';

/** Where a recording goes: `save` gets the whole list after each elicitation (write it atomically). */
export interface RecordingOptions {
  /** Gets every entry recorded so far, in order, after each new one. */
  readonly save: (entries: readonly ScriptedAnswer[]) => void;
}

/**
 * Wraps `inner` so that every elicitation a person answers through it becomes an answers-file entry
 * (`ScriptedAnswer`) that `ScriptedRenderer` replays; the answers themselves pass through unchanged.
 */
export function recordingRenderer(inner: Renderer, options: RecordingOptions): Renderer {
  const entries: ScriptedAnswer[] = [];
  const keep = (entry: ScriptedAnswer | undefined): void => {
    if (entry === undefined) return;
    entries.push(entry);
    options.save([...entries]);
  };
  const url = inner.url?.bind(inner);
  return {
    name: inner.name,
    interactive: inner.interactive,
    ...(inner.opener && { opener: inner.opener }),
    async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
      const answer = await inner.form(prompt, ctx);
      // A request the server withdrew meanwhile is not the person's answer.
      if (!ctx.signal.aborted) keep(formEntry(prompt, ctx, answer.outcome));
      return answer;
    },
    ...(url && {
      async url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
        const answer = await url(prompt, ctx);
        if (!ctx.signal.aborted) keep(urlEntry(prompt, ctx, answer.outcome));
        return answer;
      },
    }),
    ...(inner.waitForUrl && { waitForUrl: inner.waitForUrl.bind(inner) }),
    // A pasted line is neither a question to record nor one to announce: it is passed through.
    ...(inner.readLine && { readLine: inner.readLine.bind(inner) }),
    ...(inner.overRate && { overRate: inner.overRate.bind(inner) }),
    ...(inner.notice && { notice: inner.notice.bind(inner) }),
    ...(inner.close && { close: inner.close.bind(inner) }),
  };
}
