// An agent loop that relays a server's questions to its user instead of answering them: the
// parking front-end records each question, the agent shows it to the user, and the user's reply,
// whenever it comes, is checked by the engine before anything is sent. A reply that does not fit
// is refused naming the field, and the agent asks again.
// Run: npx tsx examples/park-and-relay.ts [server command...]   (default: the bundled demo server)
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { attachElicitation, type ParkedQuestion, ParkingRenderer, sanitizeText } from 'mcp-elicit';
import { serverFromArgv } from './_server.js';

// What the user will reply, one message per question asked (the first username is too short).
const replies: Record<string, string>[] = [
  { username: 'ab', plan: 'pro' },
  { username: 'grace', plan: 'pro' },
  { billingEmail: 'grace@example.com' },
  {},
];

function relay(question: ParkedQuestion): void {
  // Server text, already cleaned: shown as the server's words, never as the agent's own.
  console.log(`[to user] ${question.server} asks: "${question.message}"`);
  for (const field of question.fields)
    console.log(`  - ${field.title} (${field.type}${field.required ? ', required' : ''})`);
  // The user's reply comes later: here on a later turn of the event loop, in a real agent after hours.
  setImmediate(() => {
    const reply = replies.shift() ?? {};
    const verdict = renderer.answer(question.id, { action: 'accept', sets: reply });
    if (verdict.ok) console.log('[answered]');
    else {
      console.log(`[refused] ${verdict.message}`);
      relay(question);
    }
  });
}

const renderer = new ParkingRenderer({ onPark: relay });
const client = new Client(
  { name: 'relay-agent', version: '1.0.0' },
  { versionNegotiation: { mode: 'auto' } },
);
const session = attachElicitation(client, { renderer, server: 'demo' });
await client.connect(new StdioClientTransport(serverFromArgv()));
const result = await session.callTool({ name: 'signup', arguments: {} }, { timeoutMs: 120_000 });
for (const item of result.content)
  if (item.type === 'text') console.log(sanitizeText(item.text, { multiline: true }));
console.log(`still waiting: ${renderer.pending().length}`);
await client.close();
await renderer.close();
