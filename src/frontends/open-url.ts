// Opens a consented URL-mode link in the system browser (spec §8.1 C-27: a context the client
// cannot inspect). Only ever called after the person said yes (C-25); never fetches anything.
import type { ChildProcess } from 'node:child_process';
import type { OpenResult, UrlOpener } from '../contracts/url-step.js';
import { spawnOnUse } from './child-process.js';

/** Options of `createSystemOpener`. */
export interface SystemOpenerOptions {
  /**
   * A launcher still running after this long is taken as started (some browsers stay in the
   * foreground until closed); it is left running. Default 15 s.
   */
  readonly settleMs?: number;
}

/**
 * The opener used outside tests: `BROWSER` when set (a command, optionally with arguments, `%s`
 * standing for the URL, else the URL is appended), otherwise the platform's default browser via
 * the `open` package. Commands run without a shell, so a URL cannot inject commands.
 */
export function createSystemOpener(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: SystemOpenerOptions = {},
): UrlOpener {
  const settleMs = options.settleMs ?? 15_000;
  const browser = env.BROWSER?.trim();
  return {
    async open(url: string): Promise<OpenResult> {
      if (browser) {
        const argv = splitCommand(browser, process.platform === 'win32');
        const [command, ...rest] = argv;
        if (command === undefined) return { ok: false, error: 'BROWSER is set but names no command' };
        const args = rest.some((a) => a.includes('%s'))
          ? rest.map((a) => a.replaceAll('%s', url))
          : [...rest, url];
        return watch(() => spawnOnUse()(command, args, { stdio: 'ignore', shell: false }), command, settleMs);
      }
      try {
        // Loaded on first use: most runs never open a browser.
        const { default: open } = await import('open');
        const child = await open(url, { wait: false });
        return await watch(() => child, 'the default browser launcher', settleMs);
      } catch (error) {
        return { ok: false, error: `could not start the default browser: ${messageOf(error)}` };
      }
    },
  };
}

type Watched = Pick<ChildProcess, 'once' | 'exitCode' | 'signalCode' | 'unref'>;

// Resolves when the launcher exits (0 → ok), fails to spawn, or is still running after settleMs.
function watch(start: () => Watched, name: string, settleMs: number): Promise<OpenResult> {
  return new Promise((resolve) => {
    let child: Watched;
    try {
      child = start();
    } catch (error) {
      resolve({ ok: false, error: `could not run ${name}: ${messageOf(error)}` });
      return;
    }
    const finish = (result: OpenResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    // The timer also keeps the event loop alive while an unref'd launcher runs.
    const timer = setTimeout(() => {
      child.unref(); // a browser left running must not keep this process alive
      finish({ ok: true });
    }, settleMs);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (code === 0) finish({ ok: true });
      else
        finish({
          ok: false,
          error: `${name} exited with ${code === null ? `signal ${signal}` : `code ${code}`}`,
        });
    };
    if (child.exitCode !== null || child.signalCode !== null) {
      onExit(child.exitCode, child.signalCode);
      return;
    }
    child.once('error', (error: Error) =>
      finish({ ok: false, error: `could not run ${name}: ${error.message}` }),
    );
    child.once('exit', onExit);
  });
}

// Splits a BROWSER value into argv the way a POSIX shell would split words (quotes and
// backslashes), without expanding anything. On Windows a backslash is a path separator.
function splitCommand(line: string, windows: boolean): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (!windows && ch === '\\' && /["\\$`]/.test(line.charAt(i + 1))) word += line.charAt(++i);
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (!windows && ch === '\\' && i + 1 < line.length) {
      word += line.charAt(++i);
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
