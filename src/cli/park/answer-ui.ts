// `mcp-elicit answer <id> --ui terminal|plain|browser|auto` (P-12): the parked question is put in
// front of a person in the same front-end `call --ui` would use, then their answer goes to the
// holder, which checks it again with its own checker before the server sees it. A person who leaves
// the form (Escape, Ctrl-C, a closed tab) sends nothing: the question stays parked, and what they
// typed is kept in the holder's memory for the next try, never on disk.
import type { Era } from '../../contracts/protocol.js';
import type { FormPrompt, PromptContext, Renderer, UrlPrompt } from '../../contracts/renderer.js';
import type { UrlWaiter } from '../../contracts/url-step.js';
import type { Draft } from '../../core/form-model.js';
import { fromPortable, type ParkAnswer, type ParkedQuestion } from '../../frontends/park/index.js';
import { runUrlStep } from '../../mcp/url-step.js';
import type { CliArgs } from '../args.js';
import { chooseRenderer, type Io } from '../frontend.js';
import { askHolder, type HolderReport } from './holder-wire.js';
import { showReport } from './park-report.js';
import type { ParkRecord } from './park-store.js';
import type { AskPerson } from './round-park.js';

/** What the person did: answered (sent to the holder), or left the question for later. */
type Ending = { readonly answer: ParkAnswer } | { readonly left: true; readonly draft?: Draft };

export async function answerInFrontEnd(
  args: CliArgs,
  io: Io,
  record: ParkRecord,
  gone: () => Promise<never>,
): Promise<number | 'parked'> {
  const { id } = record.question;
  const ask = (request: Parameters<typeof askHolder>[1]) =>
    askHolder(record.holder.socket, request).then((report) => (report === 'gone' ? gone() : report));
  const shown = await ask({ op: 'show', id });
  if (shown.kind !== 'question') return showReport(shown, io, args.json);
  const ending = await inFrontEnd(args, io, fromPortable(shown.prompt), record.question);
  if ('answer' in ending)
    return showReport(await ask({ op: 'answer', id, answer: ending.answer }), io, args.json);
  if (ending.draft !== undefined && Object.keys(ending.draft).length > 0)
    await ask({ op: 'keep', id, draft: ending.draft });
  io.stderr.write(
    `mcp-elicit: nothing was sent; question ${id} is still waiting${ending.draft ? ' (what you typed is kept for the next mcp-elicit answer --ui, in memory only)' : ''}.\n`,
  );
  const parked: HolderReport = { kind: 'parked', questions: [record.question], json: record.json };
  return showReport(parked, io, args.json);
}

/** A saved round or task (no holder): the person answers in this process; leaving sends nothing. */
export function askPerson(args: CliArgs, io: Io): AskPerson {
  return async (question, prompt) => {
    const ending = await inFrontEnd(args, io, prompt, question);
    return 'answer' in ending ? ending.answer : undefined;
  };
}

async function inFrontEnd(
  args: CliArgs,
  io: Io,
  prompt: FormPrompt | UrlPrompt,
  question: ParkedQuestion,
): Promise<Ending> {
  const renderer = await chooseRenderer(args, io);
  try {
    const ctx: PromptContext = {
      server: { label: question.server },
      ...(question.request && { request: question.request }),
      era: question.era as Era,
      signal: io.signal ?? new AbortController().signal,
      waiting: 0,
    };
    return prompt.kind === 'form'
      ? await askForm(renderer, prompt, ctx)
      : await askUrl(renderer, prompt, ctx, io);
  } finally {
    await renderer.close?.();
  }
}

async function askForm(renderer: Renderer, prompt: FormPrompt, ctx: PromptContext): Promise<Ending> {
  const { outcome, draft } = await renderer.form(prompt, ctx);
  if (outcome.action === 'accept')
    return { answer: { action: 'accept', content: outcome.content, exact: true } };
  if (outcome.action === 'decline') return { answer: { action: 'decline' } };
  return { left: true, ...(draft !== undefined && { draft }) };
}

// Consent, open, then the waiting state until the person says done (the step `answer --done` stands for).
async function askUrl(renderer: Renderer, prompt: UrlPrompt, ctx: PromptContext, io: Io): Promise<Ending> {
  const { createSystemOpener } = await import('../../frontends/open-url.js');
  const waitForUrl = renderer.waitForUrl?.bind(renderer);
  const waiter: UrlWaiter | undefined = waitForUrl && { wait: (info, signal) => waitForUrl(info, signal) };
  const { outcome } = await runUrlStep({ ...prompt, waitUntilDone: true }, ctx, {
    renderer,
    opener: renderer.opener ?? createSystemOpener(io.env),
    ...(waiter && { waiter }),
  });
  if (outcome.action === 'accept') return { answer: { action: 'done' } };
  if (outcome.action === 'decline') return { answer: { action: 'decline' } };
  return { left: true };
}
