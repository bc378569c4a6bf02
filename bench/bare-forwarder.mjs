// The floor for any proxy built on the official SDK: a bare Server that forwards tools/list and
// tools/call to a bare Client of the server named on its command line, and nothing else (no
// elicitation, no checks). Plain JavaScript, so its memory is the SDK's and Node's alone.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const [command, ...args] = process.argv.slice(2);
const upstream = new Client(
  { name: 'bare-forwarder', version: '1' },
  { versionNegotiation: { mode: 'legacy' } },
);
await upstream.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const server = new Server({ name: 'bare-forwarder', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', (request) => upstream.listTools(request.params));
server.setRequestHandler('tools/call', (request) => upstream.callTool(request.params));
await server.connect(new StdioServerTransport());
process.stdin.on('close', () => void upstream.close().then(() => process.exit(0)));
