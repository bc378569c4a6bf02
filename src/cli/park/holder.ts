// The park holder (P-07): a small detached process that owns the connection and runs the parked
// command to its end, so a question can outlive the CLI that received it (every stdio server and
// every 2025-11-25 connection needs a live peer to answer). It takes answers over a Unix socket in
// the private parked folder and reports, to whoever waits, the next questions or the final output.
import { randomBytes } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { InputRequiredResult } from '@modelcontextprotocol/client';
import type { Renderer } from '../../contracts/renderer.js';
import { type ParkAnswer, type ParkedQuestion, ParkingRenderer } from '../../frontends/park/index.js';
import type { Io } from '../frontend.js';
import { ServerCompleted } from './holder-completed.js';
import { type HolderReport, type HolderRequest, type HolderStart, readLines } from './holder-wire.js';
import { parkNotifier } from './park-notify.js';
import { answerCommand } from './park-output.js';
import { openParkStore, type ParkRecord, type ParkStore, type StoredQuestion } from './park-store.js';

type RunMain = (argv: readonly string[], io: Io) => Promise<number>;

/** Unix socket paths longer than this do not fit `sun_path` (Linux: 108 bytes with the NUL). */
const MAX_SOCKET_PATH = 107;
const MAX_REQUEST_BYTES = 64 * 1024;
const ACTIONS = new Set(['accept', 'done', 'decline', 'cancel', 'paste-back']);
const ASKS_ABOUT = new Set(['answer', 'show', 'keep']);

