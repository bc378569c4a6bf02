// --task-timeout through the CLI, against the hostile tasks fixture on both eras: a task that
// never ends is stopped at the given time (tasks/cancel sent) with one stderr line, exit 1; a bad
// duration is a usage error before anything starts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonReport, runCli, tasksOf } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { hostileTasksStdioCommand } from '../helpers/servers.js';

const fixture = hostileTasksStdioCommand();
const server = ['--', fixture.command, ...fixture.args];

describe('--task-timeout', () => {
  for (const [era, protocol] of [
    ['2026', 'modern'],
    ['2025', 'legacy'],
  ] as const) {
    it(req`${era}: a task still running after --task-timeout 2s ends with one line, exit 1, and is cancelled (T-05)`, async () => {
      const run = await runCli(
        [
          '--json',
          '--protocol',
          protocol,
          '--env',
          `HOSTILE_TASKS_ERA=${era}`,
          '--task-timeout',
          '2s',
          'call',
          'spin',
          '--args',
          '{"ttlMs":3600000}',
          ...server,
        ],
        { timeoutMs: 60_000 },
      );
      assert.equal(run.status, 1, run.stderr);
      assert.match(
        run.stderr,
        /^mcp-elicit: tools\/call spin failed: task \S+ did not finish within 2 s \(the client's task timeout, --task-timeout\)$/m,
      );
      assert.equal(tasksOf(jsonReport(run))[0]?.status, 'cancelled');
    });
  }

  it('a duration that is not one is a usage error naming the forms it takes', async () => {
    const run = await runCli(['--task-timeout', 'soon', 'call', 'spin', ...server]);
    assert.equal(run.status, 2);
    assert.match(
      run.stderr,
      /--task-timeout takes a duration like 90s, 30m or 2h \(1s to 596h; got "soon"\)/,
    );
  });
});
