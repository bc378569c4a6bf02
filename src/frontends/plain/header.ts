// The lines every plain prompt starts with: who asks (C-01, C-18), for which request, how many
// wait behind it, and the message (C-22). Server text is untrusted and sanitized (house style 7).
import type { PromptContext } from '../../contracts/renderer.js';
import { sanitizeText } from '../../core/sanitize.js';

export function headerLines(ctx: PromptContext, message: string): string[] {
  const lines = [`Server: ${serverLine(ctx)}`];
  if (ctx.request) {
    const name =
      ctx.request.name === undefined ? '' : ` ${sanitizeText(ctx.request.name, { maxLength: 200 })}`;
    lines.push(`Request: ${sanitizeText(ctx.request.method, { maxLength: 100 })}${name}`);
  }
  if (ctx.waiting > 0) lines.push(`${ctx.waiting} more waiting after this one.`);
  const text = sanitizeText(message, { multiline: true, maxLength: 10_000 }).trim();
  lines.push('Message:', ...(text === '' ? ['(no message)'] : text.split('\n')));
  return lines;
}

/** The user's own name for the server first; the server's self-reported name only as a claim. */
export function serverLine(ctx: PromptContext): string {
  const { label, selfName, selfVersion } = ctx.server;
  let line = sanitizeText(label, { maxLength: 200 });
  if (selfName !== undefined) {
    const version =
      selfVersion === undefined ? '' : ` version ${sanitizeText(selfVersion, { maxLength: 50 })}`;
    line += `, serverInfo name "${sanitizeText(selfName, { maxLength: 200 })}"${version} (self-reported)`;
  }
  return line;
}
