// A custom front-end: a minimal `Renderer` that answers forms from a policy instead of asking a
// person. It shows the whole contract: a name, whether a person answers, and `form()`, which drives
// the engine's FormSession and returns how the prompt ended. Without `url()` it serves form mode only.
// Run: npx tsx examples/policy-renderer.ts [server command...]   (default: the bundled demo server)
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  attachElicitation,
  type FieldValue,
  type FormAnswer,
  type FormPrompt,
  FormSession,
  type PromptContext,
  type Renderer,
  sanitizeText,
} from 'mcp-elicit';
import { serverFromArgv } from './_server.js';

class PolicyRenderer implements Renderer {
  readonly name = 'policy';
  // Not a person: URL mode is not declared, and this renderer never says `decline` (only a person may).
  readonly interactive = false;

  constructor(private readonly known: Readonly<Record<string, FieldValue>>) {}

  async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    // The session starts from the server's defaults and checks every value against the schema.
    const session = new FormSession(prompt);
    // Policy 1: a bare yes/no needs a person's consent; a machine cancels rather than confirms.
    if (session.confirmation) return session.cancel('no-answer', 'confirmations need a person');
    // Policy 2: fill what we know, keep the defaults, and send only if the whole form is valid.
    for (const field of session.fields) {
      const value = this.known[field.name];
      if (value !== undefined) session.set(field.name, value);
    }
    const submission = session.submit();
    if (submission.kind === 'accepted') {
      const names = sanitizeText(Object.keys(submission.content).join(', '));
      console.error(`[policy] ${ctx.server.label}: filled ${names}`);
      return submission.ending;
    }
    const missing = submission.kind === 'refused' ? submission.issues.map((issue) => issue.message) : [];
    return session.cancel('no-answer', missing.join(' '));
  }
}

const client = new Client(
  { name: 'policy-client', version: '1.0.0' },
  { versionNegotiation: { mode: 'auto' } },
);
const session = attachElicitation(client, {
  renderer: new PolicyRenderer({ name: 'Ada Lovelace', email: 'ada@example.com', country: 'jp' }),
  server: 'demo',
  // Every elicitation's outcome; the server's message is untrusted text, so it is sanitized first.
  onEvent: (event) =>
    console.error(
      `[event] ${sanitizeText(event.message)}: ${event.action ?? 'rejected'} ${event.reason ?? ''}`.trim(),
    ),
});
await client.connect(new StdioClientTransport(serverFromArgv()));
for (const name of ['profile', 'confirm']) {
  const result = await session.callTool({ name, arguments: {} });
  // Tool output is server text too: shown without escape sequences or control characters.
  for (const item of result.content)
    if (item.type === 'text') console.log(`${name}: ${sanitizeText(item.text, { multiline: true })}`);
}
await client.close();
