// A hostile server whose message, titles, descriptions, options and defaults carry terminal escape
// sequences (colours, cursor moves, screen clearing, OSC 0 title, OSC 8 links, C1 controls, bidi
// override) and HTML: in a real terminal the form shows them as inert text (H-07).
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { root } from '../helpers/cli.js';
import { escapeStdioCommand } from '../helpers/servers.js';
import { TmuxSession } from '../helpers/tmux.js';

const ESC = '\u001b';
const sessions: TmuxSession[] = [];
after(async () => {
  for (const session of sessions) await session.kill();
});

describe('escape sequences from a hostile server in a real terminal', () => {
  it('are shown inert: no colour, no cursor movement, no cleared screen, no title change, no links', async () => {
    const server = escapeStdioCommand();
    const t = await TmuxSession.start({
      // NO_COLOR: our own form then writes no escape codes, so any left on screen came from the server.
      command: [
        'node',
        'dist/cli/bin.js',
        '--ui',
        'terminal',
        '--name',
        'hostile',
        'call',
        'escapes',
        '--',
        server.command,
        ...server.args,
      ],
      cwd: root,
      env: { NO_COLOR: '1' },
      columns: 100,
      rows: 30,
    });
    sessions.push(t);
    const titleBefore = await t.title();
    const screen = await t.waitFor('Review answers', { timeoutMs: 20_000 });
    const lines = screen.split('\n');
    assert.match(
      lines[0] ?? '',
      /^Form request from hostile/,
      'the header stays on the first line (no clear/cursor move)',
    );
    assert.match(
      screen,
      /URGENT Please confirm your bank <script>alert\("owned"\)<\/script>/,
      'the text survives, inert',
    );
    assert.match(screen, /Nickname/);
    assert.doesNotMatch(screen, /owned terminal title|c1 title/, 'OSC payloads are removed, not printed');
    const withAttributes = await t.capture({ escapes: true });
    assert.equal(
      withAttributes.includes(ESC),
      false,
      `no escape sequence reached the screen:\n${JSON.stringify(withAttributes).slice(0, 400)}`,
    );
    assert.equal(await t.title(), titleBefore, 'the window title was not changed');
    await t.keys('Escape');
    await t.waitFor(/Cancelled/, { history: true });
  });
});
