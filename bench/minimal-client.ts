// The baseline for the CLI numbers: the least an application writes with the bare SDK to call one
// tool on a stdio server and answer its form elicitations with the schema's defaults (what
// `mcp-elicit --accept-defaults` sends). No validation, no sanitising, no era cache.
//
//   node minimal-client.mjs <legacy|modern|auto>[+in-place] <tool> -- <server command> [args...]
//
// `+in-place` hands the SDK a trivial StdioClientTransport subclass, on which the era probe
// (server/discover) runs on the session's own process instead of a disposable sibling process.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [mode = 'legacy', tool = 'survey', separator, command, ...args] = process.argv.slice(2);
if (separator !== '--' || command === undefined) {
  process.stderr.write('usage: minimal-client <era>[+in-place] <tool> -- <server command> [args...]\n');
  process.exit(2);
}
const [era, placement] = mode.split('+');

class InPlaceStdioClientTransport extends StdioClientTransport {}
const Transport = placement === 'in-place' ? InPlaceStdioClientTransport : StdioClientTransport;

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

await client.connect(new Transport({ command, args, stderr: 'ignore' }));
const result = await client.callTool({ name: tool, arguments: {} });
for (const block of result.content as Array<{ type: string; text?: string }>) {
  if (block.type === 'text') process.stdout.write(`${block.text}\n`);
}
await client.close();
