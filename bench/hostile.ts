// Issue 12 budgets, measured: how long one hostile request blocks the event loop in the engine or
// the URL analysis (goal: 50 ms), and how long the largest accepted form takes end to end.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { inputRequired, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { initialDraft } from '../src/core/defaults.js';
import { sanitizeText } from '../src/core/sanitize.js';
import { parseFormParams, SCHEMA_LIMITS } from '../src/core/schema-parser.js';
import { analyzeUrl } from '../src/core/url-safety.js';
import { validateContent } from '../src/core/validate.js';
import { ScriptedRenderer } from '../src/frontends/scripted/index.js';
import { attachElicitation } from '../src/mcp/attach.js';
import { median } from './stats.js';

export interface AttackTiming {
  readonly attack: string;
  readonly requestKiB: number;
  readonly outcome: string;
  readonly medianMs: number;
  readonly maxMs: number;
  /** This process's CPU time for the same work: what it costs when the machine is not shared. */
  readonly medianCpuMs: number;
  readonly runs: number;
}

type Properties = Record<string, Record<string, unknown>>;
const form = (properties: Properties) => ({
  message: 'hostile',
  requestedSchema: { type: 'object', properties },
});
const many = (count: number, make: (i: number) => Record<string, unknown>): Properties =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, make(i)]));
const REPORTED = `^${'(?:a?){999}'.repeat(4)}${'a{999}'.repeat(4)}$`;
// Just under the program-size limit, so it is compiled and every check is charged to the budget.
const LARGE = `^${'(?:a?){999}'.repeat(2)}$`; // 4,000 instructions

// Each run gets patterns no earlier run compiled (an empty group changes the text, not the program),
// so the compile cache never hides the cost.
let salt = 0;
const fresh = (pattern: string) => `${'(?:)'.repeat(salt % 50)}${pattern}`;

const formAttacks: [string, () => Record<string, unknown>][] = [
  [
    'reported: 1 field, (a?){999}x4 a{999}x4, 7990-char default',
    () => form({ f: { type: 'string', pattern: fresh(REPORTED), default: 'a'.repeat(7990) } }),
  ],
  [
    'reported: 10 such fields (79 KiB)',
    () => form(many(10, () => ({ type: 'string', pattern: fresh(REPORTED), default: 'a'.repeat(7990) }))),
  ],
  [
    '200 fields, largest compilable pattern, 8 KiB defaults',
    () => form(many(200, () => ({ type: 'string', pattern: fresh(LARGE), default: 'a'.repeat(8000) }))),
  ],
  [
    '200 fields, cheap pattern, 64 KiB defaults (step budget)',
    () => form(many(200, () => ({ type: 'string', pattern: fresh('^[a-z]+$'), default: 'a'.repeat(65000) }))),
  ],
  [
    '200 distinct 1 KiB patterns (compile budget)',
    () => form(many(200, (i) => ({ type: 'string', pattern: fresh(`^${'\\S?\\s*.'.repeat(120)}${i}$`) }))),
  ],
  [
    `${SCHEMA_LIMITS.maxProperties} x ${SCHEMA_LIMITS.maxOptions} options, 60-char values, pattern beside`,
    () => {
      const options = Array.from({ length: SCHEMA_LIMITS.maxOptions }, (_, i) => `${'o'.repeat(56)}${i}`);
      return form(
        many(SCHEMA_LIMITS.maxProperties, () => ({
          type: 'string',
          enum: options,
          pattern: fresh('^\\S+$'),
        })),
      );
    },
  ],
];

const URL_ATTACKS: [string, string][] = [
  ['URL: reported, 30,000 slashes', `https:${'/'.repeat(30000)}example.com/`],
  ['URL: 147 KiB', `https://example.com/${'a/'.repeat(75000)}`],
  ['URL: 8,150 slashes (under the limit)', `https:${'/'.repeat(8150)}example.com/`],
  ['URL: 8,150 backslashes', `https:${'\\'.repeat(8150)}example.com/`],
  ['URL: 570 punycode labels', `https://${'xn--pypal-4ve.'.repeat(570)}com/`],
  ['URL: 2,700 percent escapes', `https://example.com/${'%41'.repeat(2700)}`],
  ['URL: 1,000 secret-looking params', `https://example.com/?${'token=1&'.repeat(1000)}`],
];

/** Times `run` on a fresh input each time; building the input is not timed. */
function time<T>(
  prepare: () => T,
  run: (input: T) => string,
  runs: number,
): { medianMs: number; maxMs: number; medianCpuMs: number; outcome: string } {
  const samples: number[] = [];
  const cpu: number[] = [];
  let outcome = '';
  for (let i = 0; i < runs; i++) {
    salt += 1;
    const input = prepare();
    const startCpu = process.cpuUsage();
    const start = performance.now();
    outcome = run(input);
    samples.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { medianMs: median(samples), maxMs: Math.max(...samples), medianCpuMs: median(cpu), outcome };
}

// One form request as the scripted path handles it in one turn: check + parse, defaults, validation.
function engineTurn(params: Record<string, unknown>): string {
  const parsed = parseFormParams(params);
  if (!parsed.ok) return `refused -32602 (${parsed.issues[0]?.code})`;
  const checked = validateContent(parsed.value.model, initialDraft(parsed.value.model).draft);
  return checked.ok ? 'accept' : `no accept (${checked.issues[0]?.code})`;
}

export function measureAttacks(runs: number): AttackTiming[] {
  const out: AttackTiming[] = [];
  for (const [attack, make] of formAttacks) {
    // What the SDK hands over: freshly parsed JSON (flat strings), not strings built by repeat().
    const build = () => JSON.parse(JSON.stringify(make())) as Record<string, unknown>;
    time(build, engineTurn, 1); // warm-up
    const t = time(build, engineTurn, runs);
    out.push({ attack, requestKiB: JSON.stringify(build()).length / 1024, runs, ...t });
  }
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
