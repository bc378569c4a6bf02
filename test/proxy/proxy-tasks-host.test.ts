// Hosts that drive tasks themselves, through the proxy: a host that declared tasks on the upstream's
// era is offered the upstream's task support, creates the task, polls it and takes its result, while
// the proxy still answers what the task asks for (--ui scripted) and shows the host the task working.
// A host that declared no tasks keeps the plain call (proxy-tasks.test.ts has server-everything).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/client';
import { frameTaskRequest } from '../../src/mcp/tasks/modern-task.js';
import { rawDispatchFor } from '../../src/mcp/tasks/raw-dispatch.js';
import { req } from '../helpers/req.js';
import { tasksStdioCommand } from '../helpers/servers.js';
import { until } from '../helpers/within.js';
import { researchProxyArgs, startHost } from './_host.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const ANY = {
  '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) },
} as never;
const TERMINAL = ['completed', 'failed', 'cancelled'];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Task {
  taskId: string;
  status: string;
  pollInterval?: number;
  pollIntervalMs?: number;
  inputRequests?: Record<string, unknown>;
  result?: { content?: { text?: string }[] };
}

const textOf = (result: { content?: { text?: string }[] } | undefined) =>
  (result?.content ?? []).map((c) => c.text ?? '').join('\n');

/** Polls with `get` until the task ends; every status seen, in order, and the last answer. */
async function pollToEnd(get: () => Promise<Task>, first: Task): Promise<{ seen: string[]; last: Task }> {
  const seen = [first.status];
  let last = first;
  for (let i = 0; i < 300 && !TERMINAL.includes(last.status); i++) {
    // A bounded poll at the interval the server asks for (tasks/get polling is the protocol's own).
    await pause(Math.max(100, last.pollInterval ?? last.pollIntervalMs ?? 200));
    last = await get();
    seen.push(last.status);
  }
  return { seen, last };
}

