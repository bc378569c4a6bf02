// An agent that answers forms itself and asks a person only for what it cannot fill. The scripted
// front-end answers from what the agent knows; when that is not enough, the plain front-end asks the
// person, showing only the fields the agent could not fill. Confirmations always go to the person.
// Run: npx tsx examples/agent-asks-person.ts [server command...]   (default: the bundled demo server)
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  attachElicitation,
  type Draft,
  type FormAnswer,
  type FormPrompt,
  FormSession,
  PlainRenderer,
  type PromptContext,
  type Renderer,
  type RendererNotice,
  ScriptedRenderer,
  sanitizeText,
  type UrlPrompt,
  type UrlWaitInfo,
} from 'mcp-elicit';
import { serverFromArgv } from './_server.js';

class AgentThenPerson implements Renderer {
  readonly name = 'agent-then-person';
  // A person is there for the rest, so URL mode (which always needs their consent) is served too.
  readonly interactive = true;
  constructor(
    private readonly known: Readonly<Record<string, string>>,
    private readonly person: PlainRenderer,
  ) {}

  async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    if (prompt.model.fields.length === 0) return this.person.form(prompt, ctx);
    // `sets` are typed by each field's kind, as `mcp-elicit --set name=value` does; defaults fill the
    // rest. Its verdict is printed only when it is the answer: a cancel here is a hand-over, not a failure.
    const said: string[] = [];
    const agent = new ScriptedRenderer({ sets: this.known, log: (line) => said.push(line) });
    const answer = await agent.form(prompt, ctx);
    if (answer.outcome.action === 'accept' || ctx.signal.aborted) {
      for (const line of said) console.error(line);
      return answer;
    }
    console.error(
      `[agent] cannot fill "${sanitizeText(prompt.message, { maxLength: 80 })}" alone: asking the person for the rest`,
    );
    // The agent's values that fit this form, typed by the engine as if entered in each field's box.
    const session = new FormSession(prompt);
    const filled: Draft = {};
    for (const [name, text] of Object.entries(this.known)) {
      if (session.field(name) === undefined || session.setText(name, text).length > 0) continue;
      const value = session.value(name);
      if (value !== undefined) filled[name] = value;
    }
    // The person sees the other fields; the answer is checked as a whole (and again before sending).
    return this.person.form(
      {
        ...prompt,
        model: { ...prompt.model, fields: prompt.model.fields.filter((field) => !(field.name in filled)) },
        validate: (draft) => prompt.validate({ ...filled, ...draft }),
      },
      ctx,
    );
  }

  url(prompt: UrlPrompt, ctx: PromptContext) {
    return this.person.url(prompt, ctx);
  }
  waitForUrl(info: UrlWaitInfo, signal: AbortSignal) {
    return this.person.waitForUrl(info, signal);
  }
  notice(notice: RendererNotice): void {
    this.person.notice(notice);
  }
  close(): Promise<void> {
    return this.person.close();
  }
}

const person = new PlainRenderer({ input: process.stdin, output: process.stdout });
// What the agent knows: the plan, the company and its size, but neither a username nor an email.
const renderer = new AgentThenPerson({ plan: 'team', company: 'Acme', seats: '12' }, person);
const client = new Client({ name: 'agent', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
const session = attachElicitation(client, { renderer, server: 'demo' });
await client.connect(new StdioClientTransport(serverFromArgv()));
const result = await session.callTool({ name: 'signup', arguments: {} }, { timeoutMs: 120_000 });
for (const item of result.content)
  if (item.type === 'text') console.log(sanitizeText(item.text, { multiline: true }));
await client.close();
await renderer.close();
