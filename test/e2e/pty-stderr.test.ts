// A server that writes a window title (OSC 0), colours, cursor moves and a screen clear to its
// stderr, run by the CLI in a real terminal (tmux): with -v, and when connecting fails, the text
// arrives inert, each line labelled, and the terminal's title is untouched (issue 13).
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { freshCacheDir, root } from '../helpers/cli.js';
import { stderrStdioCommand } from '../helpers/servers.js';
import { TmuxSession } from '../helpers/tmux.js';

const ESC = '\u001b';
const sessions: TmuxSession[] = [];
after(async () => {
  for (const session of sessions) await session.kill();
});

async function runInTerminal(
  options: readonly string[],
  serverArgs: readonly string[] = [],
): Promise<{ screen: string; raw: string; titled: boolean }> {
  const server = stderrStdioCommand();
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const cli = [
    'node',
    'dist/cli/bin.js',
    ...options,
    '--name',
    'noisy',
    'call',
    'shout',
    '--',
    server.command,
    ...server.args,
  ];
  const t = await TmuxSession.start({
    command: ['sh', '-c', `${[...cli, ...serverArgs].map(quote).join(' ')}; echo "EXIT=$?"`],
    cwd: root,
    // NO_COLOR: the CLI itself writes no escape codes, so any left on screen came from the server.
    env: { NO_COLOR: '1', MCP_ELICIT_CACHE_DIR: freshCacheDir() },
    columns: 100,
    rows: 30,
  });
  sessions.push(t);
  const titleBefore = await t.title();
  const screen = await t.waitFor(/EXIT=\d+/, { history: true, timeoutMs: 20_000 });
  const raw = await t.capture({ escapes: true, history: true });
  return { screen, raw, titled: (await t.title()) !== titleBefore };
}

describe("a server's stderr in a real terminal", () => {
  it('with -v: shown line by line under the server label, with no colour, cursor move, clear or title change', async () => {
    const { screen, raw, titled } = await runInTerminal(['-v']);
    assert.match(screen, /EXIT=0/);
    const lines = screen.split('\n');
    assert.ok(lines.includes('[noisy] starting red server'), screen);
    assert.ok(lines.includes('[noisy] cursor moved  up'), 'the cursor stayed put: the text follows in order');
    assert.ok(lines.includes('[noisy] half a line'), screen);
    assert.ok(lines.includes('[noisy] ready'), screen);
    assert.ok(lines.includes('[noisy] tool called'), screen);
    assert.ok(
      screen.indexOf('[noisy] starting red server') < screen.indexOf('[noisy] ready'),
      'nothing cleared the screen',
    );
    assert.doesNotMatch(screen, /PWNED/);
    assert.equal(
      raw.includes(ESC),
      false,
      `no escape sequence reached the screen:\n${JSON.stringify(raw).slice(0, 400)}`,
    );
    assert.equal(titled, false, 'the window title was not changed');
  });

  it('without -v, when connecting fails: its last lines, the same way, then the error', async () => {
    const { screen, raw, titled } = await runInTerminal([], ['--fail']);
    assert.match(screen, /EXIT=3/);
    assert.match(screen, /^\[noisy\] starting red server$/m);
    assert.match(screen, /mcp-elicit: cannot connect to noisy/);
    assert.equal(raw.includes(ESC), false, JSON.stringify(raw).slice(0, 400));
    assert.equal(titled, false, 'the window title was not changed');
  });
});
