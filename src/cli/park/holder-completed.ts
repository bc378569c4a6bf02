// Parked URL steps the server finished itself (P-14: notifications/elicitation/complete for a
// parked 2025-11-25 URL step). Each is marked in the store, so `answer <id>` says so instead of
// "no such question", and the call's end is kept for the first who asks about one of them.
import type { HolderReport } from './holder-wire.js';
import type { ParkRecord, ParkStore } from './park-store.js';

export class ServerCompleted {
  readonly #store: ParkStore;
  /** Each marked question, until its own expiry (--park-ttl). */
  readonly #ids = new Map<string, NodeJS.Timeout>();
  #final: HolderReport | undefined;
  #drained: (() => void) | undefined;

  constructor(store: ParkStore) {
    this.#store = store;
  }

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  /** Marks `record`'s question completed by the server; its waiting record is replaced. */
  async add(record: ParkRecord): Promise<void> {
    const id = record.question.id;
    const left = Math.max(0, record.question.expiresAt - Date.now());
    this.#ids.set(
      id,
      setTimeout(() => void this.take(id), left),
    );
    // The mark first, then the waiting record goes: an `answer` in between finds one of them.
    await this.#store.writeCompleted({ ...record, completedBy: 'server' });
    await this.#store.remove(id);
  }

  /** Forgets `id`; returns the call's end if it came while nobody waited. */
  async take(id: string): Promise<HolderReport | undefined> {
    clearTimeout(this.#ids.get(id));
    if (!this.#ids.delete(id)) return undefined;
    await this.#store.removeCompleted(id);
    const final = this.#final;
    if (this.#ids.size === 0) this.#drained?.();
    return final;
  }

  /** The call ended with nobody waiting: keeps `final` until each marked question was asked about or expired. */
  hold(final: HolderReport): Promise<void> | undefined {
    if (this.#ids.size === 0) return undefined;
    this.#final = final;
    return new Promise((resolve) => {
      this.#drained = resolve;
    });
  }

  async clear(): Promise<void> {
    await Promise.all([...this.#ids.keys()].map((id) => this.take(id)));
  }
}
