// A task-backed tool in a real terminal (tmux): the status line while server-everything's
// simulate-research-query works, its clarification form answered with keys from inside the task,
// the status line again afterwards, and the final report.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TmuxSession } from '../helpers/tmux.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = 'dist/cli/bin.js';
const everything = ['node', 'node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];
const sessions: TmuxSession[] = [];

before(() => {
  if (!existsSync(`${root}/${bin}`))
    throw new Error(`${bin} is missing: run "npm run build" first (npm test does).`);
});

after(async () => {
  for (const session of sessions) await session.kill();
});

describe('a task-backed tool in a real terminal', () => {
  it('shows "working… (N s) — <status>", the form from inside the task, then the result', async () => {
    const t = await TmuxSession.start({
      command: [
        'node',
        bin,
        '--ui',
        'terminal',
        '--protocol',
        'legacy',
        'call',
        'simulate-research-query',
        '--args',
        '{"topic":"python","ambiguous":true}',
        '--',
        ...everything,
      ],
      cwd: root,
      columns: 80,
      rows: 24,
    });
    sessions.push(t);
    await t.waitFor(/working… \(\d+ s\) — (Gathering sources|Analyzing content)\.\.\./, {
      timeoutMs: 20000,
    });
    await t.waitFor('Clarification (required) — choose one', { timeoutMs: 15000 });
    await t.keys('Down', 'Space');
    await t.keys('NPage', 'Enter');
    await t.waitFor('Review before sending');
    await t.keys('Enter');
    await t.waitFor(/working… \(\d+ s\) — (Continuing with interpretation: "snake"|Generating report)/, {
      timeoutMs: 10000,
    });
    const done = await t.waitFor('# Research Report: python (snake)', { history: true, timeoutMs: 15000 });
    assert.doesNotMatch(done, /working…/, 'the status line is cleared before the result is printed');
  });
});
