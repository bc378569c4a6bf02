// session.callTool with 2025-11-25 tasks against our SDK fixture (tasks-2025-server.ts), for what
// server-everything does not do: a task that fails, a task the server forgets, and a task's
// elicitation that arrives on the standalone GET stream of Streamable HTTP instead of the
// tasks/result response.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { attachElicitation, type ElicitationEvent, ScriptedRenderer, TaskError } from '../../src/index.js';
import { req } from '../helpers/req.js';
import { type RunningHttpServer, startTasks2025Http, tasks2025StdioCommand } from '../helpers/servers.js';

const clients: Client[] = [];
let http: RunningHttpServer;
before(async () => {
  http = await startTasks2025Http();
});
after(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await http.close();
});

function session(client: Client) {
  clients.push(client);
  const events: ElicitationEvent[] = [];
  const elicitation = attachElicitation(client, {
    renderer: new ScriptedRenderer({ sets: { format: 'html' } }),
    server: 'fixture',
    onEvent: (event) => events.push(event),
  });
  return { elicitation, events };
}

const legacyClient = () =>
  new Client({ name: 'tasks-2025-test', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });

/** The stdio fixture, one client for the file's stdio tests. */
let stdio: ReturnType<typeof session> | undefined;
async function overStdio() {
  if (stdio) return stdio;
  const client = legacyClient();
  stdio = session(client);
  await client.connect(new StdioClientTransport({ ...tasks2025StdioCommand(), stderr: 'ignore' }));
  return stdio;
}

/** A fetch that notes, for each HTTP request, whether its response stream carried an elicitation/create. */
function recordingFetch() {
  const carried: string[] = [];
  const watched: Promise<void>[] = [];
  const fetchLike = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream'))
      return response;
    const [mine, theirs] = response.body.tee();
    const method = init?.method ?? 'GET';
    watched.push(
      (async () => {
        const decoder = new TextDecoder();
        let text = '';
        for await (const chunk of mine as unknown as AsyncIterable<Uint8Array>) {
          text += decoder.decode(chunk, { stream: true });
          if (text.includes('"method":"elicitation/create"')) {
            carried.push(method);
            text = '';
          }
        }
      })().catch(() => {}),
    );
    return new Response(theirs, { status: response.status, headers: response.headers });
  };
  return { fetchLike, carried };
}

describe('tasks on 2025-11-25 (SDK fixture, library)', () => {
  it('a task that ends failed rejects with TaskError "failed" carrying the status message', async () => {
    const { elicitation } = await overStdio();
    await assert.rejects(elicitation.callTool({ name: 'failing_job' }), (error: unknown) => {
      assert.ok(error instanceof TaskError);
      assert.equal(error.code, 'failed');
      assert.equal(error.message, 'the task failed: The printer caught fire');
      assert.ok(error.taskId);
      return true;
    });
  });

  it('a task the server forgets (tasks/get answers -32602) rejects with TaskError "expired"', async () => {
    const { elicitation } = await overStdio();
    await assert.rejects(elicitation.callTool({ name: 'forgotten_job' }), (error: unknown) => {
      assert.ok(error instanceof TaskError);
      assert.equal(error.code, 'expired');
      assert.equal(error.rpcCode, -32602);
      assert.match(
        error.message,
        /^the server no longer knows task \S+ \(expired\?\): Failed to retrieve task: Task not found$/,
      );
      return true;
    });
  });

  it(req`answers a task's elicitation that arrives on the HTTP GET stream, echoing the related-task _meta (X-08, T-02)`, async () => {
    const client = legacyClient();
    const { elicitation, events } = session(client);
    const { fetchLike, carried } = recordingFetch();
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { fetch: fetchLike }));
    const result = await elicitation.callTool({ name: 'ask_elsewhere' });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    assert.equal(text, 'format "html" (accept); related-task echoed: true');
    assert.deepEqual(
      events.map((e) => [e.message, e.action]),
      [['Which report format?', 'accept']],
    );
    assert.deepEqual(carried, ['GET'], 'the elicitation came on the standalone GET stream only');
  });
});
