// Drives TerminalRenderer through injected streams: keys in, frames out, no TTY needed.
import { PassThrough } from 'node:stream';
import type { OverRateChoice, OverRateInfo } from '../../../src/contracts/over-rate.js';
import type {
  FormAnswer,
  FormPrompt,
  PromptContext,
  UrlAnswer,
  UrlPrompt,
} from '../../../src/contracts/renderer.js';
import { initialDraft } from '../../../src/core/defaults.js';
import type { Draft } from '../../../src/core/form-model.js';
import { parseRequestedSchema } from '../../../src/core/schema-parser.js';
import { validateContent } from '../../../src/core/validate.js';
import { TerminalRenderer } from '../../../src/frontends/terminal/index.js';

export const KEYS = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  tab: '\t',
  shiftTab: '\u001b[Z',
  enter: '\r',
  space: ' ',
  esc: '\u001b',
  ctrlC: '\u0003',
  ctrlD: '\u0004',
  ctrlU: '\u0015',
  backspace: '\u007f',
  pageDown: '\u001b[6~',
  pageUp: '\u001b[5~',
  home: '\u001b[H',
  end: '\u001b[F',
} as const;

export type KeyName = keyof typeof KEYS;

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping escape sequences is the point
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export function makePrompt(
  schema: unknown,
  options: { message?: string; initial?: Draft; restored?: boolean } = {},
): FormPrompt {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => i.message).join('; '));
  const model = parsed.value;
  const { draft, defaulted } = initialDraft(model);
  const initial = { ...draft, ...options.initial };
  return {
    kind: 'form',
    message: options.message ?? 'Please fill in the form.',
    model,
    initial,
    defaulted: new Set([...defaulted].filter((name) => options.initial?.[name] === undefined)),
    restored: options.restored ?? false,
    validate: (d) => validateContent(model, d),
  };
}

export function makeContext(overrides: Partial<PromptContext> = {}): PromptContext {
  return {
    server: { label: 'demo', selfName: 'Demo Server', selfVersion: '1.0.0' },
    request: { method: 'tools/call', name: 'profile' },
    era: '2026-07-28',
    signal: new AbortController().signal,
    waiting: 0,
    ...overrides,
  };
}

export interface Session<A> {
  readonly input: PassThrough;
  readonly output: PassThrough & { columns?: number; rows?: number };
  readonly answer: Promise<A>;
  /** Everything written so far, raw. */
  raw(): string;
  /** The last full frame drawn, escape sequences removed, trailing spaces trimmed per line. */
  screen(): string;
  /** Text written after the form left the alternate screen. */
  after(): string;
  press(...keys: KeyName[]): Promise<void>;
  /** Let the renderer draw what is pending. */
  settle(): Promise<void>;
  type(text: string): Promise<void>;
  /** How many times Ctrl-C was handed on as the person's interrupt. */
  interrupts(): number;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

function start<A>(
  run: (renderer: TerminalRenderer) => Promise<A>,
  options: { columns?: number; rows?: number; env?: Record<string, string>; interrupt?: AbortSignal },
): Session<A> {
  const input = new PassThrough();
  const output = new PassThrough() as PassThrough & { columns?: number; rows?: number };
  let written = '';
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  let interrupts = 0;
  const renderer = new TerminalRenderer({
    input,
    output,
    // Counted instead of raising SIGINT in the test process.
    onInterrupt: () => {
      interrupts++;
    },
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.columns === undefined ? {} : { columns: options.columns }),
    ...(options.rows === undefined ? {} : { rows: options.rows }),
    ...(options.interrupt === undefined ? {} : { interrupt: options.interrupt }),
  });
  const answer = run(renderer);
  const frames = () => written.split('\u001b[?25l\u001b[H');
  return {
    input,
    output,
    answer,
    raw: () => written,
    interrupts: () => interrupts,
    screen: () => {
      const last = frames().at(-1) ?? '';
      const frame = last.split('\u001b[?1049l')[0] ?? '';
      return stripAnsi(frame)
        .split('\r\n')
        .map((l) => l.trimEnd())
        .join('\n');
    },
    after: () => stripAnsi(written.split('\u001b[?1049l').at(-1) ?? ''),
    settle: () => new Promise((resolve) => setTimeout(resolve, 5)),
    press: async (...keys) => {
      for (const key of keys) {
        input.write(KEYS[key]);
        // A lone Esc is recognised after the 50 ms escape timeout.
        await (key === 'esc' ? new Promise((resolve) => setTimeout(resolve, 80)) : tick());
      }
    },
    type: async (text) => {
      for (const ch of text) {
        input.write(ch);
        await tick();
      }
    },
  };
}

/** Several prompts through one renderer at once; each session shares the streams. */
export function openQueue(
  prompts: ReadonlyArray<readonly [FormPrompt, PromptContext]>,
): Session<FormAnswer>[] {
  const answers: Promise<FormAnswer>[] = [];
  const session = start(
    (renderer) => {
      for (const [prompt, ctx] of prompts) answers.push(renderer.form(prompt, ctx));
      return Promise.all(answers);
    },
    { columns: 80, rows: 24 },
  );
  return answers.map((answer) => ({ ...session, answer }));
}

export function openForm(
  prompt: FormPrompt,
  ctx: PromptContext = makeContext(),
  options: { columns?: number; rows?: number; env?: Record<string, string>; interrupt?: AbortSignal } = {
    columns: 80,
    rows: 24,
  },
): Session<FormAnswer> {
  return start((renderer) => renderer.form(prompt, ctx), options);
}

export function openUrl(
  prompt: UrlPrompt,
  ctx: PromptContext = makeContext(),
  options: { columns?: number; rows?: number; env?: Record<string, string>; interrupt?: AbortSignal } = {
    columns: 80,
    rows: 24,
  },
): Session<UrlAnswer> {
  return start((renderer) => renderer.url(prompt, ctx), options);
}

export function openOverRate(
  info: OverRateInfo,
  ctx: PromptContext = makeContext(),
): Session<OverRateChoice> {
  return start((renderer) => renderer.overRate(info, ctx), { columns: 80, rows: 24 });
}
