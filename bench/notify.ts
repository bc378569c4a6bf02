// Issue 23: a prompt must appear no later with notices on than off. Paired in one run: the demo
// server's `survey` form through attachElicitation to the terminal form on in-memory TTY streams,
// timed from the call to the form's first frame, with no notices (A) and with the terminal's
// signals plus a desktop notice through a stand-in notify-send on PATH (B), ABBA-interleaved.
// Each prompt stays up until B's notice has been raised (A waits as long), and the longest
// event-loop block in that time is recorded: starting notify-send is a fork. The browser form is
// timed the same way, from the call to the moment its page is handed to the browser (the opener),
// with B raising the desktop notice as the CLI's browser front-end does.
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
import { BrowserRenderer } from '../src/frontends/browser/index.js';
import { TerminalRenderer } from '../src/frontends/terminal/index.js';
import { attachElicitation } from '../src/mcp/attach.js';
import { PromptQueue } from '../src/mcp/prompt-queue.js';
import { median, quantile } from './stats.js';

export interface NotifyBenchResult {
  readonly frontEnd: 'terminal' | 'browser';
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

type FrontEnd = NotifyBenchResult['frontEnd'];

/** The front-end under test, and how to tell that its prompt is shown and how to end it. */
interface Shown {
  readonly renderer: Renderer;
  /** Resolves with ms since `started` when the prompt is drawn (terminal) or handed to the browser. */
  drawn(started: number): Promise<number>;
  end(abort: AbortController): void;
  readonly terminal?: PassThrough & { isTTY: true };
}

function frontEnd(kind: FrontEnd): Shown {
  if (kind === 'browser') {
    let opened: () => void = () => {};
    const renderer = new BrowserRenderer({
      // The page is handed to the browser: what the person would see next. lingerMs 0 restarts the
      // page server for every prompt, so every prompt is opened.
      opener: {
        open: async () => {
          opened();
          return { ok: true };
        },
      },
      lingerMs: 0,
      log: () => {},
    });
    return {
      renderer,
      drawn: (started) =>
        new Promise((resolve) => {
          opened = () => resolve(performance.now() - started);
        }),
      end: (abort) => abort.abort(),
    };
  }
  const input = new PassThrough();
  const output = Object.assign(new PassThrough(), { isTTY: true as const });
  output.resume();
  return {
    // Ctrl-C ends the prompt; by default it would also raise SIGINT at the bench itself (exit 130).
    renderer: new TerminalRenderer({
      input,
      output,
      columns: 100,
      rows: 40,
      env: { TERM: 'xterm' },
      onInterrupt: () => {},
    }),
    drawn: (started) =>
      new Promise((resolve) => output.once('data', () => resolve(performance.now() - started))),
    end: () => input.write('\u0003'), // Ctrl-C in the form: cancel this request
    terminal: output,
  };
}

async function variant(
  kind: FrontEnd,
  notices: boolean,
  pathDir: string,
  counter: { notices: number },
): Promise<Variant> {
  const shown = frontEnd(kind);
  let base = shown.renderer;
  if (notices) {
    const schedule = attentionSchedule(
      'auto',
      {
        ...(shown.terminal && { terminal: shown.terminal }),
        env: { TERM: 'xterm', PATH: pathDir },
        onPromptWaiting: () => counter.notices++,
      },
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
      const drawn = shown.drawn(started);
      const abort = new AbortController();
      const call = session
        .callTool({ name: 'survey', arguments: {} }, { timeoutMs: 30_000, signal: abort.signal })
        .catch(() => undefined); // the browser's prompt ends by aborting the call
      const frameMs = await drawn;
      const before = counter.notices;
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const waitUntil = performance.now() + NOTICE_WAIT_MS * 5;
      await new Promise((resolve) => setTimeout(resolve, NOTICE_WAIT_MS));
      while (notices && counter.notices === before && performance.now() < waitUntil)
        await new Promise((resolve) => setTimeout(resolve, 10));
      loop.disable();
      shown.end(abort);
      await call;
      return { frameMs, blockMs: loop.max / 1e6 };
    },
    async close() {
      await client.close();
      await handle.close();
      await shown.renderer.close?.();
    },
  };
}

export async function measureNotify(rounds: number): Promise<NotifyBenchResult[]> {
  const results: NotifyBenchResult[] = [];
  for (const kind of ['terminal', 'browser'] as const) results.push(await measureOne(kind, rounds));
  return results;
}

async function measureOne(kind: FrontEnd, rounds: number): Promise<NotifyBenchResult> {
  const pathDir = standInNotifySend();
  const counter = { notices: 0 };
  const off = await variant(kind, false, pathDir, counter);
  const on = await variant(kind, true, pathDir, counter);
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
      frontEnd: kind,
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

export function formatNotifyReport(results: NotifyBenchResult[] | { error: string }): string {
  if ('error' in results) return `\nNotices: failed: ${results.error}\n`;
  const lines = ['', 'Notices (issue 23): a prompt with notices off vs on, median of paired rounds'];
  for (const r of results) {
    const shown = r.frontEnd === 'terminal' ? 'call -> first frame' : 'call -> page handed to the browser';
    const on = r.frontEnd === 'terminal' ? 'bell + OSC + desktop via notify-send' : 'desktop via notify-send';
    lines.push(
      `  ${r.frontEnd} (${shown}, ${r.rounds} rounds): off ${r.offMs.toFixed(2)} ms, on (${on}) ${r.onMs.toFixed(2)} ms: ${r.ratio.toFixed(2)}x (q1 ${r.ratioQ1.toFixed(2)}, q3 ${r.ratioQ3.toFixed(2)}; goal <= 1.0x); ${r.notices} notices for ${r.rounds} prompts`,
      `    longest event-loop block while a prompt is up (median): off ${r.offBlockMs.toFixed(1)} ms, on ${r.onBlockMs.toFixed(1)} ms (starting notify-send)`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
