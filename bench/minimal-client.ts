// The baseline for the CLI numbers: the least an application writes with the bare SDK to call one
// tool on a stdio server and answer its form elicitations with the schema's defaults (what
// `mcp-elicit --accept-defaults` sends). No validation, no sanitising, no era cache.
//
//   node minimal-client.mjs <legacy|modern|auto> <tool> -- <server command> [args...]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [era = 'legacy', tool = 'survey', separator, command, ...args] = process.argv.slice(2);
if (separator !== '--' || command === undefined) {
  process.stderr.write('usage: minimal-client <legacy|modern|auto> <tool> -- <server command> [args...]\n');
  process.exit(2);
}

const client = new Client(
  { name: 'minimal-client', version: '0.0.0' },
  {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: {
      mode: era === 'modern' ? { pin: '2026-07-28' } : era === 'auto' ? 'auto' : 'legacy',
    },
  },
);
client.setRequestHandler('elicitation/create', async (request) => {
  const params = request.params as {
    requestedSchema?: { properties?: Record<string, { default?: unknown }> };
  };
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [name, property] of Object.entries(params.requestedSchema?.properties ?? {})) {
    if (property.default !== undefined) content[name] = property.default as string;
  }
  return { action: 'accept', content };
});

await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const result = await client.callTool({ name: tool, arguments: {} });
for (const block of result.content as Array<{ type: string; text?: string }>) {
  if (block.type === 'text') process.stdout.write(`${block.text}\n`);
}
await client.close();
