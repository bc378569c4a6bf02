// The floor for a URL face built on the official SDK: bare-forwarder.mjs served over Streamable
// HTTP instead of stdio, on the stack the proxy's --listen uses (@hono/node-server and the SDK's
// web-standard transport, one Server per session), with no checks. Prints its URL on stdout.
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Server, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

const [command, ...args] = process.argv.slice(2);
const upstream = new Client(
  { name: 'bare-http-forwarder', version: '1' },
  { versionNegotiation: { mode: 'legacy' } },
);
await upstream.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const sessions = new Map();

async function open(request) {
  const server = new Server({ name: 'bare-http-forwarder', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', (r) => upstream.listTools(r.params));
  server.setRequestHandler('tools/call', (r) => upstream.callTool(r.params));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => sessions.set(id, transport),
    onsessionclosed: (id) => sessions.delete(id),
  });
  await server.connect(transport);
  return transport.handleRequest(request);
}

const http = serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: (request) => {
    const id = request.headers.get('mcp-session-id');
    if (id === null) return open(request);
    return sessions.get(id)?.handleRequest(request) ?? new Response('no such session', { status: 404 });
  },
});
http.once('listening', () => process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`));
process.on('SIGTERM', () => void upstream.close().then(() => process.exit(0)));
