// `--notify` with --park (P-13): a desktop notice for each question that parks, telling the person
// which server waits and the exact command that puts the question in front of them. Our words
// only; the server's name and the id were cleaned when the question parked, its message never shown.
import type { NotifyChoice } from '../../core/attention.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { ParkedQuestion } from '../../frontends/park/index.js';

/** Tells the person about one parked question; undefined when no notice is wanted or possible. */
export async function parkNotifier(
  choice: NotifyChoice | undefined,
  env: NodeJS.ProcessEnv,
): Promise<((question: ParkedQuestion) => void) | undefined> {
  // The holder has no terminal to ring: only the desktop's notifier can reach the person.
  if (choice !== 'auto' && choice !== 'desktop') return undefined;
  const { desktopNotifier } = await import('../../frontends/attention/index.js');
  const sink = desktopNotifier(env);
  if (sink === undefined) return undefined;
  return (question) => {
    const server = sanitizeText(question.server, { maxLength: 40 });
    const what = question.mode === 'url' ? 'a page to visit' : 'a form to fill in';
    sink({
      reason: 'waiting',
      kind: question.mode === 'url' ? 'url' : 'form',
      server,
      title: 'mcp-elicit: a question is waiting',
      body: `server "${server}" asks you ${what}. Answer it: mcp-elicit answer ${question.id} --ui terminal`,
      reminder: 0,
    });
  };
}
