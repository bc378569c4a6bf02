// In a real terminal (tmux): server-everything's long-running operation shows a live progress line
// on stderr (n/total and a bar) that is gone when the result prints; a slow server start says
// "starting <server>…" instead of silence.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { freshCacheDir, root } from '../helpers/cli.js';
import { everythingStdioCommand } from '../helpers/servers.js';
import { TmuxSession } from '../helpers/tmux.js';

const sessions: TmuxSession[] = [];
after(async () => {
  for (const session of sessions) await session.kill();
});

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

async function start(cli: readonly string[]): Promise<TmuxSession> {
  const t = await TmuxSession.start({
    command: ['sh', '-c', `${['node', 'dist/cli/bin.js', ...cli].map(quote).join(' ')}; echo "EXIT=$?"`],
    cwd: root,
    env: { MCP_ELICIT_CACHE_DIR: freshCacheDir() },
    columns: 100,
    rows: 30,
  });
  sessions.push(t);
  return t;
}

// Both cases wait on a server's clock (its operation, its start), each in its own tmux session.
describe('progress and start-up in a terminal', { concurrency: true }, () => {
  it('draws a live progress line while trigger-long-running-operation runs, then clears it', async () => {
    const everything = everythingStdioCommand();
    const t = await start([
      '--arg',
      'duration=4',
      '--arg',
      'steps=4',
      'call',
      'trigger-long-running-operation',
      '--',
      everything.command,
      ...everything.args,
    ]);
    await t.waitFor(/progress [1-3]\/4 \[#+\.+\]/, { timeoutMs: 30_000 });
    const end = await t.waitFor('EXIT=0', { timeoutMs: 30_000 });
    // The result may have scrolled into tmux's history (seen once under load in CI); read it all.
    assert.match(await t.capture({ history: true }), /Long running operation completed/);
    assert.doesNotMatch(end, /progress \d\/4/);
  });

  it('says "starting <server>…" when the server takes over a second to start', async () => {
    const demo = join(root, 'dist', 'demo', 'main.js');
    const t = await start([
      '--name',
      'sleepy',
      'tools',
      '--',
      'sh',
      '-c',
      `sleep 2; exec node ${quote(demo)}`,
    ]);
    const end = await t.waitFor('EXIT=0', { history: true, timeoutMs: 30_000 });
    assert.match(end, /starting sleepy…/);
    assert.match(end, /^sign_in /m);
  });
});
