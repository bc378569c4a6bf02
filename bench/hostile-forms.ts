// The hostile form requests of bench section 4, and how one is timed: the adapter's sliced parse
// (src/mcp/sliced-parse.ts) reports each synchronous slice; the rest of the turn (params check,
// defaults, validation) runs in one block after it. The longest of these is what the event loop waits.
import { initialDraft } from '../src/core/defaults.js';
import { parseFormParams, SCHEMA_LIMITS } from '../src/core/schema-parser.js';
import { validateContent } from '../src/core/validate.js';
import { parseInSlices } from '../src/mcp/sliced-parse.js';

type Properties = Record<string, Record<string, unknown>>;
const form = (properties: Properties) => ({
  message: 'hostile',
  requestedSchema: { type: 'object', properties },
});
export const many = (count: number, make: (i: number) => Record<string, unknown>): Properties =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, make(i)]));
const REPORTED = `^${'(?:a?){999}'.repeat(4)}${'a{999}'.repeat(4)}$`;
// Just under the program-size limit, so it is compiled and every check is charged to the budget.
const LARGE = `^${'(?:a?){999}'.repeat(2)}$`; // 4,000 instructions
const { maxProperties: FIELDS, maxOptions: OPTIONS } = SCHEMA_LIMITS;
const values = (make: (i: number) => string) => Array.from({ length: OPTIONS }, (_, i) => make(i));
const short = values((i) => `o${i}`);
const consts = short.map((value) => ({ const: value }));
const titled = values((i) => `option-${i}`).map((value) => ({ const: value, title: `Option ${value}` }));

// Each run gets patterns no earlier run compiled (an empty group changes the text, not the program),
// so the compile cache never hides the cost.
let salt = 0;
const fresh = (pattern: string) => `${'(?:)'.repeat(salt % 50)}${pattern}`;

export const formAttacks: [string, () => Record<string, unknown>][] = [
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
    () => form(many(FIELDS, () => ({ type: 'string', pattern: fresh(LARGE), default: 'a'.repeat(8000) }))),
  ],
  [
    '200 fields, cheap pattern, 64 KiB defaults (step budget)',
    () =>
      form(many(FIELDS, () => ({ type: 'string', pattern: fresh('^[a-z]+$'), default: 'a'.repeat(65000) }))),
  ],
  [
    '200 distinct 1 KiB patterns (compile budget)',
    () => form(many(FIELDS, (i) => ({ type: 'string', pattern: fresh(`^${'\\S?\\s*.'.repeat(120)}${i}$`) }))),
  ],
  [
    `${FIELDS} x ${OPTIONS} options, 60-char values, pattern beside`,
    () => {
      const options = values((i) => `${'o'.repeat(56)}${i}`);
      return form(many(FIELDS, () => ({ type: 'string', enum: options, pattern: fresh('^\\S+$') })));
    },
  ],
  [
    `${FIELDS} x oneOf of ${OPTIONS} consts, enum of ${OPTIONS} beside`,
    () => form(many(FIELDS, () => ({ type: 'string', oneOf: consts, enum: short }))),
  ],
  [
    `${FIELDS} x items.anyOf of ${OPTIONS} consts, enum of ${OPTIONS} beside`,
    () => form(many(FIELDS, () => ({ type: 'array', items: { anyOf: consts, enum: short } }))),
  ],
  [
    `${FIELDS} x oneOf of ${OPTIONS} titled options`,
    () => form(many(FIELDS, () => ({ type: 'string', oneOf: titled }))),
  ],
  [
    `${FIELDS} multi-selects of ${OPTIONS}, all ${OPTIONS} chosen by default`,
    () => form(many(FIELDS, () => ({ type: 'array', items: { enum: short }, default: short }))),
  ],
];

/** A fresh request as the SDK hands it over: new patterns, freshly parsed JSON (flat strings). */
export function buildAttack(make: () => Record<string, unknown>): Record<string, unknown> {
  salt += 1;
  return JSON.parse(JSON.stringify(make())) as Record<string, unknown>;
}

export interface FormTurn {
  readonly outcome: string;
  /** Longest synchronous stretch, wall ms: a parse slice, or the work after the parse. */
  readonly blockMs: number;
  /** The same stretches in this process's CPU time (a shared machine stretches wall time). */
  readonly blockCpuMs: number;
  /** From the first slice to the answer, turns of the event loop included. */
  readonly wallMs: number;
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** One form request as the scripted path handles it: sliced parse, then check, defaults, validation. */
export async function formTurn(params: Record<string, unknown>): Promise<FormTurn> {
  let blockMs = 0;
  let blockCpuMs = 0;
  const start = performance.now();
  let lastCpu = cpuMs();
  const parsed = await parseInSlices(params.requestedSchema, {
    onSlice: (ms) => {
      const now = cpuMs();
      blockMs = Math.max(blockMs, ms);
      // Since the end of the previous slice: this slice plus one idle turn of the event loop.
      blockCpuMs = Math.max(blockCpuMs, now - lastCpu);
      lastCpu = now;
    },
  });
  const after = performance.now();
  const afterCpu = cpuMs();
  const request = parseFormParams(params, () => parsed);
  let outcome: string;
  if (!request.ok) outcome = `refused -32602 (${request.issues[0]?.code})`;
  else {
    const model = request.value.model;
    const checked = validateContent(model, initialDraft(model).draft);
    outcome = checked.ok ? 'accept' : `no accept (${checked.issues[0]?.code})`;
  }
  const end = performance.now();
  return {
    outcome,
    blockMs: Math.max(blockMs, end - after),
    blockCpuMs: Math.max(blockCpuMs, cpuMs() - afterCpu),
    wallMs: end - start,
  };
}
