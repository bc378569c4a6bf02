// Picks the front-end: scripted when any scripted flag is given, the browser when asked for, the
// interactive terminal form when stdin is a TTY and the prompts' terminal can show it, plain lines
// otherwise.
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { RoundControl } from '../mcp/input-required-driver.js';
import type { TaskControl } from '../mcp/tasks/task-control.js';
import type { CliArgs } from './args.js';
import { readCappedFile } from './capped-file.js';
import { LazyRenderer, type LazyRendererFace } from './lazy-renderer.js';
import { promptOutput } from './prompt-output.js';

export interface Io {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C: the open prompt ends as `interrupted`, the request in flight is cancelled, the CLI exits 130. */
  readonly signal?: AbortSignal;
  /** The park holder's front-end, used instead of choosing one: every question parks (P-07). */
  readonly parking?: Renderer;
  /** 2026-07-28 rounds taken out of the request (a stateless park, or its answer): see RoundControl. */
  readonly rounds?: RoundControl;
  /** 2026-07-28 tasks parked by their id, or picked up by it to answer (a stateless park): see TaskControl. */
  readonly tasks?: TaskControl;
  /** The browser front-end's launch page address, each time it is written (the proxy tells its host). */
  readonly onPageLaunch?: (url: string) => void;
}

/** The front-end for a run, announcing each prompt that waits for the person (`--notify`). */
export async function chooseRenderer(args: CliArgs, io: Io): Promise<Renderer> {
  if (io.parking) return io.parking;
  // Prompts go to the terminal (stdout, stderr or /dev/tty), leaving stdout to the result.
  const output = promptOutput(args.json, io);
  const renderer = await chooseFrontEnd(args, io, output);
  if (!renderer.interactive || args.notify === 'off') return renderer;
  // Line mode fed by a pipe is a script, not a person who might be looking elsewhere.
  if (renderer.name === 'plain' && !io.stdin.isTTY) return renderer;
  const { attentionSchedule, withAttention } = await import('../frontends/attention/index.js');
  // The terminal's signals only where the prompts are drawn on it (not the browser's pages).
  const onTerminal = renderer.name === 'terminal' || renderer.name === 'plain';
  const schedule = attentionSchedule(
    args.notify,
    { env: io.env, ...(onTerminal && { terminal: output }) },
    { remindAfterMs: args.remindAfterMs },
  );
  return withAttention(renderer, schedule);
}

async function chooseFrontEnd(args: CliArgs, io: Io, output: NodeJS.WriteStream): Promise<Renderer> {
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
        allowEnv: args.allowEnv,
        log: (line) => io.stderr.write(`${line}\n`),
      });
    }
    case 'plain':
      return plain(io, output);
    case 'browser':
      // A proxy may never show a prompt: its browser front-end loads with the first one.
      if (args.command === 'proxy') return new LazyRenderer(BROWSER_FACE, () => browser(io));
      return browser(io);
    case 'terminal':
      if (!io.stdin.isTTY || !output.isTTY) {
        throw new ElicitError(
          'usage',
          '--ui terminal needs a terminal on stdin and on stdout, stderr or /dev/tty; use --ui plain or --ui scripted',
        );
      }
      return terminal(io, output);
    case 'auto': {
      if (io.stdin.isTTY && output.isTTY) {
        const { terminalSupported } = await import('../frontends/terminal/terminal-support.js');
        if (terminalSupported(io.env, { input: io.stdin, output })) return terminal(io, output);
      }
      return plain(io, output);
    }
  }
}

// What BrowserRenderer says about itself: it opens URL-mode targets by the person's own click.
const BROWSER_FACE: LazyRendererFace = {
  name: 'browser',
  interactive: true,
  opener: { open: async () => ({ ok: true }) },
};

async function browser(io: Io): Promise<Renderer> {
  // Pages on a loopback server, opened with the same opener as URL mode (BROWSER or the system's).
  const [{ BrowserRenderer }, { createSystemOpener }] = await Promise.all([
    import('../frontends/browser/index.js'),
    import('../frontends/open-url.js'),
  ]);
  return new BrowserRenderer({
    opener: createSystemOpener(io.env),
    log: (line) => io.stderr.write(`${line}\n`),
    ...(io.signal && { interrupt: io.signal }),
    ...(io.onPageLaunch && { onLaunch: io.onPageLaunch }),
  });
}

async function plain(io: Io, output: NodeJS.WriteStream): Promise<Renderer> {
  const { PlainRenderer } = await import('../frontends/plain/index.js');
  return new PlainRenderer({ input: io.stdin, output, ...(io.signal && { interrupt: io.signal }) });
}

async function terminal(io: Io, output: NodeJS.WriteStream): Promise<Renderer> {
  const { TerminalRenderer } = await import('../frontends/terminal/index.js');
  return new TerminalRenderer({
    input: io.stdin,
    output,
    env: io.env,
    ...(io.signal && { interrupt: io.signal }),
    // The form's Ctrl-C goes to bin.ts's SIGINT handler, as a Ctrl-C outside a form does.
    onInterrupt: () => process.emit('SIGINT'),
  });
}

async function readAnswers(file: string, args: CliArgs, io: Io) {
  const text = await readCappedFile(file, '--answers file', 'usage');
  const { envReads, loadAnswersFile, replayGaps } = await import('../frontends/scripted/index.js');
  const loaded = loadAnswersFile(text);
  if (!loaded.ok) {
    throw new ElicitError(
      'usage',
      `--answers file ${file}: ${loaded.issues.map((i) => i.message).join('; ')}`,
    );
  }
  // Values a recording left out must be given now, not discovered missing halfway through a run.
  const gaps = replayGaps(loaded.value, new Map(Object.entries(args.sets)), io.env, args.allowEnv);
  if (gaps.length > 0) throw new ElicitError('usage', `--answers file ${file}: ${gaps.join('; ')}`);
  const reads = envReads(loaded.value);
  // Names only, before connecting: which of the person's variables this file may send.
  if (reads.length > 0) io.stderr.write(`mcp-elicit: --answers file ${file} reads ${reads.join(', ')}\n`);
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
