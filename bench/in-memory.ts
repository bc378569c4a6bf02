// Per-elicitation cost of the engine + adapter against a bare SDK handler doing the same round trip.
// Both clients talk to their own instance of the demo server over the SDK's InMemoryTransport, in
// the same process and run; batches of A and B are interleaved (ABBA) so drift cancels out.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createDemoServer } from '../src/demo/server.js';
import { ScriptedRenderer } from '../src/frontends/scripted/index.js';
import { attachElicitation } from '../src/mcp/attach.js';
import { PromptQueue } from '../src/mcp/prompt-queue.js';
import { median, quantile } from './stats.js';

export type Era = 'legacy' | 'modern';

export interface RoundTripCase {
  readonly era: Era;
  readonly tool: string;
  /** Values for fields without a default (the scripted renderer gets them as `sets`). */
  readonly sets: Readonly<Record<string, string>>;
}

export interface RoundTripResult extends RoundTripCase {
  readonly protocolVersion: string;
  readonly callsPerBatch: number;
  readonly rounds: number;
  /** Median over rounds of wall µs per call (one call = one tools/call with exactly one elicitation). */
  readonly bareUs: number;
  readonly engineUs: number;
  /** Median of the per-round wall-time ratios engine/bare (paired rounds). */
  readonly ratio: number;
  /** First and third quartile of the per-round ratios: how much the machine moved the pairs. */
  readonly ratioQ1: number;
  readonly ratioQ3: number;
  /** engineUs - bareUs: what the engine + adapter add to one elicitation round trip. */
  readonly deltaUs: number;
  /** The same on CPU time of this process (client and server both live in it). */
  readonly bareCpuUs: number;
  readonly engineCpuUs: number;
  readonly cpuRatio: number;
  readonly perRound: Sample[];
}

interface BatchTime {
  readonly wallUs: number;
  readonly cpuUs: number;
}

interface Sample {
  readonly bareUs: number;
  readonly engineUs: number;
  readonly bareCpuUs: number;
  readonly engineCpuUs: number;
}

interface Caller {
  call(): Promise<string>;
  close(): Promise<void>;
}

const TIMEOUT_MS = 30_000;

export async function measureRoundTrip(
  c: RoundTripCase,
  options: { rounds: number; callsPerBatch: number; warmupCalls: number },
): Promise<RoundTripResult> {
  const bare = await connectBare(c);
  const engine = await connectEngine(c);
  try {
    // Same answer on the wire: the server reports what it received; both must match exactly.
    const [bareText, engineText] = [await bare.caller.call(), await engine.caller.call()];
    if (bareText !== engineText || !/action=accept/.test(bareText)) {
      throw new Error(
        `${c.era}/${c.tool}: the two clients did not send the same answer\n bare:   ${bareText}\n engine: ${engineText}`,
      );
    }
    for (let i = 0; i < options.warmupCalls; i++) {
      await bare.caller.call();
      await engine.caller.call();
    }
    const perRound: Sample[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // ABBA: alternate which variant runs first in each round.
      let a: BatchTime;
      let b: BatchTime;
      if (round % 2 === 0) {
        a = await batch(bare.caller, options.callsPerBatch);
        b = await batch(engine.caller, options.callsPerBatch);
      } else {
        b = await batch(engine.caller, options.callsPerBatch);
        a = await batch(bare.caller, options.callsPerBatch);
      }
      perRound.push({ bareUs: a.wallUs, engineUs: b.wallUs, bareCpuUs: a.cpuUs, engineCpuUs: b.cpuUs });
    }
    const bareUs = median(perRound.map((r) => r.bareUs));
    const engineUs = median(perRound.map((r) => r.engineUs));
    const ratios = perRound.map((r) => r.engineUs / r.bareUs);
    const bareCpuUs = median(perRound.map((r) => r.bareCpuUs));
    const engineCpuUs = median(perRound.map((r) => r.engineCpuUs));
    return {
      ...c,
      protocolVersion: bare.version,
      callsPerBatch: options.callsPerBatch,
      rounds: options.rounds,
      bareUs,
      engineUs,
      ratio: median(ratios),
      ratioQ1: quantile(ratios, 0.25),
      ratioQ3: quantile(ratios, 0.75),
      deltaUs: engineUs - bareUs,
      bareCpuUs,
      engineCpuUs,
      cpuRatio: median(perRound.map((r) => r.engineCpuUs / r.bareCpuUs)),
      perRound,
    };
  } finally {
    await bare.caller.close();
    await engine.caller.close();
  }
}

async function batch(caller: Caller, calls: number): Promise<BatchTime> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await caller.call();
  const wall = Number(process.hrtime.bigint() - start) / 1_000;
  const used = process.cpuUsage(cpu);
  return { wallUs: wall / calls, cpuUs: (used.user + used.system) / calls };
}

function newClient(era: Era): Client {
  return new Client(
    { name: 'mcp-elicit-bench', version: '0.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
}

/** The demo server behind an in-memory pair; serveStdio owns the era decision as it does on stdio. */
async function connectTo(client: Client, era: Era): Promise<{ version: string; close: () => Promise<void> }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(createDemoServer, { transport: serverSide });
  await client.connect(clientSide);
  const version = client.getNegotiatedProtocolVersion() ?? '?';
  if ((client.getProtocolEra() === 'modern') !== (era === 'modern')) {
    throw new Error(`asked for the ${era} era, got ${client.getProtocolEra()} (${version})`);
  }
  return {
    version,
    close: async () => {
      await client.close();
      await handle.close();
    },
  };
}

function textOf(result: { content?: unknown }): string {
  const first = (result.content as Array<{ type: string; text?: string }> | undefined)?.[0];
  return first?.text ?? '';
}

/** A: what an application writes by hand: accept with the schema's defaults plus the fixed values. */
async function connectBare(c: RoundTripCase): Promise<{ caller: Caller; version: string }> {
  const client = newClient(c.era);
  client.registerCapabilities({ elicitation: { form: {} } });
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params as {
      requestedSchema?: { properties?: Record<string, { default?: unknown }> };
    };
    const content: Record<string, string | number | boolean | string[]> = {};
    for (const [name, property] of Object.entries(params.requestedSchema?.properties ?? {})) {
      const value = c.sets[name] ?? property.default;
      if (value !== undefined) content[name] = value as string;
    }
    return { action: 'accept', content };
  });
  const connection = await connectTo(client, c.era);
  return {
    version: connection.version,
    caller: {
      call: async () =>
        textOf(await client.callTool({ name: c.tool, arguments: {} }, { timeout: TIMEOUT_MS })),
      close: connection.close,
    },
  };
}

/** B: the same client with attachElicitation and the scripted front-end (validation, defaults, events). */
async function connectEngine(c: RoundTripCase): Promise<{ caller: Caller; version: string }> {
  const client = newClient(c.era);
  const session = attachElicitation(client, {
    renderer: new ScriptedRenderer({ acceptDefaults: true, sets: c.sets }),
    server: 'demo',
    // Thousands of round trips from one server: the rate limit (C-21) would cancel them.
    queue: new PromptQueue({ rate: false }),
  });
  const connection = await connectTo(client, c.era);
  return {
    version: connection.version,
    caller: {
      call: async () =>
        textOf(await session.callTool({ name: c.tool, arguments: {} }, { timeoutMs: TIMEOUT_MS })),
      close: connection.close,
    },
  };
}