// Each case has its own host, proxy and server, and waits on the task's clock: side by side.
describe('proxy: hosts that drive tasks themselves', { concurrency: true }, () => {
  describe('proxy: a 2025-11-25 host that drives tasks itself (server-everything)', () => {
    it(req`sees the tasks capability, creates simulate-research-query as a task, polls it working throughout while the proxy answers its question, and takes the result with tasks/result (T-06, T-07)`, async () => {
      const host = await startHost({
        era: '2025-11-25',
        capabilities: { tasks: {} },
        proxyArgs: researchProxyArgs(),
      });
      try {
        const tasks = host.client.getServerCapabilities()?.tasks as {
          requests?: { tools?: { call?: object } };
        };
        assert.ok(tasks?.requests?.tools?.call, 'the upstream task support is offered');
        const created = (await host.client.request(
          {
            method: 'tools/call',
            params: {
              name: 'simulate-research-query',
              arguments: { topic: 'python', ambiguous: true },
              task: { ttl: 120_000 },
            },
          } as never,
          ANY,
        )) as { task: Task };
        const taskId = created.task.taskId;
        assert.equal(typeof taskId, 'string', JSON.stringify(created));
        const get = () =>
          host.client.request({ method: 'tasks/get', params: { taskId } } as never, ANY) as Promise<Task>;
        const { seen, last } = await pollToEnd(get, created.task);
        assert.equal(last.status, 'completed', `statuses: ${seen.join(', ')}\n${host.stderr()}`);
        assert.ok(
          !seen.includes('input_required'),
          `the proxy answered, so the host saw it working: ${seen.join(', ')}`,
        );
        const result = (await host.client.request(
          { method: 'tasks/result', params: { taskId } } as never,
          ANY,
        )) as Task['result'];
        assert.match(textOf(result), /# Research Report: python \(comedy\)/);
      } finally {
        await host.close();
      }
    });
  });

  /** A 2026 host's raw request path (its SDK rejects task results), with the extension declared. */
  function rawCall(client: Client) {
    const dispatch = rawDispatchFor(client);
    return async (method: string, params: Record<string, unknown>): Promise<unknown> => {
      const response = await dispatch({ method, params: frameTaskRequest(client, params) as never });
      if (response.kind === 'error')
        throw new Error(`${method}: ${response.error.code} ${response.error.message}`);
      return response.result;
    };
  }

  describe('proxy: a 2026-07-28 host that drives tasks itself (Tasks extension fixture)', () => {
    const fixture = tasksStdioCommand();
    const upstream = ['--protocol', 'modern', '--', fixture.command, ...fixture.args];

    it(req`sees the extension, gets book_trip's task after the proxy answered the round before it, and polls it to completed: the proxy answered both inputs with tasks/update, the host saw no input_required (T-06, T-07)`, async () => {
      const host = await startHost({
        era: '2026-07-28',
        capabilities: { extensions: { [TASKS]: {} } },
        proxyArgs: ['--set', 'name=Grace', '--set', 'seats=2', '--open-urls', ...upstream],
        env: { BROWSER: 'true' },
      });
      try {
        assert.ok(host.client.getServerCapabilities()?.extensions?.[TASKS], 'the extension is offered');
        const call = rawCall(host.client);
        const created = (await call('tools/call', {
          name: 'book_trip',
          arguments: { destination: 'Oslo', confirmFirst: true },
        })) as Task & { resultType?: string };
        assert.equal(created.resultType, 'task', JSON.stringify(created));
        const { seen, last } = await pollToEnd(
          () => call('tasks/get', { taskId: created.taskId }) as Promise<Task>,
          created,
        );
        assert.equal(last.status, 'completed', `statuses: ${seen.join(', ')}\n${host.stderr()}`);
        assert.ok(!seen.includes('input_required'), `statuses: ${seen.join(', ')}`);
        assert.equal(
          textOf(last.result),
          'Booked Oslo for Grace (2 seats); payment accept; answers traveller×1, payment×1',
        );
      } finally {
        await host.close();
      }
    });

    it(req`with --elicit host, the task's form reaches the host as input_required and its tasks/update is forwarded; the URL step it cannot serve is still the proxy's (T-06, T-07)`, async () => {
      const host = await startHost({
        era: '2026-07-28',
        capabilities: { extensions: { [TASKS]: {} } },
        elicitation: { modes: ['form'], answer: () => ({ action: 'cancel' }) },
        proxyArgs: ['--elicit', 'auto', '--open-urls', ...upstream],
        env: { BROWSER: 'true' },
      });
      try {
        const call = rawCall(host.client);
        const created = (await call('tools/call', { name: 'book_trip', arguments: {} })) as Task;
        const asked: string[] = [];
        const { seen, last } = await pollToEnd(async () => {
          const task = (await call('tasks/get', { taskId: created.taskId })) as Task;
          if (task.status === 'input_required') {
            // Keys are unique over the task's life: one already answered is not answered again.
            const keys = Object.keys(task.inputRequests ?? {}).filter((key) => !asked.includes(key));
            asked.push(...keys);
            const inputResponses = Object.fromEntries(
              keys.map((key) => [key, { action: 'accept', content: { name: 'Ada', seats: 1 } }]),
            );
            if (keys.length > 0) await call('tasks/update', { taskId: created.taskId, inputResponses });
          }
          return task;
        }, created);
        assert.equal(last.status, 'completed', `statuses: ${seen.join(', ')}\n${host.stderr()}`);
        assert.deepEqual(asked, ['traveller'], 'the host is asked the form once, never the URL step');
        assert.equal(
          textOf(last.result),
          'Booked Lisbon for Ada (1 seats); payment accept; answers traveller×1, payment×1',
        );
      } finally {
        await host.close();
      }
    });

    it(req`the host's tasks/cancel reaches the upstream server, which then reports the task cancelled (T-06, T-04)`, async () => {
      const host = await startHost({
        era: '2026-07-28',
        capabilities: { extensions: { [TASKS]: {} } },
        proxyArgs: ['--ui', 'scripted', ...upstream],
      });
      try {
        const call = rawCall(host.client);
        const created = (await call('tools/call', { name: 'endless_job', arguments: {} })) as Task;
        const working = async () =>
          ((await call('tasks/get', { taskId: created.taskId })) as Task).status === 'working';
        await until(working, 'the task to be working upstream', 30_000);
        await call('tasks/cancel', { taskId: created.taskId });
        const task = (await call('tasks/get', { taskId: created.taskId })) as Task;
        assert.equal(task.status, 'cancelled');
      } finally {
        await host.close();
      }
    });

    it(req`a host that declared no tasks is not offered the extension and gets book_trip's final result from a plain call (T-06)`, async () => {
      const host = await startHost({
        era: '2026-07-28',
        proxyArgs: ['--set', 'name=Grace', '--set', 'seats=2', '--open-urls', ...upstream],
        env: { BROWSER: 'true' },
      });
      try {
        assert.equal(host.client.getServerCapabilities()?.extensions?.[TASKS], undefined);
        const result = await host.client.callTool({ name: 'book_trip', arguments: { destination: 'Oslo' } });
        assert.equal(
          textOf(result as Task['result']),
          'Booked Oslo for Grace (2 seats); payment accept; answers traveller×1, payment×1',
        );
      } finally {
        await host.close();
      }
    });
  });
});
