// Issue 23: a prompt must appear no later with notices on than off. Paired in one run: the demo
// server's `survey` form through attachElicitation to the terminal form on in-memory TTY streams,
// timed from the call to the form's first frame, with no notices (A) and with the terminal's
// signals plus a desktop notice through a stand-in notify-send on PATH (B), ABBA-interleaved.
// Each prompt stays up until B's notice has been raised (A waits as long), and the longest
// event-loop block in that time is recorded: starting notify-send is a fork.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Renderer } from '../src/contracts/renderer.js';
import { createDemoServer } from '../src/demo/server.js';
import { attentionSchedule, withAttention } from '../src/frontends/attention/index.js';
import { TerminalRenderer } from '../src/frontends/terminal/index.js';
import { attachElicitation } from '../src/mcp/attach.js';
import { PromptQueue } from '../src/mcp/prompt-queue.js';
import { median, quantile } from './stats.js';

export interface NotifyBenchResult {
  readonly rounds: number;
  /** Median ms from tools/call to the form's first frame. */
  readonly offMs: number;
  readonly onMs: number;
  /** Median of the per-round ratios on/off, and its quartiles. */
  readonly ratio: number;
  readonly ratioQ1: number;
  readonly ratioQ3: number;
  /** Notices the "on" variant raised on its terminal (one per prompt expected). */
  readonly notices: number;
  /** Longest event-loop block while each prompt was up (median over rounds), off and on. */
  readonly offBlockMs: number;
  readonly onBlockMs: number;
}

interface Round {
  readonly frameMs: number;
  readonly blockMs: number;
}

const NOTICE_WAIT_MS = 400;

interface Variant {
  prompt(): Promise<Round>;
  close(): Promise<void>;
}

/** A notify-send that exits at once: the cost measured is starting it, as with the real one. */
function standInNotifySend(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-notify-send-'));
  writeFileSync(join(dir, 'notify-send'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(dir, 'notify-send'), 0o755);
  return dir;
}

async function variant(notices: boolean, pathDir: string, counter: { notices: number }): Promise<Variant> {
  const input = new PassThrough();
  const output = Object.assign(new PassThrough(), { isTTY: true as const });
  output.resume();
  let base: Renderer = new TerminalRenderer({
    input,
    output,
    columns: 100,
    rows: 40,
    env: { TERM: 'xterm' },
  });
  if (notices) {
    const schedule = attentionSchedule(
      'auto',
      { terminal: output, env: { TERM: 'xterm', PATH: pathDir }, onPromptWaiting: () => counter.notices++ },
      { remindAfterMs: false },
    );
    base = withAttention(base, schedule);
  }
  const client = new Client(
    { name: 'bench-notify', version: '0.0.0' },
    { versionNegotiation: { mode: 'legacy' } },
  );
  const session = attachElicitation(client, {
    renderer: base,
    server: 'demo',
    queue: new PromptQueue({ rate: false }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(createDemoServer, { transport: serverSide });
  await client.connect(clientSide);
  return {
    async prompt() {
      const started = performance.now();
      const drawn = new Promise<number>((resolve) =>
        output.once('data', () => resolve(performance.now() - started)),
      );
      const call = session.callTool({ name: 'survey', arguments: {} }, { timeoutMs: 30_000 });
      const frameMs = await drawn;
      const before = counter.notices;
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const waitUntil = performance.now() + NOTICE_WAIT_MS * 5;
      await new Promise((resolve) => setTimeout(resolve, NOTICE_WAIT_MS));
      while (notices && counter.notices === before && performance.now() < waitUntil)
        await new Promise((resolve) => setTimeout(resolve, 10));
      loop.disable();
      input.write('\u0003'); // Ctrl-C in the form: cancel this request
      await call;
      return { frameMs, blockMs: loop.max / 1e6 };
    },
    async close() {
      await client.close();
      await handle.close();
    },
  };
}

export async function measureNotify(rounds: number): Promise<NotifyBenchResult> {
  const pathDir = standInNotifySend();
  const counter = { notices: 0 };
  const off = await variant(false, pathDir, counter);
  const on = await variant(true, pathDir, counter);
  try {
    for (let i = 0; i < 2; i++) {
      await off.prompt();
      await on.prompt();
    }
    counter.notices = 0;
    const pairs: { off: Round; on: Round }[] = [];
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        const a = await off.prompt();
        pairs.push({ off: a, on: await on.prompt() });
      } else {
        const b = await on.prompt();
        pairs.push({ off: await off.prompt(), on: b });
      }
    }
    const ratios = pairs.map((p) => p.on.frameMs / p.off.frameMs);
    return {
      rounds,
      offMs: median(pairs.map((p) => p.off.frameMs)),
      onMs: median(pairs.map((p) => p.on.frameMs)),
      ratio: median(ratios),
      ratioQ1: quantile(ratios, 0.25),
      ratioQ3: quantile(ratios, 0.75),
      notices: counter.notices,
      offBlockMs: median(pairs.map((p) => p.off.blockMs)),
      onBlockMs: median(pairs.map((p) => p.on.blockMs)),
    };
  } finally {
    await off.close();
    await on.close();
    rmSync(pathDir, { recursive: true, force: true });
  }
}

export function formatNotifyReport(result: NotifyBenchResult | { error: string }): string {
  if ('error' in result) return `\nNotices: failed: ${result.error}\n`;
  return [
    '',
    `Notices (issue 23): terminal form, call -> first frame, median of ${result.rounds} paired rounds`,
    `  notices off ${result.offMs.toFixed(2)} ms, on (bell + OSC + desktop via notify-send) ${result.onMs.toFixed(2)} ms: ${result.ratio.toFixed(2)}x (q1 ${result.ratioQ1.toFixed(2)}, q3 ${result.ratioQ3.toFixed(2)}; goal <= 1.0x); ${result.notices} notices for ${result.rounds} prompts`,
    `  longest event-loop block while a prompt is up (median): off ${result.offBlockMs.toFixed(1)} ms, on ${result.onBlockMs.toFixed(1)} ms (starting notify-send)`,
    '',
  ].join('\n');
}
