import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { attachElicitation, TerminalRenderer } from 'mcp-elicit';

const client = new Client({ name: 'my-client', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
const session = attachElicitation(client, {
  renderer: new TerminalRenderer({ input: process.stdin, output: process.stdout }),
  server: 'demo', // the name your user gave this server; every prompt shows it
});
// Your server's command line; here the demo server bundled with mcp-elicit (built by npm install).
await client.connect(new StdioClientTransport({ command: 'node', args: ['dist/demo/main.js'] }));
const result = await session.callTool({ name: 'profile', arguments: {} }, { timeoutMs: 60_000 });
console.log(result.content);
await client.close();
