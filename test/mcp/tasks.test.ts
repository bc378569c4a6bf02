// session.callTool with tools that run as tasks, through the library: the 2025-11-25 task utility
// against server-everything, and the 2026-07-28 Tasks extension against our fixture server.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  attachElicitation,
  type ElicitationEvent,
  ElicitError,
  ScriptedRenderer,
  TaskError,
  type TaskEvent,
} from '../../src/index.js';
import { req } from '../helpers/req.js';
import { everythingStdioCommand, tasksStdioCommand } from '../helpers/servers.js';

const clients: Client[] = [];
after(async () => {
  for (const client of clients) await client.close().catch(() => {});
});

async function connect(
  command: { command: string; args: string[] },
  options: { tasks?: 'auto' | 'prefer' | 'never'; env?: Record<string, string>; modern?: boolean } = {},
) {
  const client = new Client(
    { name: 'tasks-test', version: '1.0.0' },
    { versionNegotiation: { mode: options.modern ? { pin: '2026-07-28' } : 'legacy' } },
  );
  clients.push(client);
  const events: ElicitationEvent[] = [];
  const taskEvents: TaskEvent[] = [];
  const session = attachElicitation(client, {
    renderer: new ScriptedRenderer({
      sets: { name: 'Ada', seats: '3', interpretation: 'snake' },
      openUrls: true,
    }),
    server: 'fixture',
    modes: ['form', 'url'],
    opener: { open: async () => ({ ok: true }) } as never,
    ...(options.tasks && { tasks: options.tasks }),
    onEvent: (event) => events.push(event),
    onTaskEvent: (event) => taskEvents.push(event),
  });
  await client.connect(
    new StdioClientTransport({
      ...command,
      env: { ...(process.env as Record<string, string>), ...options.env },
      stderr: 'ignore',
    }),
  );
  return { client, session, events, taskEvents };
}

describe('tasks on 2025-11-25 (server-everything, library)', () => {
  it('aborting the call while its task runs sends tasks/cancel: the server then reports the task cancelled', async () => {
    const { client, session, taskEvents } = await connect(everythingStdioCommand());
    const controller = new AbortController();
    const call = session.callTool(
      { name: 'simulate-research-query', arguments: { topic: 'rust' } },
      { signal: controller.signal },
    );
    while (taskEvents.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('stop'));
    await assert.rejects(call, /stop/);
    const taskId = taskEvents[0]?.taskId ?? '';
    const state = (await client.request(
      { method: 'tasks/get', params: { taskId } } as never,
      {
        '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) },
      } as never,
    )) as { status: string };
    assert.equal(state.status, 'cancelled');
    assert.equal(taskEvents.at(-1)?.status, 'cancelled');
  });
});

describe('tasks on 2026-07-28 (Tasks extension fixture, library)', () => {
  it(req`creates the task after an input round, shows a form then a URL step, answers each key once with tasks/update, and returns the result (T-03)`, async () => {
    const { session, events, taskEvents } = await connect(tasksStdioCommand(), { modern: true });
    const result = await session.callTool({ name: 'book_trip', arguments: { confirmFirst: true } });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    assert.equal(text, 'Booked Lisbon for Ada (3 seats); payment accept; answers traveller×1, payment×1');
    assert.deepEqual(
      events.map((e) => [e.mode, e.message, e.action]),
      [
        ['form', 'Start the booking?', 'accept'],
        ['form', 'Who is travelling?', 'accept'],
        ['url', 'Pay for the booking on the payment page.', 'accept'],
      ],
    );
    assert.ok(taskEvents.every((e) => e.era === '2026-07-28' && e.tool === 'book_trip'));
    assert.deepEqual(
      taskEvents.filter((e) => e.status === 'input_required').map((e) => e.statusMessage),
      ['Waiting for traveller details', 'Waiting for payment'],
    );
    assert.equal(taskEvents.at(-1)?.status, 'completed');
  });

  it('a failed task rejects with TaskError "failed" (an ElicitError) carrying the server message', async () => {
    const { session } = await connect(tasksStdioCommand(), { modern: true });
    await assert.rejects(session.callTool({ name: 'failing_job' }), (error: unknown) => {
      assert.ok(error instanceof TaskError);
      assert.ok(error instanceof ElicitError, 'one local error model: a TaskError is an ElicitError');
      assert.equal(error.name, 'TaskError');
      assert.equal(error.code, 'failed');
      assert.match(error.message, /the printer caught fire/);
      return true;
    });
  });

  it(req`aborting a running task sends tasks/cancel (T-04)`, async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-tasks-')), 'log.jsonl');
    const { session, taskEvents } = await connect(tasksStdioCommand(), {
      modern: true,
      env: { TASKS_LOG_FILE: log },
    });
    const controller = new AbortController();
    const call = session.callTool({ name: 'endless_job' }, { signal: controller.signal });
    while (!taskEvents.some((e) => e.statusMessage === 'step 3'))
      await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('enough'));
    await assert.rejects(call, /enough/);
    const entries = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; taskId: string });
    assert.deepEqual(
      entries.map((e) => e.event),
      ['created', 'cancel'],
    );
    assert.equal(entries[1]?.taskId, taskEvents[0]?.taskId);
  });

  it('a task the server forgets, before the first poll or later (tasks/get answers -32602), rejects with TaskError "expired"', async () => {
    const { session, taskEvents } = await connect(tasksStdioCommand(), { modern: true });
    for (const atOnce of [true, false]) {
      taskEvents.length = 0;
      await assert.rejects(
        session.callTool({ name: 'forgotten_job', arguments: { atOnce } }),
        (error: unknown) => {
          assert.ok(error instanceof TaskError);
          assert.equal(error.code, 'expired');
          assert.equal(error.rpcCode, -32602);
          assert.equal(error.taskId, taskEvents[0]?.taskId);
          assert.match(
            error.message,
            /^the server no longer knows task \S+ \(expired\?\): Failed to retrieve task: Task not found$/,
          );
          return true;
        },
      );
    }
  });

  it('a task that completes at once returns its inlined result (with or without resultType)', async () => {
    const { session, taskEvents } = await connect(tasksStdioCommand(), { modern: true });
    const result = await session.callTool({ name: 'needs_tasks' });
    assert.deepEqual(result.content, [{ type: 'text', text: 'ran as a task' }]);
    assert.deepEqual(
      taskEvents.map((e) => e.status),
      ['completed'],
    );
  });

  it('with tasks switched off, -32021 becomes TaskError "missing-capability" naming the extension', async () => {
    const { session } = await connect(tasksStdioCommand(), { modern: true, tasks: 'never' });
    await assert.rejects(session.callTool({ name: 'needs_tasks' }), (error: unknown) => {
      assert.ok(error instanceof TaskError);
      assert.equal(error.code, 'missing-capability');
      assert.equal(error.rpcCode, -32021);
      assert.match(error.message, /io\.modelcontextprotocol\/tasks/);
      return true;
    });
    const plain = await session.callTool({ name: 'failing_job' });
    assert.deepEqual(plain.content, [{ type: 'text', text: 'failing_job ran without a task' }]);
  });
});
