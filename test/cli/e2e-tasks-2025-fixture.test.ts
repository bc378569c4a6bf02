// Tasks on 2025-11-25 through the CLI, against our SDK fixture (tasks-2025-server.ts) for what
// server-everything does not offer: `--task` on a tool whose task support is "optional", a task
// that fails, a task the server forgets, and a task's elicitation sent on the HTTP GET stream.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonReport, resultText, runCli, tasksOf } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { type RunningHttpServer, startTasks2025Http, tasks2025StdioCommand } from '../helpers/servers.js';

const fixture = tasks2025StdioCommand();
const stdioServer = ['--', fixture.command, ...fixture.args];
const legacy = ['--protocol', 'legacy'];

describe('tasks on 2025-11-25 (SDK fixture)', () => {
  let http: RunningHttpServer;
  before(async () => {
    http = await startTasks2025Http();
  });
  after(async () => {
    await http.close();
  });

  it('--task runs a tool of optional task support as a task; without it the tool runs plainly', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-tasks-')), 'log.jsonl');
    // The CLI hands a stdio server only a safe set of variables, plus what --env names.
    const call = ['--env', `TASKS_LOG_FILE=${log}`, 'call', 'optional_report', ...stdioServer];
    const asTask = await runCli(['--json', ...legacy, '--task', ...call]);
    assert.equal(asTask.status, 0, asTask.stderr);
    const report = jsonReport(asTask);
    assert.equal(resultText(report), 'optional_report ran as a task');
    const [task, more] = tasksOf(report);
    assert.equal(more, undefined);
    assert.equal(task?.tool, 'optional_report');
    assert.equal(task?.era, '2025-11-25');
    assert.equal(task?.status, 'completed');
    assert.deepEqual(
      task?.history.map((h) => h.status),
      ['working', 'completed'],
    );

    const plain = await runCli(['--json', ...legacy, ...call]);
    assert.equal(plain.status, 0, plain.stderr);
    const plainReport = jsonReport(plain);
    assert.equal(resultText(plainReport), 'optional_report ran without a task');
    assert.deepEqual(tasksOf(plainReport), []);

    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; task?: boolean });
    assert.deepEqual(
      calls.map((e) => [e.event, e.task]),
      [
        ['call', true],
        ['call', false],
      ],
      'the server saw a task-augmented call only with --task',
    );
  });

  it('a task that ends failed exits 1 with its status message, and --json records the failure', async () => {
    const run = await runCli(['--json', ...legacy, 'call', 'failing_job', '--url', http.url]);
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /^mcp-elicit: tools\/call failing_job failed: the task failed: The printer caught fire$/m,
    );
    const report = jsonReport(run);
    assert.equal(report.ok, false);
    assert.equal(tasksOf(report)[0]?.status, 'failed');
  });

  it('a task the server forgets exits 1 saying the server no longer knows it (expired?)', async () => {
    const run = await runCli([...legacy, 'call', 'forgotten_job', '--url', http.url]);
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /^mcp-elicit: tools\/call forgotten_job failed: the server no longer knows task \S+ \(expired\?\): Failed to retrieve task: Task not found$/m,
    );
  });

  it(req`answers a task's elicitation the server sends on the HTTP GET stream, echoing the related-task _meta (X-08)`, async () => {
    const run = await runCli([
      '--json',
      ...legacy,
      '--set',
      'format=pdf',
      'call',
      'ask_elsewhere',
      '--url',
      http.url,
    ]);
    assert.equal(run.status, 0, run.stderr);
    const report = jsonReport(run);
    assert.equal(resultText(report), 'format "pdf" (accept); related-task echoed: true');
    assert.deepEqual(
      report.elicitations.map((e) => [e.message, e.action, e.content]),
      [['Which report format?', 'accept', { format: 'pdf' }]],
    );
    assert.equal(tasksOf(report)[0]?.status, 'completed');
  });
});
