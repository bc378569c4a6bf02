// Issue 12 budgets, measured: how long one hostile request blocks the event loop in the engine or
// the URL analysis (goal: 50 ms), and how long the largest accepted form takes end to end.
// The form attacks and their sliced timing are in hostile-forms.ts.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { inputRequired, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { sanitizeText } from '../src/core/sanitize.js';
import { SCHEMA_LIMITS } from '../src/core/schema-parser.js';
import { analyzeUrl } from '../src/core/url-safety.js';
import { ScriptedRenderer } from '../src/frontends/scripted/index.js';
import { attachElicitation } from '../src/mcp/attach.js';
import { buildAttack, formAttacks, formTurn, many } from './hostile-forms.js';
import { median } from './stats.js';

export interface AttackTiming {
  readonly attack: string;
  readonly requestKiB: number;
  readonly outcome: string;
  /** Wall ms from request to answer (for forms, turns of the event loop between slices included). */
  readonly medianMs: number;
  readonly maxMs: number;
  /** The longest synchronous stretch of one run, what the event loop waits (median and max over runs). */
  readonly medianBlockMs: number;
  readonly maxBlockMs: number;
  /** The same longest stretch in this process's CPU time, median over runs. */
  readonly medianBlockCpuMs: number;
  /** This process's CPU time for the same work: what it costs when the machine is not shared. */
  readonly medianCpuMs: number;
  readonly runs: number;
}

const URL_ATTACKS: [string, string][] = [
  ['URL: reported, 30,000 slashes', `https:${'/'.repeat(30000)}example.com/`],
  ['URL: 147 KiB', `https://example.com/${'a/'.repeat(75000)}`],
  ['URL: 8,150 slashes (under the limit)', `https:${'/'.repeat(8150)}example.com/`],
  ['URL: 8,150 backslashes', `https:${'\\'.repeat(8150)}example.com/`],
  ['URL: 570 punycode labels', `https://${'xn--pypal-4ve.'.repeat(570)}com/`],
  ['URL: 2,700 percent escapes', `https://example.com/${'%41'.repeat(2700)}`],
  ['URL: 1,000 secret-looking params', `https://example.com/?${'token=1&'.repeat(1000)}`],
];

/** Times `run` on a fresh input each time (one synchronous call); building the input is not timed. */
function time(
  prepare: () => string,
  run: (input: string) => string,
  runs: number,
): Omit<AttackTiming, 'attack' | 'requestKiB' | 'runs'> {
  const samples: number[] = [];
  const cpu: number[] = [];
  let outcome = '';
  for (let i = 0; i < runs; i++) {
    const input = prepare();
    const startCpu = process.cpuUsage();
    const start = performance.now();
    outcome = run(input);
    samples.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  const medianMs = median(samples);
  return {
    medianMs,
    maxMs: Math.max(...samples),
    medianBlockMs: medianMs,
    maxBlockMs: Math.max(...samples),
    medianBlockCpuMs: median(cpu),
    medianCpuMs: median(cpu),
    outcome,
  };
}

/** Times form requests through the sliced parse; the blocking figure is the longest slice of a run. */
async function timeForm(make: () => Record<string, unknown>, runs: number): Promise<AttackTiming> {
  const wall: number[] = [];
  const blocks: number[] = [];
  const blockCpu: number[] = [];
  const cpu: number[] = [];
  let outcome = '';
  await formTurn(buildAttack(make)); // warm-up
  for (let i = 0; i < runs; i++) {
    const params = buildAttack(make);
    const startCpu = process.cpuUsage();
    const turn = await formTurn(params);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    wall.push(turn.wallMs);
    blocks.push(turn.blockMs);
    blockCpu.push(turn.blockCpuMs);
    outcome = turn.outcome;
  }
  return {
    attack: '',
    requestKiB: JSON.stringify(make()).length / 1024,
    runs,
    medianMs: median(wall),
    maxMs: Math.max(...wall),
    medianBlockMs: median(blocks),
    maxBlockMs: Math.max(...blocks),
    medianBlockCpuMs: median(blockCpu),
    medianCpuMs: median(cpu),
    outcome,
  };
}

export async function measureAttacks(runs: number): Promise<AttackTiming[]> {
  const out: AttackTiming[] = [];
  for (const [attack, make] of formAttacks) out.push({ ...(await timeForm(make, runs)), attack });
  for (const [attack, url] of URL_ATTACKS) {
    const judge = (input: string) => {
      const analysis = analyzeUrl(input, { serverOrigin: 'https://example.com' });
      return analysis.allowed ? `allowed, ${analysis.warnings.length} warning(s)` : 'refused';
    };
    time(() => url, judge, 1);
    out.push({ attack, requestKiB: url.length / 1024, runs, ...time(() => url, judge, runs) });
  }
  const hostileText = '\u001b[31m\u009b2J\u009d8;;x\u0007\u202e'.repeat(4000);
  const t = time(
    () => hostileText,
    (text) => `${sanitizeText(text, { multiline: true }).length} chars left`,
    runs,
  );
  out.push({
    attack: 'sanitizeText: 64 KiB of escape sequences',
    requestKiB: hostileText.length / 1024,
    runs,
    ...t,
  });
  return out;
}

export interface LargestForm {
  readonly fields: number;
  readonly options: number;
  readonly requestKiB: number;
  /** Wall ms of one tools/call carrying the form, answered by the engine with its defaults. */
  readonly firstMs: number;
  readonly repeatMs: number;
}

function largestSchema(): Record<string, unknown> {
  const options = Array.from({ length: SCHEMA_LIMITS.maxOptions }, (_, i) => `option-${i}`);
  const properties = many(SCHEMA_LIMITS.maxProperties, (i) => ({
    type: 'string',
    title: `Field ${i}`,
    enum: options,
    default: options[i % options.length],
  }));
  return { type: 'object', properties };
}

/** The largest form the engine accepts, end to end over the SDK: server, adapter, scripted accept. */
export async function measureLargestForm(): Promise<LargestForm> {
  const schema = largestSchema();
  const createServer = () => {
    const server = new McpServer({ name: 'largest', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.registerTool('largest', { description: 'the largest form' }, async (ctx) => {
      const answer = ctx.mcpReq.inputResponses?.form;
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            form: inputRequired.elicit({ message: 'largest', requestedSchema: schema as never }),
          },
        });
      }
      return { content: [{ type: 'text', text: JSON.stringify(answer).slice(0, 40) }] };
    });
    return server;
  };
  const client = new Client({ name: 'bench', version: '0.0.0' }, { versionNegotiation: { mode: 'legacy' } });
  const session = attachElicitation(client, {
    renderer: new ScriptedRenderer({ acceptDefaults: true }),
    server: 'largest',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(createServer, { transport: serverSide });
  await client.connect(clientSide);
  const call = async () => {
    const start = performance.now();
    const result = await session.callTool({ name: 'largest', arguments: {} }, { timeoutMs: 60_000 });
    const text = (result.content as { text?: string }[] | undefined)?.[0]?.text ?? '';
    if (!text.includes('accept')) throw new Error(`the largest form was not accepted: ${text}`);
    return performance.now() - start;
  };
  try {
    const firstMs = await call();
    const repeats = [await call(), await call(), await call()];
    return {
      fields: SCHEMA_LIMITS.maxProperties,
      options: SCHEMA_LIMITS.maxOptions,
      requestKiB: JSON.stringify(schema).length / 1024,
      firstMs,
      repeatMs: median(repeats),
    };
  } finally {
    await client.close();
    await handle.close();
  }
}
