// What `--record` writes for one elicitation: an answers-file entry that matches the same
// elicitation on replay (mode, tool, field names, message) and gives the same answer. Values of
// fields that look like secrets are left out and listed in `supply`; a URL entry keeps only the
// decision, never the URL's query string.
import type { FormPrompt, PromptContext, UrlPrompt } from '../../contracts/renderer.js';
import type { ElicitOutcome } from '../../core/outcome.js';
import { setOwn } from '../../core/own-property.js';
import { looksSensitive } from '../../core/sensitive.js';
import type { ScriptedAnswer } from '../scripted/answers-file.js';

// Long enough to tell messages apart; a message's opening is the part least likely to hold data.
const WHEN_LENGTH = 160;

/** The entry for a form's outcome, or undefined when no person decided it (withdrawn, timed out). */
export function formEntry(
  prompt: FormPrompt,
  ctx: PromptContext,
  outcome: ElicitOutcome,
): ScriptedAnswer | undefined {
  const action = decided(outcome);
  if (action === undefined) return undefined;
  const when = whenOf(prompt.message);
  const base = {
    action,
    mode: 'form' as const,
    ...tool(ctx),
    fields: prompt.model.fields.map((field) => field.name),
    ...(when !== undefined && { when }),
  };
  if (outcome.action !== 'accept' || !('content' in outcome)) return base;
  const content: Record<string, unknown> = {};
  const supply: string[] = [];
  for (const field of prompt.model.fields) {
    if (!Object.hasOwn(outcome.content, field.name)) continue;
    if (looksSensitive(field)) supply.push(field.name);
    else setOwn(content, field.name, outcome.content[field.name]);
  }
  return { ...base, content, ...(supply.length > 0 && { supply }) };
}

/** The entry for a URL-mode decision: consent, decline or cancel; the URL itself is not kept. */
export function urlEntry(
  prompt: UrlPrompt,
  ctx: PromptContext,
  outcome: ElicitOutcome,
): ScriptedAnswer | undefined {
  const action = decided(outcome);
  if (action === undefined) return undefined;
  // A URL entry needs a `when` to ever consent; without a message, the URL up to its query matches.
  const when = whenOf(prompt.message) ?? whenOf(urlOpening(prompt.url));
  if (when === undefined) return undefined;
  return { action, mode: 'url', ...tool(ctx), when };
}

function decided(outcome: ElicitOutcome): ScriptedAnswer['action'] | undefined {
  if (outcome.action !== 'cancel') return outcome.action;
  // Escape, Ctrl-C, a closed tab or "cancel all from this server" are the person's; the rest are not.
  return outcome.reason === 'dismissed' || outcome.reason === 'muted' ? 'cancel' : undefined;
}

function tool(ctx: PromptContext): { tool?: string } {
  const name = ctx.request?.name;
  return name === undefined || name === '' ? {} : { tool: name };
}

function whenOf(text: string): string | undefined {
  const points = Array.from(text);
  const opening = points.length > WHEN_LENGTH ? points.slice(0, WHEN_LENGTH).join('') : text;
  return opening.trim() === '' ? undefined : opening;
}

/** The URL before its query and fragment; nothing when it carries user-info (it may hold a password). */
function urlOpening(url: string): string {
  const cut = url.search(/[?#]/);
  const opening = cut < 0 ? url : url.slice(0, cut);
  return /^[^/]*\/\/[^/]*@/.test(opening) ? '' : opening;
}
