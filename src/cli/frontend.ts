// Picks the front-end: scripted when any scripted flag is given, the browser when asked for, the
// interactive terminal form when stdin is a TTY and the prompts' terminal can show it, plain lines
// otherwise.
import { readFile } from 'node:fs/promises';
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { CliArgs } from './args.js';
import { promptOutput } from './prompt-output.js';

export interface Io {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C outside a form: the request in flight is cancelled and the CLI exits 130. */
  readonly signal?: AbortSignal;
}

export async function chooseRenderer(args: CliArgs, io: Io): Promise<Renderer> {
  // Each front-end is loaded only when chosen: a CLI run pays for one of them.
  switch (args.ui) {
    case 'scripted': {
      const { ScriptedRenderer } = await import('../frontends/scripted/index.js');
      return new ScriptedRenderer({
        ...(args.scriptedAnswers !== undefined && { answers: [...args.scriptedAnswers] }),
        ...(args.answersFile !== undefined && { answers: await readAnswers(args.answersFile, args, io) }),
        sets: args.sets,
        acceptDefaults: args.acceptDefaults,
        decline: args.decline,
        cancel: args.cancel,
        openUrls: args.openUrls,
        allowDeceptiveUrls: args.allowDeceptiveUrls,
        env: io.env,
        log: (line) => io.stderr.write(`${line}\n`),
      });
    }
    case 'plain':
      return plain(io, promptOutput(args.json, io));
    case 'browser': {
      // Pages on a loopback server, opened with the same opener as URL mode (BROWSER or the system's).
      const [{ BrowserRenderer }, { createSystemOpener }] = await Promise.all([
        import('../frontends/browser/index.js'),
        import('../frontends/open-url.js'),
      ]);
      return new BrowserRenderer({
        opener: createSystemOpener(io.env),
        log: (line) => io.stderr.write(`${line}\n`),
      });
    }
    case 'terminal': {
      // Prompts go to the terminal (stdout, stderr or /dev/tty), leaving stdout to the result.
      const output = promptOutput(args.json, io);
      if (!io.stdin.isTTY || !output.isTTY) {
        throw new ElicitError(
          'usage',
          '--ui terminal needs a terminal on stdin and on stdout, stderr or /dev/tty; use --ui plain or --ui scripted',
        );
      }
      return terminal(io, output);
    }
    case 'auto': {
      const output = promptOutput(args.json, io);
      if (io.stdin.isTTY && output.isTTY) {
        const { terminalSupported } = await import('../frontends/terminal/terminal-support.js');
        if (terminalSupported(io.env, { input: io.stdin, output })) return terminal(io, output);
      }
      return plain(io, output);
    }
  }
}

async function plain(io: Io, output: NodeJS.WriteStream): Promise<Renderer> {
  const { PlainRenderer } = await import('../frontends/plain/index.js');
  return new PlainRenderer({ input: io.stdin, output });
}

async function terminal(io: Io, output: NodeJS.WriteStream): Promise<Renderer> {
  const { TerminalRenderer } = await import('../frontends/terminal/index.js');
  return new TerminalRenderer({ input: io.stdin, output, env: io.env });
}

async function readAnswers(file: string, args: CliArgs, io: Io) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ElicitError(
      'usage',
      `cannot read --answers file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const { loadAnswersFile, replayGaps } = await import('../frontends/scripted/index.js');
  const loaded = loadAnswersFile(text);
  if (!loaded.ok) {
    throw new ElicitError(
      'usage',
      `--answers file ${file}: ${loaded.issues.map((i) => i.message).join('; ')}`,
    );
  }
  // Values a recording left out must be given now, not discovered missing halfway through a run.
  const gaps = replayGaps(loaded.value, new Map(Object.entries(args.sets)), io.env);
  if (gaps.length > 0) throw new ElicitError('usage', `--answers file ${file}: ${gaps.join('; ')}`);
  return loaded.value;
}

/**
 * The modes to declare: URL mode when the front-end has a URL step and a person can consent, or a
 * script was told to open URLs (--open-urls, or an answers entry for URL mode, as a recorded URL
 * step has); `--modes` overrides.
 */
export function declaredModes(args: CliArgs, renderer: Renderer): readonly ElicitationMode[] {
  if (args.modes) return args.modes;
  const urlAnswers = (renderer as { answersUrlMode?: boolean }).answersUrlMode === true;
  const url = renderer.url !== undefined && (renderer.interactive || args.openUrls || urlAnswers);
  return url ? ['form', 'url'] : ['form'];
}
