// The CLI's task status line, driven with a stand-in stderr: what a person sees while a tool runs
// as a task, and what a script reading stderr gets.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { createTaskStatus, type TaskRecord } from '../../src/cli/task-status.js';
import { PromptQueue } from '../../src/mcp/prompt-queue.js';
import type { TaskEvent } from '../../src/mcp/tasks/task-events.js';

function stream(tty: boolean) {
  const out = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  out.isTTY = tty;
  out.columns = 60;
  let written = '';
  out.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  return { out: out as unknown as NodeJS.WriteStream, text: () => written };
}

const event = (status: TaskEvent['status'], statusMessage?: string, elapsedMs = 12_000): TaskEvent => ({
  server: 's',
  taskId: 't-1',
  tool: 'research',
  era: '2025-11-25',
  status,
  ...(statusMessage !== undefined && { statusMessage }),
  elapsedMs,
});

/** The last line as a terminal shows it: everything after the last clear-line sequence. */
const lastLine = (text: string) => text.split('\r\u001b[2K').at(-1) ?? '';

describe('task status on a terminal', () => {
  it('shows "working… (12 s) — <message>" and "waiting for your answer", with server escapes removed', () => {
    const { out, text } = stream(true);
    const records: TaskRecord[] = [];
    const view = createTaskStatus(out, new PromptQueue(), records);
    view.onTask(event('working', 'Gathering \u001b[31msources\u001b[0m'));
    assert.equal(lastLine(text()), 'working… (12 s) — Gathering sources');
    view.onTask(event('input_required', 'Need a choice', 14_000));
    assert.equal(lastLine(text()), 'waiting for your answer (14 s) — Need a choice');
    view.onTask(event('completed', undefined, 20_000));
    assert.equal(lastLine(text()), '', 'the line is cleared when the task ends');
    view.close();
    assert.deepEqual(
      records[0]?.history.map((h) => h.status),
      ['working', 'input_required', 'completed'],
    );
  });

  it('hides the line while a prompt is on screen and draws it again afterwards', async () => {
    const { out, text } = stream(true);
    const queue = new PromptQueue();
    const view = createTaskStatus(out, queue, []);
    view.onTask(event('working', 'busy'));
    let during = '';
    await queue.run(
      's',
      new AbortController().signal,
      async () => {
        view.onTask(event('working', 'still busy'));
        during = lastLine(text());
      },
      () => undefined,
    );
    assert.equal(during, '', 'nothing is drawn over the prompt');
    assert.equal(lastLine(text()), 'working… (12 s) — still busy');
    view.close();
  });
});

describe('task status without a terminal', () => {
  it('writes one line per status change, not per message', () => {
    const { out, text } = stream(false);
    const view = createTaskStatus(out, new PromptQueue(), []);
    view.onTask(event('working', 'step 1'));
    view.onTask(event('working', 'step 2'));
    view.onTask(event('input_required', 'ask'));
    view.onTask(event('completed'));
    view.close();
    assert.equal(text(), 'task t-1: working\ntask t-1: input_required\ntask t-1: completed\n');
  });
});
