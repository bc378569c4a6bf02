// Runs TerminalRenderer on the real stdin/stdout with a fixed prompt and prints the answer as one
// JSON line. Used by test/e2e/pty-form.test.ts inside tmux; also handy to try the form by hand:
//   node --import tsx test/frontends/terminal/pty-app.ts form|url [URL]|queue
import { readFileSync } from 'node:fs';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { TerminalRenderer, terminalSupported } from '../../../src/frontends/terminal/index.js';
import { makeContext, makePrompt } from './harness.js';

const mode = process.argv[2] ?? 'form';
const schema = JSON.parse(readFileSync(new URL('./fixtures/profile-schema.json', import.meta.url), 'utf8'));
const supported = terminalSupported(process.env, { input: process.stdin, output: process.stdout });
const renderer = new TerminalRenderer({ input: process.stdin, output: process.stdout, env: process.env });
// The form hands the person's Ctrl-C on as SIGINT; this app says so, once it has arrived.
const sigint = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
// A signal handle does not keep the process alive, so a timer does until the signal has come.
const awaitSigint = async (): Promise<string> => {
  const alive = setInterval(() => {}, 1000);
  await sigint;
  clearInterval(alive);
  return 'SIGINT';
};
const interrupted = (answer: { outcome: { action: string; reason?: string } }) =>
  answer.outcome.action === 'cancel' && answer.outcome.reason === 'interrupted';

if (mode === 'url') {
  const url = process.argv[3] ?? 'https://accounts.example.co.uk/oauth/authorize?client_id=abc&state=xyz';
  const prompt = {
    kind: 'url' as const,
    message: 'Sign in to Example to continue.',
    url,
    analysis: analyzeUrl(url),
  };
  const answer = await renderer.url(prompt, makeContext());
  process.stdout.write(`ANSWER ${JSON.stringify(answer)}\n`);
} else {
  const message = 'Tell us about yourself so we can set up your profile.';
  const first = renderer.form(
    makePrompt(schema, { message }),
    makeContext({ waiting: mode === 'queue' ? 1 : 0 }),
  );
  const second =
    mode === 'queue'
      ? renderer.form(
          makePrompt(schema, { message: 'Second form.' }),
          makeContext({ server: { label: 'other' } }),
        )
      : undefined;
  const answer = await first;
  process.stdout.write(`ANSWER ${JSON.stringify(answer)}\n`);
  if (interrupted(answer)) process.stdout.write(`${await awaitSigint()}\n`);
  if (second) process.stdout.write(`ANSWER ${JSON.stringify(await second)}\n`);
}
await renderer.close();
process.stdout.write(`SUPPORTED ${supported}\n`);
