// One person, two servers: each gets its own Client and session, and both share one PromptQueue and
// one front-end, so their forms appear one at a time, each naming the server that asks.
// Run: npx tsx examples/two-servers.ts [server command...]   (default: the bundled demo server, twice)
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { attachElicitation, PlainRenderer, PromptQueue, sanitizeText } from 'mcp-elicit';
import { serverFromArgv } from './_server.js';

// The plain front-end asks one question per line: it works on any terminal, pipe or screen reader.
const renderer = new PlainRenderer({ input: process.stdin, output: process.stdout });
// One queue: a prompt waits while another server's prompt is on screen (and each server's rate is limited).
const queue = new PromptQueue();

async function connect(label: string) {
  const client = new Client(
    { name: 'two-servers', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  const session = attachElicitation(client, { renderer, queue, server: label });
  await client.connect(new StdioClientTransport(serverFromArgv()));
  return { label, client, session };
}

const servers = await Promise.all([connect('work'), connect('home')]);
// Both calls run at once; their confirmations reach the person one after the other.
const results = await Promise.all(
  servers.map(({ session }) => session.callTool({ name: 'confirm', arguments: {} })),
);
for (const [i, result] of results.entries()) {
  // The demo's last line of output says what it received; server text, so sanitized before printing.
  const text = result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
  console.log(`${servers[i]?.label}: ${sanitizeText(text.split('\n').at(-1) ?? '')}`);
}
await Promise.all(servers.map(({ client }) => client.close()));
await renderer.close();
