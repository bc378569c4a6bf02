// What the park holder and the commands that reach it (call --park, answer, pending) say to each
// other: one JSON line each way over a Unix socket in the private parked folder (P-05), or over
// the IPC channel the holder was started with.
import { connect, type Socket } from 'node:net';
import type { ParkAnswer, ParkRefusal } from '../../frontends/park/index.js';
import type { StoredQuestion } from './park-store.js';
import type { SavedRound } from './round-store.js';

export type HolderRequest =
  | { readonly op: 'answer'; readonly id: string; readonly answer: ParkAnswer }
  | { readonly op: 'list' };

/** What the holder reports: questions waiting, the command's end, a refused answer, its pending ids. */
export type HolderReport =
  | { readonly kind: 'parked'; readonly questions: readonly StoredQuestion[]; readonly json: boolean }
  | { readonly kind: 'finished'; readonly status: number; readonly stdout: string; readonly stderr: string }
  | { readonly kind: 'refused'; readonly code: ParkRefusal; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'listed'; readonly ids: readonly string[] };

/** What the launching CLI sends the holder it started: the command to run and for how long to hold it. */
export interface HolderStart {
  readonly argv: readonly string[];
  readonly ttlMs: number;
  /** A 2026-07-28 round already received (several questions): the command starts from it. */
  readonly resumeFrom?: SavedRound;
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

/** Sends one request to the holder at `path` and resolves with its one report; `gone` when nobody listens. */
export function askHolder(path: string, request: HolderRequest): Promise<HolderReport | 'gone'> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let settled = false;
    const done = (value: HolderReport | 'gone'): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(value);
    };
    socket.on('error', () => done('gone'));
    socket.on('close', () => done('gone'));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    readLines(socket, MAX_LINE_BYTES, (value) => done(value as HolderReport));
  });
}
