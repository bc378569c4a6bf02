// A stdio server's stderr is untrusted server text (issue 13): the CLI shows it sanitised, line by
// line, prefixed with the server's label and bounded, with -v and when connecting fails.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServerStderr } from '../../src/cli/server-stderr.js';
import { runCli } from '../helpers/cli.js';
import { stderrStdioCommand } from '../helpers/servers.js';

const ESC = '\u001b';

function view(options: { live: boolean; maxLineLength?: number; maxTotal?: number; tailLines?: number }) {
  const out: string[] = [];
  const stderr = new ServerStderr({ label: 'srv', write: (text) => out.push(text), ...options });
  return { stderr, text: () => out.join('') };
}

describe('ServerStderr', () => {
  it('removes escape sequences and control characters and prefixes each line with the label', () => {
    const { stderr, text } = view({ live: true });
    stderr.push(
      `${ESC}]0;PWNED\u0007title ${ESC}[31mred${ESC}[0m\r\n${ESC}[2J${ESC}[5;5Hmoved\u009b31m\u0007\n`,
    );
    assert.equal(text(), '[srv] title red\n[srv] moved\n');
  });

  it('joins a line written in several pieces, even one split inside an escape sequence or a character', () => {
    const { stderr, text } = view({ live: true });
    for (const piece of ['half ', `a ${ESC}]0;PW`, 'NED\u0007line é', '\n', 'last (no newline)'])
      stderr.push(piece);
    assert.equal(text(), '[srv] half a line é\n');
    stderr.end();
    assert.equal(text(), '[srv] half a line é\n[srv] last (no newline)\n');
  });

  it('cuts a long line and says how much was cut, including a line that never ends', () => {
    const { stderr, text } = view({ live: true, maxLineLength: 10 });
    stderr.push(`${'a'.repeat(25)}\n`);
    stderr.push('b'.repeat(100_000));
    stderr.push('b'.repeat(100_000));
    stderr.end();
    assert.equal(
      text(),
      `[srv] ${'a'.repeat(10)} … (15 more characters cut)\n[srv] ${'b'.repeat(10)} … (199990 more characters cut)\n`,
    );
  });

  it('bounds the total shown and notes what it left out', () => {
    const { stderr, text } = view({ live: true, maxTotal: 12 });
    stderr.push('one\ntwo\nthree\nfour\nfive\n');
    stderr.end();
    assert.equal(
      text(),
      '[srv] one\n[srv] two\n[srv] three\n[srv] (stderr beyond 12 characters is not shown)\n[srv] (2 more stderr lines, 8 characters, not shown)\n',
    );
  });

  it('without -v keeps only the last lines, shown when asked (connection failed)', () => {
    const { stderr, text } = view({ live: false, tailLines: 2 });
    stderr.push(`1\n2\n3\n${ESC}[1mfatal${ESC}[0m: no token`);
    assert.equal(text(), '', 'nothing is shown while all goes well');
    stderr.showTail();
    assert.equal(text(), '[srv] (2 earlier stderr lines not shown)\n[srv] 3\n[srv] fatal: no token\n');
  });

  it('sanitises the label too', () => {
    const out: string[] = [];
    const stderr = new ServerStderr({ label: `ev${ESC}]0;x\u0007il`, live: true, write: (t) => out.push(t) });
    stderr.push('hi\n');
    assert.deepEqual(out, ['[evil] hi\n']);
  });
});

describe('the CLI with a server that writes escape sequences to stderr', () => {
  const server = stderrStdioCommand();
  const shout = (options: string[], serverArgs: string[] = []) =>
    runCli([
      ...options,
      '--name',
      'noisy',
      'call',
      'shout',
      '--',
      server.command,
      ...server.args,
      ...serverArgs,
    ]);

  it('with -v shows each line sanitised, labelled and cut, and the text written during a tool call', async () => {
    const run = await shout(['-v']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr.includes(ESC), false, `no escape reached stderr: ${JSON.stringify(run.stderr)}`);
    assert.equal(run.stderr.includes('\u0007'), false);
    assert.doesNotMatch(run.stderr, /PWNED/);
    const lines = run.stderr.split('\n');
    assert.ok(lines.includes('[noisy] starting red server'), run.stderr);
    assert.ok(lines.includes('[noisy] cursor moved  up'), run.stderr);
    assert.ok(lines.includes('[noisy] half a line'), 'a line written in two pieces is one line');
    assert.ok(lines.includes(`[noisy] ${'x'.repeat(500)} … (4500 more characters cut)`), run.stderr);
    assert.ok(lines.includes('[noisy] tool called'), run.stderr);
    assert.match(run.stdout, /done/);
  });

  it('without -v says nothing of it, and shows the last lines, sanitised, when connecting fails', async () => {
    const quiet = await shout([]);
    assert.equal(quiet.status, 0, quiet.stderr);
    assert.doesNotMatch(quiet.stderr, /\[/, 'no server stderr without -v');
    const failed = await shout([], ['--fail']);
    assert.equal(failed.status, 3, failed.stderr);
    assert.equal(failed.stderr.includes(ESC), false, JSON.stringify(failed.stderr));
    assert.match(failed.stderr, /^\[noisy\] starting red server$/m);
    assert.match(failed.stderr, /^\[noisy\] ready$/m);
    assert.match(failed.stderr, /mcp-elicit: cannot connect to/);
  });

  it('without -v shows the last lines, sanitised, when the server exits during a request', async () => {
    const run = await runCli(['--name', 'noisy', 'call', 'crash', '--', server.command, ...server.args]);
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stderr.includes(ESC), false, JSON.stringify(run.stderr));
    assert.match(run.stderr, /^\[noisy\] ready\n\[noisy\] fatal: out of luck\n/m);
    assert.match(run.stderr, /tools\/call crash failed/);
  });
});
