// Start the servers tests talk to: the bundled demo, server-everything, and the fixture servers.
// Every child process is killed on close() and, as a backstop, when the test process exits.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fixtureCommand } from './compiled-fixture.js';

export interface StdioCommand {
  readonly command: string;
  readonly args: string[];
}

export interface RunningHttpServer {
  readonly url: string;
  close(): Promise<void>;
}

const fixture = (file: string): StdioCommand => fixtureCommand(file);

const everythingMain = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

export function demoStdioCommand(): StdioCommand {
  return fixture('src/demo/main.ts');
}

/** Asks for the form given in its `ask` tool's arguments and echoes the answer. */
export function echoFormStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/echo-form-server.ts');
}

/** Raw 2025 server that sends a question right after it reads the cancel of the call that asked it. */
export function cancelRaceStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/cancel-race-server.ts');
}

export function hostileStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/hostile-server.ts');
}

export function escapeStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/escape-server.ts');
}

export function envStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/env-server.ts');
}

/** Reports the log level the client asked for (test/fixtures/servers/log-level-server.ts). */
export function logLevelStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/log-level-server.ts');
}

/** Stays up after its stdin closes, until SIGTERM; with `--prompt` it exits on end of input. */
export function lingerStdioCommand(...args: string[]): StdioCommand {
  const command = fixture('test/fixtures/servers/linger-server.ts');
  return { ...command, args: [...command.args, ...args] };
}

export function stderrStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/stderr-server.ts');
}

/** The 2026-07-28 Tasks-extension fixture (test/fixtures/servers/tasks-2026-server.ts). */
export function tasksStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/tasks-2026-server.ts');
}

/** The Tasks fixture over Streamable HTTP on a free port. */
export function startTasksHttp(port = 0): Promise<RunningHttpServer> {
  return startHttp(tasksStdioCommand(), port);
}

/** Tasks servers that misbehave (test/fixtures/servers/hostile-tasks-server.ts); HOSTILE_TASKS_ERA picks the era. */
export function hostileTasksStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/hostile-tasks-server.ts');
}

/** The 2025-11-25 tasks fixture (test/fixtures/servers/tasks-2025-server.ts). */
export function tasks2025StdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/tasks-2025-server.ts');
}

/** The 2025-11-25 tasks fixture over Streamable HTTP on a free port. */
export function startTasks2025Http(): Promise<RunningHttpServer> {
  return startHttp(tasks2025StdioCommand());
}

/** The 2026-07-28 fixture for rounds parked with no process (hostile text, two questions in one round). */
export function startParkRoundHttp(): Promise<RunningHttpServer> {
  return startHttp(fixture('test/fixtures/servers/park-round-server.ts'));
}

export function everythingStdioCommand(): StdioCommand {
  return { command: process.execPath, args: [everythingMain, 'stdio'] };
}

/** The demo server over Streamable HTTP (both eras) in a child process on a free port. */
export function startDemoHttp(port = 0): Promise<RunningHttpServer> {
  return startHttp(demoStdioCommand(), port);
}

/** A server of ours that takes `--http --port N` (0: any free port) and prints `listening <url>` on stderr. */
async function startHttp({ command, args }: StdioCommand, port = 0): Promise<RunningHttpServer> {
  const child = track(
    spawn(command, [...args, '--http', '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] }),
  );
  const line = await waitForStderr(child, /^listening (\S+)$/m, 20_000);
  return { url: line[1] ?? '', close: () => stop(child) };
}

/** server-everything's `streamableHttp` transport on a free port (it takes the port from PORT only). */
export async function startEverythingHttp(): Promise<RunningHttpServer> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [everythingMain, 'streamableHttp'], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  await waitForStderr(child, /listening on port/, 20_000);
  await waitForConnect(port, 5_000);
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => stop(child) };
}

const children = new Set<ChildProcess>();
const killAll = () => {
  for (const child of children) child.kill('SIGKILL');
};
process.on('exit', killAll);
// 'exit' does not run when a signal ends the process: clean up, then die of the same signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAll();
    process.kill(process.pid, signal);
  });
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
  await exited;
  clearTimeout(timer);
}

function waitForStderr(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const fail = (why: string) => {
      cleanup();
      child.kill('SIGKILL');
      reject(new Error(`${why}; stderr so far:\n${seen}`));
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match !== null) {
        cleanup();
        resolve(match);
      }
    };
    const onExit = (code: number | null) => fail(`server exited (code ${code}) before it was ready`);
    const timer = setTimeout(() => fail(`server not ready after ${timeoutMs} ms`), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      // Keep draining stderr so a chatty child never blocks on a full pipe.
      child.stderr?.resume();
    };
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForConnect(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing accepts connections on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function liveStdioCommand(): StdioCommand {
  return fixture('test/fixtures/servers/live-server.ts');
}
