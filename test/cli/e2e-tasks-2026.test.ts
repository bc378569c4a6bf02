// Tasks on 2026-07-28 through the CLI, against the Tasks-extension fixture server over stdio and
// Streamable HTTP (where every tasks/* request must carry `Mcp-Name: <taskId>`, which the SDK's
// server checks): an input round before the task, a form and then a URL step from inside the
// task, an answered key repeated on a later poll, a failed task, a forgotten task, Ctrl-C, and
// -32021.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { interruptCliWhen, jsonReport, resultText, runCli, tasksOf } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { type RunningHttpServer, startTasksHttp, tasksStdioCommand } from '../helpers/servers.js';

const fixture = tasksStdioCommand();
const stdioServer = ['--', fixture.command, ...fixture.args];
const modern = ['--protocol', 'modern'];
/** A browser stand-in that exits at once: with --open-urls that counts as the URL step done. */
const env = { BROWSER: 'true' };

describe('tasks on 2026-07-28 (Tasks extension fixture)', () => {
  let http: RunningHttpServer;
  before(async () => {
    http = await startTasksHttp();
  });
  after(async () => {
    await http.close();
  });

  it(req`book_trip: input round, task, form, URL step, repeated key answered once, completed; over stdio and HTTP (T-03)`, async () => {
    for (const server of [stdioServer, ['--url', http.url]]) {
      const run = await runCli(
        [
          '--json',
          ...modern,
          '--set',
          'name=Grace',
          '--set',
          'seats=2',
          '--open-urls',
          'call',
          'book_trip',
          '--args',
          '{"destination":"Oslo","confirmFirst":true}',
          ...server,
        ],
        { env },
      );
      assert.equal(run.status, 0, run.stderr);
      const report = jsonReport(run);
      assert.equal(
        resultText(report),
        'Booked Oslo for Grace (2 seats); payment accept; answers traveller×1, payment×1',
      );
      assert.deepEqual(
        report.elicitations.map((e) => [e.mode, e.message, e.action]),
        [
          ['form', 'Start the booking?', 'accept'],
          ['form', 'Who is travelling?', 'accept'],
          ['url', 'Pay for the booking on the payment page.', 'accept'],
        ],
      );
      const [task] = tasksOf(report);
      assert.ok(task);
      assert.equal(task.era, '2026-07-28');
      assert.equal(task.status, 'completed');
      assert.deepEqual(
        task.history.filter((h) => h.status === 'input_required').map((h) => h.statusMessage),
        ['Waiting for traveller details', 'Waiting for payment'],
      );
      assert.equal(report.protocol?.version, '2026-07-28');
    }
  });

  it('a failed task exits 1 with the server error, and --json records the failure', async () => {
    const run = await runCli(['--json', ...modern, 'call', 'failing_job', ...stdioServer]);
    assert.equal(run.status, 1);
    const report = jsonReport(run);
    assert.match(
      report.error?.message ?? '',
      /tools\/call failing_job failed: the task failed: the printer caught fire/,
    );
    assert.equal(tasksOf(report)[0]?.status, 'failed');
  });

  it('a task the server forgets (tasks/get answers -32602) exits 1 saying the server no longer knows it (expired?)', async () => {
    const run = await runCli(['--json', ...modern, 'call', 'forgotten_job', '--url', http.url]);
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /^mcp-elicit: tools\/call forgotten_job failed: the server no longer knows task \S+ \(expired\?\): Failed to retrieve task: Task not found$/m,
    );
    assert.equal(jsonReport(run).ok, false);
  });

  it('--no-task against a tool that needs the extension: -32021 explained', async () => {
    const run = await runCli([...modern, '--no-task', 'call', 'needs_tasks', ...stdioServer]);
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /needs client capabilities this request did not declare: .*io\.modelcontextprotocol\/tasks/,
    );
    assert.match(run.stderr, /do not use --no-task/);
  });

  it(req`Ctrl-C while the task runs sends tasks/cancel and exits 130 (T-04)`, async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-tasks-')), 'log.jsonl');
    // The CLI hands a stdio server only a safe set of variables, plus what --env names.
    const run = await interruptCliWhen(
      ['--json', ...modern, '--env', `TASKS_LOG_FILE=${log}`, 'call', 'endless_job', ...stdioServer],
      /task \S+: working/,
    );
    assert.equal(run.status, 130, run.stderr);
    assert.equal(tasksOf(jsonReport(run))[0]?.status, 'cancelled');
    const events = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { event: string }).event);
    assert.deepEqual(events, ['created', 'cancel']);
  });
});
