// Plain reading of one pasted line (a sign-in's final address): the address to open on a line of
// its own, why the last line was refused, then the next non-empty line. What is read is never
// written back: it holds an authorization code.
import type { LineAnswer, LinePrompt } from '../../contracts/renderer.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { Conversation } from './conversation.js';

export async function runLineDialog(prompt: LinePrompt, io: Conversation): Promise<LineAnswer> {
  const server = sanitizeText(prompt.server.label, { maxLength: 200 });
  if (prompt.problem !== undefined) io.say(sanitizeText(prompt.problem, { maxLength: 500 }));
  io.say(`${server}: ${sanitizeText(prompt.message, { maxLength: 1000 })}`);
  if (prompt.address !== undefined) io.say(sanitizeText(prompt.address, { maxLength: 8000 }));
  for (;;) {
    const read = await io.ask();
    if (read.kind === 'aborted') return { kind: io.interrupted() ? 'interrupted' : 'aborted' };
    if (read.kind === 'eof') return { kind: 'closed' };
    if (read.text.trim() !== '') return { kind: 'line', text: read.text };
  }
}
