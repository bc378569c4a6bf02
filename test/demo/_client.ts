// A plain SDK client for the demo tests: scripted elicitation answers, every request recorded.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Era } from '../../src/contracts/protocol.js';
import type { StdioCommand } from '../helpers/servers.js';

/** `legacy` and `auto` are SDK negotiation modes; `modern` pins 2026-07-28. */
export type Negotiation = Era | 'auto';

export interface ElicitParams {
  readonly mode?: string;
  readonly message: string;
  readonly requestedSchema?: {
    readonly type: string;
    readonly properties: Record<string, Record<string, unknown>>;
    readonly required?: string[];
  };
}

export type Answer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

export interface SeenRequest {
  /** JSON-RPC id on a 2025 connection; the `inputRequests` key on 2026 (the SDK hands either to the handler). */
  readonly id: string | number;
  readonly params: ElicitParams;
}

export interface TestClient {
  readonly client: Client;
  readonly seen: SeenRequest[];
  /** Queue the answers for the next elicitation requests, in order. */
  answer(...answers: Answer[]): void;
  /** Calls a tool and returns its text content blocks, joined by newlines. */
  call(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function connectClient(
  era: Negotiation,
  target: { url: string } | StdioCommand,
): Promise<TestClient> {
  const client = new Client(
    { name: 'mcp-elicit-demo-test', version: '0.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: {
        mode: era === '2026-07-28' ? { pin: '2026-07-28' } : era === 'auto' ? 'auto' : 'legacy',
      },
    },
  );
  const seen: SeenRequest[] = [];
  const queue: Answer[] = [];
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    seen.push({ id: ctx.mcpReq.id, params: request.params as unknown as ElicitParams });
    const next = queue.shift();
    if (next === undefined) throw new Error(`no scripted answer for "${request.params.message}"`);
    return next;
  });
  const transport =
    'url' in target
      ? new StreamableHTTPClientTransport(new URL(target.url))
      : new StdioClientTransport({ command: target.command, args: target.args, stderr: 'ignore' });
  await client.connect(transport);
  return {
    client,
    seen,
    answer: (...answers) => {
      queue.push(...answers);
    },
    async call(name) {
      const result = await client.callTool({ name, arguments: {} }, { timeout: 30_000 });
      const blocks = result.content as Array<{ type: string; text?: string }>;
      return blocks
        .flatMap((block) => (block.type === 'text' && block.text !== undefined ? [block.text] : []))
        .join('\n');
    },
    close: () => client.close(),
  };
}
