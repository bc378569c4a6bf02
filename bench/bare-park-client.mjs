// The baseline for the park holder's memory (issue 33): the least a bare SDK client does to hold
// one form elicitation open on a live stdio connection: connect (2025-11-25), call the tool, and
// never answer. It writes <ready file> once the question has arrived.
//
//   node bare-park-client.mjs <ready file> <tool> -- <server command> [args...]
import { writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [ready, tool = 'survey', separator, command, ...args] = process.argv.slice(2);
if (ready === undefined || separator !== '--' || command === undefined) {
  process.stderr.write('usage: bare-park-client <ready file> <tool> -- <server command> [args...]\n');
  process.exit(2);
}
const client = new Client(
  { name: 'bare-park-client', version: '0.0.0' },
  { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'legacy' } },
);
client.setRequestHandler('elicitation/create', () => {
  writeFileSync(ready, 'parked');
  return new Promise(() => {});
});
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
// Held until the bench kills this process; the SDK's request timeout ends nothing that matters here.
await client.callTool({ name: tool, arguments: {} }).catch(() => {});
