// Tasks that misbehave, on both eras, through the library against the hostile tasks fixture:
// the task's ttl and the client's task timeout end a task that never does (with tasks/cancel),
// one poll floor for both eras, a huge interval or a tasks/result that never answers cannot stall
// it, and a task that breaks the schema ends with one readable line.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { attachElicitation, ScriptedRenderer, TaskError, type TaskEvent } from '../../src/index.js';
import { req } from '../helpers/req.js';
import { hostileTasksStdioCommand } from '../helpers/servers.js';

type Era = '2025' | '2026';
const clients: Client[] = [];
after(async () => {
  for (const client of clients) await client.close().catch(() => {});
});

async function connect(era: Era, taskTimeoutMs?: number) {
  const log = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-hostile-tasks-')), 'events.jsonl');
  const client = new Client(
    { name: 'tasks-bounds-test', version: '1.0.0' },
    { versionNegotiation: { mode: era === '2026' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  clients.push(client);
  const taskEvents: TaskEvent[] = [];
  const session = attachElicitation(client, {
    onTaskEvent: (event) => taskEvents.push(event),
    renderer: new ScriptedRenderer({ sets: { answer: 'yes' } }),
    server: 'hostile',
    ...(taskTimeoutMs !== undefined && { taskTimeoutMs }),
  });
  await client.connect(
    new StdioClientTransport({
      ...hostileTasksStdioCommand(),
      env: { ...(process.env as Record<string, string>), HOSTILE_TASKS_ERA: era, TASKS_LOG_FILE: log },
      stderr: 'ignore',
    }),
  );
  const events = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { event: string }).event);
  // The test's own backstop: before the fix these calls never ended.
  const call = (name: string, args: Record<string, unknown>) =>
    session.callTool({ name, arguments: args }, { signal: AbortSignal.timeout(15_000) });
  return { call, events, taskEvents };
}

/** Fails unless the call ends with a TaskError of that code whose message is one readable line. */
async function rejectsWith(promise: Promise<unknown>, code: string, pattern: RegExp): Promise<TaskError> {
  const error = await promise.then(
    () => assert.fail('the call completed'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof TaskError, `not a TaskError: ${String(error)}`);
  assert.equal(error.code, code, error.message);
  assert.match(error.message, pattern);
  assert.ok(!error.message.includes('\n'), `more than one line: ${error.message}`);
  assert.ok(error.message.length < 400, error.message);
  return error;
}

for (const era of ['2025', '2026'] as const) {
  describe(`hostile tasks on ${era === '2026' ? '2026-07-28' : '2025-11-25'}`, () => {
    it(req`a task still working when its ttl runs out ends timed-out and is cancelled (T-05)`, async () => {
      const { call, events } = await connect(era);
      const error = await rejectsWith(
        call('spin', { ttlMs: 800, pollIntervalMs: 100 }),
        'timed-out',
        /did not finish within its ttl of 0\.8 s/,
      );
      assert.ok(error.taskId);
      const seen = events();
      assert.ok(seen.includes('cancel'), `no tasks/cancel: ${seen.join(',')}`);
      // At most one poll per 100 ms over 0.8 s, with room for a slow machine.
      assert.ok(seen.filter((e) => e === 'get').length <= 10, `${seen.length} requests`);
    });

    it(req`a server asking for a 0 ms interval is polled at most every 100 ms (T-05)`, async () => {
      const { call, events } = await connect(era);
      await rejectsWith(call('spin', { ttlMs: 1_000, pollIntervalMs: 0 }), 'timed-out', /ttl of 1 s/);
      const polls = events().filter((e) => e === 'get').length;
      assert.ok(polls <= 11 && polls >= 3, `${polls} polls in 1 s`);
    });

    it(req`an interval of 2^31 ms or more cannot stall the task: the task timeout still ends it (T-05)`, async () => {
      const { call } = await connect(era, 800);
      await rejectsWith(
        call('spin', { ttlMs: 3_600_000, pollIntervalMs: 2 ** 31 }),
        'timed-out',
        /within 0\.8 s \(the client's task timeout, --task-timeout\)/,
      );
    });

    it(req`a task without a ttl is bounded by the client's task timeout, or refused in one line where a ttl is required (T-05)`, async () => {
      const { call } = await connect(era, 1_000);
      if (era === '2025')
        await rejectsWith(call('spin', { noTtl: true }), 'timed-out', /client's task timeout/);
      else
        await rejectsWith(
          call('spin', { noTtl: true }),
          'invalid-response',
          /invalid task \(tools\/call\): ttlMs: /,
        );
    });

    it(req`a non-numeric poll interval is refused in one readable line (T-05)`, async () => {
      const { call } = await connect(era);
      await rejectsWith(call('spin', { pollIntervalMs: 'soon' }), 'invalid-response', /pollInterval(Ms)?: /);
    });

    it(req`a completed task with an invalid result is refused in one readable line (T-05)`, async () => {
      const { call } = await connect(era);
      await rejectsWith(call('bad_result', {}), 'invalid-response', /invalid tool result .*content: /);
    });
  });
}

describe('hostile tasks, one era each', () => {
  it(req`2025-11-25: a tasks/result that never answers is ended by the task timeout (T-05)`, async () => {
    const { call, events } = await connect('2025', 800);
    await rejectsWith(call('result_hangs', { noTtl: true }), 'timed-out', /client's task timeout/);
    assert.ok(events().includes('result'));
  });

  it(req`2026-07-28: input keys that change at every poll are ended by the task timeout (T-05)`, async () => {
    const { call, events } = await connect('2026', 1_000);
    await rejectsWith(call('changing_keys', { ttlMs: 3_600_000 }), 'timed-out', /client's task timeout/);
    assert.ok(events().filter((e) => e === 'update').length >= 2);
  });

  it(req`2026-07-28: an input key of over 1,000 characters ends the task (too-many-inputs) before anyone is asked (T-05)`, async () => {
    const { call, events } = await connect('2026');
    await rejectsWith(call('long_key', {}), 'too-many-inputs', /input key of 1001 characters \(limit 1000\)/);
    assert.ok(!events().includes('update'));
  });

  it(req`2026-07-28: an input request for sampling, which the client did not declare, ends the task in one line (T-05)`, async () => {
    const { call } = await connect('2026');
    await rejectsWith(
      call('asks_sampling', {}),
      'invalid-response',
      /asked for sampling\/createMessage \(input "model"\), which this client did not declare/,
    );
  });

  it(req`2026-07-28: a status message of 100,000 characters reaches listeners cut to 1,000 (T-05)`, async () => {
    const { call, taskEvents } = await connect('2026', 1_000);
    await rejectsWith(call('spin', { longMessage: true }), 'timed-out', /task timeout/);
    const longest = Math.max(...taskEvents.map((event) => event.statusMessage?.length ?? 0));
    assert.ok(taskEvents.length >= 2 && longest <= 1_001, `longest status message: ${longest}`);
  });
});
