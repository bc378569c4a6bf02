// The client the official MCP conformance suite spawns as `<command> <serverUrl>`: an SDK Client
// given elicitation by this library (attachElicitation + ScriptedRenderer accepting every form
// with its defaults), which lists the server's tools and calls each one. It behaves the same for
// every scenario: the scenario name is read only to label the log.
//
// Era: MCP_CONFORMANCE_PROTOCOL_VERSION 2026-07-28 (or later) negotiates with `auto` (probe
// `server/discover`, follow a -32022 correction); anything else speaks the 2025 `initialize`.
//
// stdout gets one JSON line summarising the run (era, each tool call's outcome); stderr the log.
import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { attachElicitation, ScriptedRenderer } from '../../src/index.js';

const MODERN_VERSION = '2026-07-28';
const TOOL_TIMEOUT_MS = 10_000;

interface ToolRun {
  readonly name: string;
  readonly ok: boolean;
  readonly arguments: Record<string, unknown>;
  readonly error?: string;
  readonly isError?: boolean;
}

const log = (line: string): void => {
  process.stderr.write(`[conformance-client] ${line}\n`);
};

type JsonSchema = Record<string, unknown>;

function schemaType(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

// A value the schema accepts, for a generic caller with nothing better to say: the default, a
// const, the first enum member, else the simplest value of the type within its lower bounds.
function sampleValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && typeof variants[0] === 'object' && variants[0] !== null) {
    return sampleValue(variants[0] as JsonSchema);
  }
  switch (schemaType(schema)) {
    case 'number':
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
      const floor = Math.max(min ?? 1, exclusive ?? 1);
      return schemaType(schema) === 'integer' ? Math.ceil(floor) : floor;
    }
    case 'boolean':
      return true;
    case 'array': {
      const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const items =
        typeof schema.items === 'object' && schema.items !== null ? (schema.items as JsonSchema) : {};
      return Array.from({ length: minItems }, () => sampleValue(items));
    }
    case 'object':
      return sampleArguments(schema);
    case 'null':
      return null;
    default: {
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return 'conformance'.padEnd(minLength, 'x');
    }
  }
}

// Arguments for a tool: a sample value for each required property (optional ones are left out).
function sampleArguments(schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    if (typeof name !== 'string') continue;
    args[name] = sampleValue(properties[name] ?? {});
  }
  return args;
}

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

async function main(): Promise<number> {
  const serverUrl = process.argv[2];
  if (serverUrl === undefined) {
    log('usage: client.ts <serverUrl>');
    return 2;
  }
  const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '';
  const modern = version >= MODERN_VERSION;
  log(`scenario=${process.env.MCP_CONFORMANCE_SCENARIO ?? '?'} version=${version || '?'} url=${serverUrl}`);

  const client = new Client(
    { name: 'mcp-elicit-conformance', version: '0.1.0' },
    { versionNegotiation: { mode: modern ? 'auto' : 'legacy' } },
  );
  const session = attachElicitation(client, {
    renderer: new ScriptedRenderer({ acceptDefaults: true, log }),
    server: 'conformance',
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
  const era = client.getProtocolEra();
  log(`connected era=${era} protocol=${client.getNegotiatedProtocolVersion() ?? '?'}`);

  const runs: ToolRun[] = [];
  for (const tool of await listAllTools(client)) {
    const args = sampleArguments(tool.inputSchema as JsonSchema);
    try {
      const result = await session.callTool(
        { name: tool.name, arguments: args },
        { timeoutMs: TOOL_TIMEOUT_MS },
      );
      log(`tool ${tool.name} -> ${JSON.stringify(result.content).slice(0, 200)}`);
      runs.push({
        name: tool.name,
        ok: true,
        arguments: args,
        ...(result.isError === true && { isError: true }),
      });
    } catch (error) {
      // One failing tool must not stop the others (e.g. a result the SDK rejects locally).
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log(`tool ${tool.name} failed: ${message}`);
      runs.push({ name: tool.name, ok: false, arguments: args, error: message });
    }
  }
  process.stdout.write(`${JSON.stringify({ era, tools: runs, elicitations: session.events })}\n`);
  await client.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
