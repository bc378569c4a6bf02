// A real pseudo-terminal for end-to-end tests: a detached tmux session of fixed size on a private
// socket, driven with send-keys and read with capture-pane.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Fails (never skips) when tmux is missing: these tests exist to prove the real-terminal path. */
export function requireTmux(): void {
  try {
    execFileSync('which', ['tmux'], { stdio: 'pipe' });
  } catch {
    throw new Error(
      'tmux is not installed, so the pseudo-terminal tests cannot run. Install it (apt-get install tmux) and re-run.',
    );
  }
}

export interface TmuxOptions {
  /** argv of the program to run inside the pane. */
  readonly command: readonly string[];
  readonly columns?: number;
  readonly rows?: number;
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

export interface CaptureOptions {
  readonly escapes?: boolean;
  readonly history?: boolean;
}

let counter = 0;

export class TmuxSession {
  readonly name: string;
  readonly #socket: string;
  readonly #dir: string;

  private constructor(name: string, socket: string, dir: string) {
    this.name = name;
    this.#socket = socket;
    this.#dir = dir;
  }

  static async start(options: TmuxOptions): Promise<TmuxSession> {
    requireTmux();
    const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-tmux-'));
    // Private config: the pane stays after the program exits so its last output can be read.
    const config = join(dir, 'tmux.conf');
    writeFileSync(config, 'set -g remain-on-exit on\nset -g status off\nset -g escape-time 10\n');
    counter += 1;
    const name = `e2e-${process.pid}-${counter}`;
    const socket = join(dir, 'socket');
    const env = Object.entries(options.env ?? {}).map(([k, v]) => `${k}=${v}`);
    const session = new TmuxSession(name, socket, dir);
    await session.#tmux(
      '-f',
      config,
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(options.columns ?? 80),
      '-y',
      String(options.rows ?? 24),
      ...(options.cwd ? ['-c', options.cwd] : []),
      'env',
      ...env,
      ...options.command,
    );
    return session;
  }

  async #tmux(...args: string[]): Promise<string> {
    const { stdout } = await run('tmux', ['-S', this.#socket, ...args], { encoding: 'utf8' });
    return stdout;
  }

  /** tmux key names: 'Tab', 'BTab', 'Down', 'Enter', 'Space', 'Escape', 'C-c', 'NPage', ... */
  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.#tmux('send-keys', '-t', this.name, key);
      // Give the program time to read each key on its own (a lone Escape needs its timeout).
      await new Promise((resolve) => setTimeout(resolve, key === 'Escape' ? 120 : 30));
    }
  }

  /** Types text literally, one character per key press. */
  async type(text: string): Promise<void> {
    await this.#tmux('send-keys', '-t', this.name, '-l', text);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }

  /**
   * The visible screen as text. `escapes`: include SGR attributes. `history`: start from the
   * scrollback too (tmux pushes the lines above the cursor there when a program leaves the
   * alternate screen).
   */
  async capture(options: CaptureOptions = {}): Promise<string> {
    return this.#tmux(
      'capture-pane',
      '-p',
      '-J',
      ...(options.escapes ? ['-e'] : []),
      ...(options.history ? ['-S', '-'] : []),
      '-t',
      this.name,
    );
  }

  async waitFor(
    pattern: RegExp | string,
    options: CaptureOptions & { timeoutMs?: number } = {},
  ): Promise<string> {
    const timeoutMs = options.timeoutMs ?? 8000;
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      last = await this.capture(options);
      if (typeof pattern === 'string' ? last.includes(pattern) : pattern.test(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `timed out after ${timeoutMs} ms waiting for ${String(pattern)}; the screen was:\n${last}`,
    );
  }

  /** Resolves once the program in the pane has exited (the pane stays: remain-on-exit). */
  async waitForExit(timeoutMs = 8000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.#tmux('display-message', '-p', '-t', this.name, '#{pane_dead}')).trim() !== '1') {
      if (Date.now() > deadline)
        throw new Error(`the program in ${this.name} still runs after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The program's exit status, waiting up to `timeoutMs` for it to exit and for tmux to record it. */
  async exitCode(timeoutMs = 20_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = (await this.exitStatus()) ?? (await this.#zombieStatus());
      if (status !== undefined) return status;
      if (Date.now() > deadline)
        throw new Error(`the program in ${this.name} had no exit status within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // tmux at times leaves the pane's exited program unreaped (a zombie for minutes, the pane not
  // marked dead: seen in CI on the sign-in tests); the kernel still has its status (proc(5) field 52).
  async #zombieStatus(): Promise<number | undefined> {
    const pid = (await this.#tmux('display-message', '-p', '-t', this.name, '#{pane_pid}')).trim();
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return undefined;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] !== 'Z') return undefined;
    const raw = Number(fields[49]);
    return (raw & 0x7f) === 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f);
  }

  /** Appends every byte the program writes to the terminal, escapes included, to `file`. */
  async pipeTo(file: string): Promise<void> {
    await this.#tmux('pipe-pane', '-o', '-t', this.name, `cat >> '${file.replaceAll("'", "'\\''")}'`);
  }

  /** The pane's title, which a program can set with OSC 0/2 escape sequences. */
  /** The program's exit status once it has exited (the pane stays), else undefined. */
  async exitStatus(): Promise<number | undefined> {
    const [dead, status] = (
      await this.#tmux('display-message', '-p', '-t', this.name, '#{pane_dead} #{pane_dead_status}')
    )
      .trim()
      .split(' ');
    return dead === '1' && status !== undefined && status !== '' ? Number(status) : undefined;
  }

  async title(): Promise<string> {
    return (await this.#tmux('display-message', '-p', '-t', this.name, '#{pane_title}')).trim();
  }

  async resize(columns: number, rows: number): Promise<void> {
    await this.#tmux('resize-window', '-t', this.name, '-x', String(columns), '-y', String(rows));
  }

  async kill(): Promise<void> {
    await this.#tmux('kill-server').catch(() => undefined);
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** The JSON object printed after `marker` on a captured screen, which may span several lines. */
export function jsonAfter(screen: string, marker: string): unknown {
  const start = screen.indexOf(marker);
  if (start < 0) throw new Error(`"${marker}" not found in:\n${screen}`);
  const text = screen.slice(start + marker.length);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return JSON.parse(text.slice(text.indexOf('{'), i + 1));
  }
  throw new Error(`unterminated JSON after "${marker}"`);
}
