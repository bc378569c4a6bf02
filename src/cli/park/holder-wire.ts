// What the park holder and the commands that reach it (call --park, answer, pending) say to each
// other: one JSON line each way over a Unix socket in the private parked folder (P-05), or over
// the IPC channel the holder was started with.
import { connect, type Socket } from 'node:net';
import type { NotifyChoice } from '../../core/attention.js';
import type { Draft } from '../../core/form-model.js';
import type { ParkAnswer, ParkRefusal, PortablePrompt } from '../../frontends/park/index.js';
import type { StoredQuestion } from './park-store.js';
import type { SavedRound } from './round-store.js';

export type HolderRequest =
  | { readonly op: 'answer'; readonly id: string; readonly answer: ParkAnswer }
  | { readonly op: 'list' }
  /** `answer --ui`: the question's prompt, to put in front of a person (P-12). */
  | { readonly op: 'show'; readonly id: string }
  /** `answer --ui` left unanswered: what the person typed, kept in the holder's memory only. */
  | { readonly op: 'keep'; readonly id: string; readonly draft: Draft };

/** What the holder reports: questions waiting, the command's end, a refused answer, its pending ids. */
export type HolderReport =
  | { readonly kind: 'parked'; readonly questions: readonly StoredQuestion[]; readonly json: boolean }
  | { readonly kind: 'finished'; readonly status: number; readonly stdout: string; readonly stderr: string }
  | { readonly kind: 'refused'; readonly code: ParkRefusal; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'listed'; readonly ids: readonly string[] }
  | { readonly kind: 'question'; readonly prompt: PortablePrompt }
  | { readonly kind: 'kept' }
  /** The server finished this URL step itself (P-14); `next` is what came after. */
  | { readonly kind: 'completed'; readonly next: HolderReport };

/** What the launching CLI sends the holder it started: the command to run and for how long to hold it. */
export interface HolderStart {
  readonly argv: readonly string[];
  readonly ttlMs: number;
  /** A 2026-07-28 round already received (several questions): the command starts from it. */
  readonly resumeFrom?: SavedRound;
  /** `--notify` given with --park: tell the person each question that parks (P-13). */
  readonly notify?: NotifyChoice;
}

/** A final report (a whole command's output) may be large; a request never is. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Reads lines of JSON from `socket`, calling `onLine` with each; a line over `max` closes it. */
export function readLines(socket: Socket, max: number, onLine: (value: unknown) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > max) {
      socket.destroy();
      return;
    }
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      try {
        onLine(JSON.parse(line));
      } catch {
        socket.destroy();
        return;
      }
    }
  });
}

/**
 * Sends one request to the holder at `path` and resolves with its one report; `gone` when nobody
 * listens, or when `signal` gave up waiting (the holder forgets a waiter whose socket closed).
 */
export function askHolder(
  path: string,
  request: HolderRequest,
  signal?: AbortSignal,
): Promise<HolderReport | 'gone'> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let settled = false;
    const done = (value: HolderReport | 'gone'): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(value);
    };
    signal?.addEventListener('abort', () => done('gone'), { once: true });
    socket.on('error', () => done('gone'));
    socket.on('close', () => done('gone'));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    readLines(socket, MAX_LINE_BYTES, (value) => done(value as HolderReport));
  });
}
