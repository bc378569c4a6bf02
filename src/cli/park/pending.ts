// `mcp-elicit pending`: every parked question of this user that can still be answered. A record
// whose holder is gone (killed, its server ended) or no longer lists it is dropped, not shown (P-09).
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { askHolder } from './holder-wire.js';
import { parkedText, pendingJson } from './park-output.js';
import { openParkStore, type ParkRecord, type ParkStore, type StoredQuestion } from './park-store.js';
import { listRounds } from './round-store.js';

export async function runPending(args: CliArgs, io: Io): Promise<number> {
  const store = await openParkStore(io.env);
  const now = Date.now();
  // Held questions, and 2026-07-28 rounds parked with no process (P-15), oldest first.
  const rounds = (await listRounds(store, now)).map((record) => record.question);
  const live = [...(await liveQuestions(store, await store.list())), ...rounds].sort(
    (a, b) => a.parkedAt - b.parkedAt,
  );
  if (args.json) {
    io.stdout.write(pendingJson(live, now));
  } else {
    io.stdout.write(live.length === 0 ? 'No parked questions.\n' : parkedText(live, now));
  }
  return 0;
}

async function liveQuestions(store: ParkStore, records: readonly ParkRecord[]): Promise<StoredQuestion[]> {
  const sockets = [...new Set(records.map((record) => record.holder.socket))];
  const listed = new Map<string, ReadonlySet<string>>();
  await Promise.all(
    sockets.map(async (socket) => {
      const report = socket.startsWith(`${store.dir}/`) ? await askHolder(socket, { op: 'list' }) : 'gone';
      listed.set(socket, new Set(report !== 'gone' && report.kind === 'listed' ? report.ids : []));
    }),
  );
  const live: StoredQuestion[] = [];
  for (const record of records) {
    if (listed.get(record.holder.socket)?.has(record.question.id)) live.push(record.question);
    else await store.remove(record.question.id);
  }
  return live;
}
