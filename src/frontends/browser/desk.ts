// The requests the page can show, in arrival order (the first is on the page), each with its own
// per-form nonce; remembers recently answered nonces so a second submit is told "already answered".

import { randomBytes } from 'node:crypto';
import { attentionText } from '../../core/attention.js';
import type { EndReason, Entry } from './entry.js';

interface Slot {
  readonly id: string;
  readonly nonce: string;
  readonly entry: Entry;
  readonly timer: NodeJS.Timeout | undefined;
}

export type PostOutcome =
  | { readonly kind: 'ok' }
  | { readonly kind: 'answered'; readonly summary: string }
  | { readonly kind: 'unknown' };

/** What the page's script is told on every change (the SSE stream). */
export interface DeskState {
  readonly entry: string;
  readonly waiting: number;
  /** The run is over (the front-end closed): pages say so and stop waiting for requests. */
  readonly finished: boolean;
  /** Requests on the page or waiting for it: the tab title's count. */
  readonly pending: number;
  /** The words of the notification for the request shown, in ours (core/attention.ts). */
  readonly notice?: { readonly title: string; readonly body: string };
}

const KEPT_ANSWERED = 64;

export const freshSecret = (bytes = 18): string => randomBytes(bytes).toString('base64url');

export class Desk {
  readonly #slots: Slot[] = [];
  readonly #answered = new Map<string, string>();
  readonly #listeners = new Set<() => void>();
  #last: string | undefined;
  #finished = false;

  /** The front-end closed: nothing more will be asked (until a request is added again). */
  get finished(): boolean {
    return this.#finished;
  }

  finish(): void {
    this.#finished = true;
    this.#changed();
  }

  get size(): number {
    return this.#slots.length;
  }

  /** How the most recent request ended, for the page shown between requests. */
  get last(): string | undefined {
    return this.#last;
  }

  current(): { readonly entry: Entry; readonly nonce: string; readonly id: string } | undefined {
    return this.#slots[0];
  }

  /** Requests on the desk behind the current one (the adapter's queue adds its own). */
  get alsoWaiting(): number {
    return Math.max(0, this.#slots.length - 1);
  }

  state(): DeskState {
    const head = this.#slots[0];
    const waiting = head ? head.entry.asker.waiting() + this.alsoWaiting : 0;
    const kind = head?.entry.attention;
    const words = kind && attentionText(kind, head.entry.asker.server.label);
    return {
      entry: head?.id ?? '',
      waiting,
      finished: this.#finished,
      pending: head ? 1 + waiting : 0,
      ...(words && { notice: { title: words.title, body: words.body } }),
    };
  }

  /** Adds an entry; returns a function ending it without a choice (withdrawn, closed). */
  add(entry: Entry, timeoutMs: number): (reason: EndReason) => void {
    const id = freshSecret(9);
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs) ? setTimeout(() => end('timeout'), timeoutMs) : undefined;
    timer?.unref();
    const slot: Slot = { id, nonce: freshSecret(), entry, timer };
    this.#finished = false;
    const end = (reason: EndReason) => {
      if (!this.#slots.includes(slot)) return;
      this.#retire(slot, entry.end(reason));
    };
    this.#slots.push(slot);
    this.#changed();
    return end;
  }

  /** A form post: only the nonce of a request still on the desk counts. */
  post(nonce: string, action: string, body: URLSearchParams): PostOutcome {
    const slot = this.#slots.find((s) => s.nonce === nonce);
    if (!slot) {
      const summary = this.#answered.get(nonce);
      return summary === undefined ? { kind: 'unknown' } : { kind: 'answered', summary };
    }
    const result = slot.entry.post(action, body);
    if (result.kind === 'finished') this.#retire(slot, result.summary);
    return { kind: 'ok' };
  }

  check(nonce: string, body: URLSearchParams): unknown {
    const slot = this.#slots.find((s) => s.nonce === nonce);
    return slot?.entry.check?.(body);
  }

  /** Ends the request on the page (its tab was closed). */
  endCurrent(reason: EndReason): void {
    const head = this.#slots[0];
    if (head) this.#retire(head, head.entry.end(reason));
  }

  endAll(reason: EndReason): void {
    for (const slot of [...this.#slots]) this.#retire(slot, slot.entry.end(reason));
  }

  /** A notice for the page shown between requests. */
  note(text: string): void {
    this.#last = text;
    this.#changed();
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #retire(slot: Slot, summary: string): void {
    const at = this.#slots.indexOf(slot);
    if (at < 0) return;
    this.#slots.splice(at, 1);
    if (slot.timer) clearTimeout(slot.timer);
    this.#answered.set(slot.nonce, summary);
    if (this.#answered.size > KEPT_ANSWERED) {
      const oldest = this.#answered.keys().next().value;
      if (oldest !== undefined) this.#answered.delete(oldest);
    }
    this.#last = summary;
    this.#changed();
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
