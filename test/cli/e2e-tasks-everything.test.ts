// Tasks on 2025-11-25 through the CLI, against @modelcontextprotocol/server-everything:
// `simulate-research-query` (taskSupport "required") asks for a clarification from inside its
// task; it is answered by the scripted and plain front-ends over stdio and HTTP, declined, refused
// with --no-task, and cancelled with Ctrl-C. `trigger-elicitation-request-async` makes the client
// host the elicitation as a task of its own. The server's task sleeps between its stages, so the
// cases (each its own CLI and server process) run side by side.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { interruptCliWhen, jsonReport, resultText, runCli, tasksOf } from '../helpers/cli.js';
import { everythingStdioCommand, type RunningHttpServer, startEverythingHttp } from '../helpers/servers.js';

const everything = everythingStdioCommand();
const stdioServer = ['--', everything.command, ...everything.args];
const research = ['call', 'simulate-research-query', '--args', '{"topic":"python","ambiguous":true}'];

describe('tasks on 2025-11-25 (server-everything)', { concurrency: true }, () => {
  let http: RunningHttpServer;
  before(async () => {
    http = await startEverythingHttp();
  });
  after(async () => {
    await http.close();
  });

  it('runs simulate-research-query as a task, answers its elicitation from inside the task, and returns the final result, over stdio and HTTP', async () => {
    const check = async (server: string[]) => {
      const run = await runCli([
        '--json',
        '--protocol',
        'legacy',
        '--set',
        'interpretation=comedy',
        ...research,
        ...server,
      ]);
      assert.equal(run.status, 0, run.stderr);
      const report = jsonReport(run);
      assert.match(resultText(report), /# Research Report: python \(comedy\)/);
      assert.deepEqual(
        report.elicitations.map((e) => [e.action, e.content]),
        [['accept', { interpretation: 'comedy' }]],
      );
      const [task, more] = tasksOf(report);
      assert.equal(more, undefined);
      assert.ok(task);
      assert.equal(task.tool, 'simulate-research-query');
      assert.equal(task.era, '2025-11-25');
      assert.equal(task.status, 'completed');
      const statuses = task.history.map((h) => h.status);
      assert.deepEqual([...new Set(statuses)], ['working', 'input_required', 'completed']);
      assert.ok(task.history.some((h) => h.statusMessage === 'Gathering sources...'));
      assert.match(run.stderr, new RegExp(`task ${task.taskId}: input_required`));
    };
    await Promise.all([check(stdioServer), check(['--url', http.url])]);
  });

  it('a decline inside the task reaches the server as decline', async () => {
    const run = await runCli(['--json', '--protocol', 'legacy', '--decline', ...research, ...stdioServer]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(resultText(jsonReport(run)), /User declined/);
  });

  it('the plain front-end answers the elicitation inside the task', async () => {
    const run = await runCli(['--protocol', 'legacy', '--ui', 'plain', ...research, ...stdioServer], {
      input: '2\ns\n',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Field 1 of 1: Clarification \(required\)/);
    assert.match(run.stdout, /# Research Report: python \(snake\)/);
  });

  it('--no-task refuses a tool that runs only as a task, with a clear error', async () => {
    const run = await runCli([
      '--protocol',
      'legacy',
      '--no-task',
      '--accept-defaults',
      ...research,
      ...stdioServer,
    ]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /simulate-research-query" runs only as a task, which --no-task forbids/);
  });

  it('serves a task-augmented elicitation/create as a client-hosted task (trigger-elicitation-request-async)', async () => {
    const run = await runCli([
      '--json',
      '--protocol',
      'legacy',
      '--set',
      'name=Ada',
      '--accept-defaults',
      'call',
      'trigger-elicitation-request-async',
      ...stdioServer,
    ]);
    assert.equal(run.status, 0, run.stderr);
    const text = resultText(jsonReport(run));
    assert.match(text, /\[COMPLETED\] User provided the requested information!/);
    assert.match(text, /Task created: \S+/);
    assert.match(text, /- Name: Ada/);
  });

  it('Ctrl-C while the task runs cancels it, still reports the task as --json, and exits 130', async () => {
    const run = await interruptCliWhen(
      ['--json', '--protocol', 'legacy', '--accept-defaults', ...research, ...stdioServer],
      /task \S+: working/,
    );
    assert.equal(run.status, 130, run.stderr);
    const report = jsonReport(run);
    assert.equal(report.ok, false);
    assert.equal(report.error?.code, 'interrupted');
    assert.equal(tasksOf(report)[0]?.status, 'cancelled');
  });
});
