// Where the engine's time goes: the pure steps the adapter runs for one form elicitation, timed in
// isolation on the exact params the demo server sends. Indicative only (no transport, hot caches).
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { initialDraft } from '../src/core/defaults.js';
import type { Draft, FormModel } from '../src/core/form-model.js';
import { failClosed, toElicitResult } from '../src/core/result.js';
import { parseFormParams } from '../src/core/schema-parser.js';
import { validateContent } from '../src/core/validate.js';
import { createDemoServer } from '../src/demo/server.js';
import { parseElicitRequest, readElicitRequest } from '../src/mcp/incoming-request.js';
import { createSchemaCache } from '../src/mcp/schema-cache.js';
import { median } from './stats.js';

export interface StepTiming {
  readonly tool: string;
  readonly step: string;
  readonly us: number;
}

/** The params of the first elicitation/create the demo tool sends on a 2025-era connection. */
export async function captureElicitParams(tool: string): Promise<Record<string, unknown>> {
  const client = new Client(
    { name: 'mcp-elicit-bench', version: '0.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  let captured: Record<string, unknown> | undefined;
  client.setRequestHandler('elicitation/create', async (request) => {
    captured ??= structuredClone(request.params) as Record<string, unknown>;
    return { action: 'cancel' };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(createDemoServer, { transport: serverSide });
  try {
    await client.connect(clientSide);
    await client.callTool({ name: tool, arguments: {} });
  } finally {
    await client.close();
    await handle.close();
  }
  if (captured === undefined) throw new Error(`${tool} sent no elicitation`);
  return captured;
}

export async function measureSteps(
  tool: string,
  sets: Readonly<Record<string, string>>,
  iterations: number,
): Promise<StepTiming[]> {
  const params = await captureElicitParams(tool);
  const parsed = parseFormParams(params);
  if (!parsed.ok) throw new Error(`${tool}: the engine rejects the demo's own form`);
  const model: FormModel = parsed.value.model;
  // The scripted answers over the defaults, as the scripted front-end's form fill leaves them.
  const overDefaults = (): Draft => ({ ...initialDraft(model).draft, ...sets });
  const answer: Draft = overDefaults();
  // Each runs once per elicitation on the scripted path (src/mcp/attach.ts, form-elicitation.ts,
  // frontends/scripted): the request check parses the form (a repeated schema comes from the
  // adapter's parse cache), the renderer validates its answer; failClosed re-validates only content
  // that did not come from the prompt's own checker (shown for the cost it would add).
  const cached = createSchemaCache();
  const steps: [string, () => unknown][] = [
    ['parseElicitRequest, schema not seen before', () => parseElicitRequest(params, ['form'], '2025-11-25')],
    [
      'readElicitRequest, schema from the cache (async)',
      () => readElicitRequest(params, ['form'], '2025-11-25', cached),
    ],
    ['initialDraft + the answers over it', () => [initialDraft(model), overDefaults()]],
    ['validateContent (scripted renderer)', () => validateContent(model, answer)],
    [
      'failClosed (full re-validation) + toElicitResult',
      () => toElicitResult(failClosed(model, { action: 'accept', content: answer as never })),
    ],
  ];
  const out: StepTiming[] = [];
  for (const [step, run] of steps) {
    for (let i = 0; i < iterations; i++) {
      const result = run(); // warm-up
      if (result instanceof Promise) await result;
    }
    const samples: number[] = [];
    for (let round = 0; round < 9; round++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < iterations; i++) {
        // Only the async step is awaited, so the synchronous rows carry no microtask of their own.
        const result = run();
        if (result instanceof Promise) await result;
      }
      samples.push(Number(process.hrtime.bigint() - start) / 1_000 / iterations);
    }
    out.push({ tool, step, us: median(samples) });
  }
  return out;
}