/** The holder's whole life: started over IPC by `call --park`, ended when its command is. */
export async function runHolder(runMain: RunMain): Promise<number> {
  const start = await new Promise<HolderStart>((resolve) => process.once('message', resolve));
  const toLauncher = (report: HolderReport): Promise<void> =>
    new Promise((resolve) => process.send?.(report, () => resolve()) ?? resolve());
  let store: ParkStore;
  try {
    store = await openParkStore(process.env);
  } catch (error) {
    await toLauncher({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    return 1;
  }
  const socket = store.socketPath(randomBytes(8).toString('hex'));
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    const message = `the parked-question folder's path is too long for a socket (${socket}); set XDG_STATE_HOME to a shorter folder`;
    await toLauncher({ kind: 'failed', message });
    return 1;
  }
  const holder = new Holder(store, socket, start, await parkNotifier(start.notify, process.env));
  holder.wait((report) => toLauncher(report).then(() => process.disconnect?.()));
  await holder.listen();
  return holder.run(runMain);
}

class Holder {
  readonly #store: ParkStore;
  readonly #socketPath: string;
  readonly #start: HolderStart;
  readonly #parking: ParkingRenderer;
  readonly #stored = new Map<string, StoredQuestion>();
  readonly #waiters: ((report: HolderReport) => Promise<void>)[] = [];
  /** Each waiting question's expiry timer (--park-ttl, counted from when it parked). */
  readonly #expiry = new Map<string, NodeJS.Timeout>();
  readonly #server: Server;
  readonly #completed: ServerCompleted;
  readonly #notify: ((question: StoredQuestion) => void) | undefined;
  #flushQueued = false;
  #json = false;

  constructor(
    store: ParkStore,
    socketPath: string,
    start: HolderStart,
    notify?: (question: StoredQuestion) => void,
  ) {
    this.#store = store;
    this.#socketPath = socketPath;
    this.#start = start;
    this.#notify = notify;
    this.#completed = new ServerCompleted(store);
    this.#json = start.argv.includes('--json');
    this.#parking = new ParkingRenderer({
      onPark: (question) => void this.#parked(question),
      onSettle: (id, how) => {
        clearTimeout(this.#expiry.get(id));
        this.#expiry.delete(id);
        const stored = this.#stored.get(id);
        this.#stored.delete(id);
        if (how === 'completed' && stored) void this.#completed.add(this.#record(stored));
        else void this.#store.remove(id);
      },
    });
    this.#server = createServer((socket) => this.#connection(socket));
  }

  /** `report` gets the next report: questions waiting, or the command's end. */
  wait(report: (report: HolderReport) => Promise<void>): void {
    this.#waiters.push(report);
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#socketPath, resolve);
    });
    // The 0700 folder already keeps others out; the socket itself is closed too.
    await chmod(this.#socketPath, 0o600);
  }

  async run(runMain: RunMain): Promise<number> {
    const stdout = capture();
    const stderr = capture();
    const io: Io & { parking: Renderer } = {
      stdin: process.stdin,
      stdout: stdout.stream,
      stderr: stderr.stream,
      env: process.env,
      parking: this.#parking,
      ...(this.#start.resumeFrom && {
        rounds: { resumeFrom: this.#start.resumeFrom as InputRequiredResult },
      }),
    };
    const status = await runMain(this.#start.argv, io);
    const final: HolderReport = { kind: 'finished', status, stdout: stdout.text(), stderr: stderr.text() };
    // Nobody to tell, but a question the server completed: its `answer` collects the end (P-14).
    const held = this.#waiters.length === 0 ? this.#completed.hold(final) : undefined;
    await (held ?? this.#report(final));
    await this.#shutdown();
    return 0;
  }

  async #parked(question: ParkedQuestion): Promise<void> {
    const stored: StoredQuestion = {
      ...question,
      ...expiryOf(question, this.#start.ttlMs),
      answer: answerCommand(question),
    };
    // At expiry the question is cancelled and the command goes on (and ends) as it would.
    const detail =
      stored.expiryNote === undefined
        ? 'the parked question expired unanswered (--park-ttl)'
        : 'it expired unanswered with its device code';
    this.#expiry.set(
      question.id,
      setTimeout(() => this.#parking.expire(question.id, detail), stored.expiresAt - question.parkedAt),
    );
    // Listed before its record exists, so `pending` never takes the new record for a stale one.
    this.#stored.set(question.id, stored);
    await this.#store.write(this.#record(stored));
    // Answered or withdrawn while the record was being written: it must not be listed.
    if (!this.#parking.pending().some((waiting) => waiting.id === question.id)) {
      await this.#store.remove(question.id);
      return;
    }
    this.#notify?.(stored);
    this.#queueFlush();
  }

  #record(question: StoredQuestion): ParkRecord {
    return { version: 1, question, holder: { pid: process.pid, socket: this.#socketPath }, json: this.#json };
  }

  // One turn later, so questions a server asks together are reported together.
  #queueFlush(): void {
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    setImmediate(() => {
      this.#flushQueued = false;
      if (this.#stored.size === 0 || this.#waiters.length === 0) return;
      void this.#report({ kind: 'parked', questions: [...this.#stored.values()], json: this.#json });
    });
  }

  async #report(report: HolderReport): Promise<void> {
    const waiters = this.#waiters.splice(0);
    await Promise.all(waiters.map((waiter) => waiter(report)));
  }

  #connection(socket: Socket): void {
    socket.on('error', () => {});
    readLines(socket, MAX_REQUEST_BYTES, (value) => this.#request(value as HolderRequest, socket));
  }

  #request(request: HolderRequest, socket: Socket): void {
    const reply = (report: HolderReport): Promise<void> =>
      new Promise((resolve) => socket.end(`${JSON.stringify(report)}\n`, () => resolve()));
    if (request?.op === 'list') {
      void reply({ kind: 'listed', ids: [...this.#stored.keys()] });
      return;
    }
    if (!ASKS_ABOUT.has(request?.op) || typeof (request as { id?: unknown }).id !== 'string') {
      socket.destroy();
      return;
    }
    const { id } = request as { id: string };
    if (this.#completed.has(id)) {
      void this.#afterCompleted(id, reply, socket);
      return;
    }
    if (request.op === 'show' || request.op === 'keep') {
      void reply(showOrKeep(this.#parking, request));
      return;
    }
    if (request.op !== 'answer' || !ACTIONS.has(request.answer?.action)) {
      socket.destroy();
      return;
    }
    const verdict = this.#parking.answer(request.id, request.answer as ParkAnswer);
    if (!verdict.ok) {
      void reply({ kind: 'refused', code: verdict.code, message: verdict.message });
      return;
    }
    this.#waitOn(socket, reply);
    // Others still waiting: say so now; otherwise the next question or the end will (a sign-in
    // answered --done waits for its own end: the browser or the polling).
    if (this.#stored.size > 0 && verdict.waiting !== true) this.#queueFlush();
  }

  #waitOn(socket: Socket, waiter: (report: HolderReport) => Promise<void>): void {
    this.wait(waiter);
    socket.on('close', () => {
      const index = this.#waiters.indexOf(waiter);
      if (index >= 0) this.#waiters.splice(index, 1);
    });
  }

  // Asked about a question the server completed: what came next (the end, the next questions, or later).
  async #afterCompleted(
    id: string,
    reply: (r: HolderReport) => Promise<void>,
    socket: Socket,
  ): Promise<void> {
    const final = await this.#completed.take(id);
    const parked: HolderReport = { kind: 'parked', questions: [...this.#stored.values()], json: this.#json };
    const next = final ?? (this.#stored.size > 0 ? parked : undefined);
    if (next !== undefined) await reply({ kind: 'completed', next });
    else this.#waitOn(socket, (report) => reply({ kind: 'completed', next: report }));
  }

  async #shutdown(): Promise<void> {
    this.#parking.cancelAll('connection-closed', 'the parked request ended');
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    await rm(this.#socketPath, { force: true });
    await Promise.all([...this.#stored.keys()].map((id) => this.#store.remove(id)));
    await this.#completed.clear();
  }
}

// --park-ttl, or sooner where the question cannot outlive something of its own (a device code).
function expiryOf(question: ParkedQuestion, ttlMs: number): Pick<StoredQuestion, 'expiresAt' | 'expiryNote'> {
  const byTtl = question.parkedAt + ttlMs;
  if (question.expiresBy === undefined || question.expiresBy >= byTtl) return { expiresAt: byTtl };
  const seconds = Math.round((question.expiresBy - question.parkedAt) / 1000);
  const expiryNote = `the device code expires first: the authorization server gave it ${seconds} s (expires_in)`;
  return { expiresAt: question.expiresBy, expiryNote };
}

// `answer --ui`: the prompt to show, or what the person typed kept until the next try (P-12).
function showOrKeep(
  parking: ParkingRenderer,
  request: Extract<HolderRequest, { op: 'show' | 'keep' }>,
): HolderReport {
  const unknown: HolderReport = {
    kind: 'refused',
    code: 'unknown',
    message: 'no parked question with that id is waiting (answered, expired or withdrawn)',
  };
  if (request.op === 'show') {
    const prompt = parking.prompt(request.id);
    return prompt === undefined ? unknown : { kind: 'question', prompt };
  }
  const draft = request.draft;
  const ok = typeof draft === 'object' && draft !== null && !Array.isArray(draft);
  return ok && parking.keep(request.id, draft) ? { kind: 'kept' } : unknown;
}

// The command's output, kept to be printed by whichever command reports its end (the holder, a parked round).
export function capture(): { stream: NodeJS.WriteStream; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  // The command only writes to it; it is no terminal, so nothing asks for its size or colours.
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}
