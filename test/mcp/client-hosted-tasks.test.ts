// 2025-11-25 client-hosted elicitation tasks, driven by a raw in-memory server peer: a
// task-augmented elicitation/create is answered with a task at once, and tasks/get, tasks/list,
// tasks/result and tasks/cancel are served from the prompt's state (the person is still typing,
// has answered, or the server cancelled). A malformed one is refused with -32602 straight away.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import type { FormAnswer, FormPrompt, PromptContext, Renderer } from '../../src/contracts/renderer.js';
import { attachElicitation } from '../../src/index.js';
import { type ElicitRequest, parseElicitRequest } from '../../src/mcp/incoming-request.js';
import { installElicitationHandler } from '../../src/mcp/sdk-seam.js';
import { bindElicitationTasks } from '../../src/mcp/tasks/client-hosted.js';
import { req } from '../helpers/req.js';

/** A person who answers when `answer()` is called, or gives up when the request is withdrawn. */
class SlowPerson implements Renderer {
  readonly name = 'slow-person';
  readonly interactive = true;
  withdrawn = false;
  #answer: (() => void) | undefined;
  answer(): void {
    this.#answer?.();
  }
  async form(_prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    const answered = await new Promise<boolean>((resolve) => {
      this.#answer = () => resolve(true);
      ctx.signal.addEventListener('abort', () => resolve(false), { once: true });
    });
    if (!answered) {
      this.withdrawn = true;
      return { outcome: { action: 'cancel', reason: 'server-cancelled' } };
    }
    return { outcome: { action: 'accept', content: { name: 'Ada' } } };
  }
}

/** A 2025-11-25 server peer speaking raw JSON-RPC to the client over an in-memory pair. */
async function peer(person: SlowPerson, setup?: (client: Client) => void) {
  const client = new Client({ name: 'hosted-test', version: '1' });
  if (setup) setup(client);
  else attachElicitation(client, { renderer: person, server: 'raw', modes: ['form'] });
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (message: Record<string, unknown>) => void>();
  let capabilities: Record<string, unknown> = {};
  serverEnd.onmessage = (message) => {
    const m = message as {
      method?: string;
      id?: number;
      params?: { capabilities?: Record<string, unknown> };
    };
    if (m.method === 'initialize') {
      capabilities = m.params?.capabilities ?? {};
      void serverEnd.send({
        jsonrpc: '2.0',
        id: m.id as number,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          serverInfo: { name: 'raw', version: '0' },
        },
      });
    } else if (m.id !== undefined && !('method' in m))
      pending.get(m.id)?.(message as Record<string, unknown>);
  };
  await serverEnd.start();
  await client.connect(clientEnd);
  let next = 100;
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      void serverEnd.send({ jsonrpc: '2.0', id, method, params } as JSONRPCMessage);
    });
  return { client, request, capabilities: () => capabilities };
}

const form = {
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};
const resultOf = (response: Record<string, unknown>) => response.result as Record<string, unknown>;
const taskOf = (response: Record<string, unknown>) =>
  (resultOf(response).task ?? resultOf(response)) as { taskId: string; status: string };

describe('client-hosted elicitation tasks (2025-11-25)', () => {
  it('declares tasks.requests.elicitation.create and serves the task from the prompt: input_required, listed, then the answer', async () => {
    const person = new SlowPerson();
    const { client, request, capabilities } = await peer(person);
    assert.deepEqual((capabilities().tasks as { requests?: unknown }).requests, {
      elicitation: { create: {} },
    });
    const created = taskOf(await request('elicitation/create', { ...form, task: { ttl: 60_000 } }));
    assert.equal(created.status, 'input_required');
    assert.equal(taskOf(await request('tasks/get', { taskId: created.taskId })).status, 'input_required');
    const listed = resultOf(await request('tasks/list', {})).tasks as { taskId: string }[];
    assert.deepEqual(
      listed.map((t) => t.taskId),
      [created.taskId],
    );
    const result = request('tasks/result', { taskId: created.taskId });
    person.answer();
    const answered = resultOf(await result);
    assert.equal(answered.action, 'accept');
    assert.deepEqual(answered.content, { name: 'Ada' });
    assert.equal(taskOf(await request('tasks/get', { taskId: created.taskId })).status, 'completed');
    await client.close();
  });

  it(req`tasks/cancel withdraws the prompt and the task ends cancelled (E-41)`, async () => {
    const person = new SlowPerson();
    const { client, request } = await peer(person);
    const created = taskOf(await request('elicitation/create', { ...form, task: { ttl: 60_000 } }));
    const cancelled = await request('tasks/cancel', { taskId: created.taskId });
    assert.equal(taskOf(cancelled).status, 'cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(person.withdrawn, true, 'the prompt was closed');
    await client.close();
  });

  it(req`tasks/cancel of a task that already finished gets -32602 and the answer stays (E-41)`, async () => {
    const person = new SlowPerson();
    const { client, request } = await peer(person);
    const created = taskOf(await request('elicitation/create', { ...form, task: { ttl: 60_000 } }));
    const result = request('tasks/result', { taskId: created.taskId });
    person.answer();
    assert.equal(resultOf(await result).action, 'accept');
    const refused = (await request('tasks/cancel', { taskId: created.taskId })).error as {
      code: number;
      message: string;
    };
    assert.equal(refused.code, -32602);
    assert.equal(refused.message, `Cannot cancel task ${created.taskId}: it is already completed`);
    assert.equal(taskOf(await request('tasks/get', { taskId: created.taskId })).status, 'completed');
    await client.close();
  });

  it('a malformed task-augmented request gets -32602 at once, naming the problem, and no task', async () => {
    const { client, request } = await peer(new SlowPerson());
    const response = await request('elicitation/create', {
      requestedSchema: form.requestedSchema,
      task: { ttl: 60_000 },
    });
    const error = response.error as { code: number; message: string };
    assert.equal(error.code, -32602);
    assert.match(error.message, /"message" must be a string/);
    const listed = resultOf(await request('tasks/list', {})).tasks as unknown[];
    assert.deepEqual(listed, []);
    await client.close();
  });

  it('parses a task-augmented request once and hands the typed request to the task', async () => {
    const parsed: unknown[] = [];
    const answered: ElicitRequest[] = [];
    let typed: ElicitRequest | undefined;
    const { client, request } = await peer(new SlowPerson(), (target) => {
      target.registerCapabilities({ elicitation: { form: {} } });
      installElicitationHandler(target, async () => ({ action: 'cancel' }));
      bindElicitationTasks(target, async () => ({
        parse: async (params) => {
          parsed.push(params);
          const result = parseElicitRequest(params, ['form'], '2025-11-25');
          if (!result.ok) throw new Error(result.issues[0]?.message);
          typed = result.value;
          return typed;
        },
        respond: async (elicit) => {
          answered.push(elicit);
          return { action: 'accept', content: { name: 'Ada' } };
        },
      }));
    });
    const created = taskOf(await request('elicitation/create', { ...form, task: { ttl: 60_000 } }));
    const answer = resultOf(await request('tasks/result', { taskId: created.taskId }));
    assert.deepEqual(answer.content, { name: 'Ada' });
    assert.equal(parsed.length, 1, 'parsed once, in front of the task receiver');
    assert.equal(answered.length, 1);
    assert.equal(answered[0], typed, 'the task answered the very value the parse produced');
    await client.close();
  });
});
