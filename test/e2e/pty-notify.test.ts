// Issue 23 in a real pseudo-terminal: a prompt that waits raises the bell and the OSC 9/777
// notices exactly once, then once per reminder, and a desktop notice through the notify-send on
// PATH (a stand-in that records its argv); TERM=dumb, --notify off and piped runs raise none on
// the terminal. tmux's pipe-pane records the raw bytes the CLI wrote, escapes included.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { cliBin, root, runCli } from '../helpers/cli.js';
import { standInNotifySend } from '../helpers/notify-send.js';
import { echoFormStdioCommand } from '../helpers/servers.js';
import { TmuxSession } from '../helpers/tmux.js';
import { until } from '../helpers/within.js';

const sessions: TmuxSession[] = [];
after(async () => {
  for (const session of sessions) await session.kill();
});

const ASK = JSON.stringify({
  message: 'Your name, please',
  schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
});
const OSC9 = '\u001b]9;';
const OSC777 = '\u001b]777;notify;';

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/** The CLI asking one form in tmux, held until the raw recording is attached. */
async function ask(term: string, extra: readonly string[]) {
  const server = echoFormStdioCommand();
  const stand = standInNotifySend();
  const raw = join(mkdtempSync(join(tmpdir(), 'pty-notify-')), 'raw.bin');
  const session = await TmuxSession.start({
    command: [
      'sh',
      '-c',
      'read go; exec "$@"',
      'sh',
      process.execPath,
      cliBin,
      '--no-era-cache',
      '--name',
      'github',
      ...extra,
      'call',
      'ask',
      '--args',
      ASK,
      '--',
      server.command,
      ...server.args,
    ],
    cwd: root,
    env: {
      TERM: term,
      PATH: `${stand.dir}${delimiter}${process.env.PATH ?? ''}`,
      MCP_ELICIT_CACHE_DIR: mkdtempSync(join(tmpdir(), 'pty-notify-cache-')),
    },
  });
  sessions.push(session);
  await session.pipeTo(raw);
  await session.keys('Enter');
  const bytes = () => (existsSync(raw) ? readFileSync(raw, 'latin1') : '');
  return { session, stand, bytes };
}

describe('notices for a waiting prompt, in a real terminal', () => {
  it('raises the bell and OSC 9/777 once when the form is shown and once per reminder, never after the answer', async () => {
    const { session, stand, bytes } = await ask('xterm-256color', ['--remind', '1']);
    await session.waitFor('Your name, please', { timeoutMs: 20_000 });
    await until(() => count(bytes(), OSC9) >= 2, 'the first reminder');
    await session.keys('Escape');
    await session.waitFor(/cancel/i, { history: true, timeoutMs: 20_000 });
    const atAnswer = count(bytes(), OSC9);
    // Once the CLI has exited nothing more can come: every notice it raised is in the recording.
    await session.waitForExit(20_000);
    // tmux's pipe-pane and the stand-in notify-send may still be writing what came before the exit.
    await until(() => {
      const notices = count(bytes(), OSC9);
      return count(bytes(), OSC777) === notices && stand.calls().length === notices;
    }, 'the recording and the desktop notices to settle');
    const text = bytes();
    assert.equal(count(text, OSC9), atAnswer, 'no notice after the prompt ended');
    assert.equal(count(text, OSC777), count(text, OSC9), 'OSC 9 and OSC 777 together, once each per notice');
    assert.ok(text.includes(`${OSC9}Server "github" asks you to fill in a form\u0007`));
    assert.ok(!text.includes('Your name, please\u0007'), "the server's message is never a notice");
    assert.equal(stand.calls().length, count(text, OSC9), 'one desktop notice per terminal notice');
    assert.deepEqual(stand.calls()[0]?.slice(-2), [
      'mcp-elicit: input needed',
      'Server "github" asks you to fill in a form',
    ]);
  });

  it('writes no notice escapes with TERM=dumb (the desktop is still told), and none at all with --notify off', async () => {
    const dumb = await ask('dumb', ['--remind', 'off']);
    await dumb.session.waitFor('Your name, please', { timeoutMs: 20_000 });
    await until(() => dumb.stand.calls().length === 1, 'the desktop notice');
    assert.equal(count(dumb.bytes(), OSC9), 0);
    assert.equal(count(dumb.bytes(), '\u0007'), 0);
    const off = await ask('xterm-256color', ['--notify', 'off']);
    await off.session.waitFor('Your name, please', { timeoutMs: 20_000 });
    // A notice is raised when the form is shown: after the answer and the exit, all of them are in.
    await off.session.keys('Escape');
    await off.session.waitForExit(20_000);
    assert.equal(count(off.bytes(), OSC9), 0);
    assert.equal(off.stand.calls().length, 0);
  });

  it('raises nothing for a piped run (line mode fed by a script)', async () => {
    const stand = standInNotifySend();
    const server = echoFormStdioCommand();
    const run = await runCli(
      ['--name', 'github', 'call', 'ask', '--args', ASK, '--', server.command, ...server.args],
      {
        input: 'Ada\n\n',
        env: { PATH: `${stand.dir}${delimiter}${process.env.PATH ?? ''}`, TERM: 'xterm-256color' },
      },
    );
    assert.ok(!`${run.stdout}${run.stderr}`.includes('\u001b]9;'));
    assert.equal(stand.calls().length, 0);
  });
});
