// "This server keeps asking" for a host that answers forms: the person is at the host, so the
// proxy asks there, as a form of its own (one choice), rather than in a browser nobody may see.
import type { ElicitResult } from '@modelcontextprotocol/client';
import type { OverRateChoice, OverRateInfo } from '../contracts/over-rate.js';
import type { PromptContext } from '../contracts/renderer.js';
import { sanitizeText } from '../core/sanitize.js';

const CHOICES: readonly { const: OverRateChoice; title: string }[] = [
  { const: 'allow', title: 'Show this request (and let it go on)' },
  { const: 'cancel', title: 'Cancel this request' },
  { const: 'mute', title: 'Cancel every further request of this server for this session' },
];

/** The form-mode `elicitation/create` params of the question. */
export function overRateQuestion(info: OverRateInfo, ctx: PromptContext): Record<string, unknown> {
  const label = sanitizeText(ctx.server.label, { maxLength: 80 });
  return {
    mode: 'form',
    message:
      `${label} keeps asking: it sent more than ${info.burst} requests for input in a row ` +
      `(the limit is ${info.burst}, then ${info.perMinute} a minute). Mute it?`,
    requestedSchema: {
      type: 'object',
      properties: { choice: { type: 'string', title: 'What to do', oneOf: CHOICES } },
      required: ['choice'],
    },
  };
}

/** The host's answer as a choice: anything but an accepted known choice cancels this one. */
export function overRateChoice(result: ElicitResult): OverRateChoice {
  const choice = result.action === 'accept' ? result.content?.choice : undefined;
  return CHOICES.find((c) => c.const === choice)?.const ?? 'cancel';
}
