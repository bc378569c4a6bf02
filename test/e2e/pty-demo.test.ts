// `npm start` on a terminal: the demo tour, completed with keys alone in a real 80x24 terminal.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { freshCacheDir, root } from '../helpers/cli.js';
import { TmuxSession } from '../helpers/tmux.js';

const sessions: TmuxSession[] = [];
after(async () => {
  for (const session of sessions) await session.kill();
});

describe('mcp-elicit demo in a terminal', () => {
  it('walks through all six steps: forms submitted, one declined, the sign-in page opened; the transcript shows what the server got', async () => {
    const t = await TmuxSession.start({
      command: ['sh', '-c', 'node dist/cli/bin.js demo; echo "EXIT=$?"'],
      cwd: root,
      env: {
        MCP_ELICIT_CACHE_DIR: freshCacheDir(),
        BROWSER: `${process.execPath} ${join(root, 'test/fixtures/browser/visit-page.mjs')} --mode=submit`,
      },
      columns: 80,
      rows: 24,
    });
    sessions.push(t);
    const next = async (tool: string) => {
      await t.waitFor('Press Enter to open the form', { timeoutMs: 20_000 });
      await t.keys('Enter');
      await t.waitFor(`for tool call "${tool}"`, { timeoutMs: 20_000 });
    };
    // A form without fields opens on its review screen, Submit focused.
    const submitConfirmation = async () => {
      await t.waitFor('[>Submit<]');
      await t.keys('Enter');
    };
    const submit = async () => {
      await t.keys('NPage', 'Enter'); // to the buttons: Review answers
      await t.waitFor('Submit');
      await t.keys('Enter');
    };

    await next('profile');
    await t.type('Ada Lovelace');
    await t.keys('Tab');
    await t.type('ada@example.com');
    await submit();

    await next('signup');
    await t.type('ada');
    await submit();
    await t.waitFor('What are you interested in');
    await submit();
    await t.waitFor('Create account "ada"');
    await submitConfirmation();

    await next('confirm');
    await submitConfirmation();

    await next('delete_files');
    await t.keys('NPage', 'Right', 'Enter'); // Decline

    await next('survey');
    await submit();

    await next('sign_in');
    await t.waitFor('Open in browser');
    await t.keys('Enter');
    // 2026-07-28 asks the person to say when the page is done; 2025-11-25 goes on by itself.
    const screen = await t.waitFor(/Waiting for a web page|EXIT=\d+/, { history: true, timeoutMs: 20_000 });
    if (/Waiting for a web page/.test(screen) && !/EXIT=/.test(screen)) await t.keys('d');

    const end = await t.waitFor('EXIT=0', { history: true, timeoutMs: 20_000 });
    assert.match(end, /profile: action=accept content=\{"name":"Ada Lovelace","email":"ada@example.com"/);
    assert.match(end, /outcome: account ada created/);
    assert.match(end, /delete: action=decline content=absent/);
    assert.match(end, /outcome: thanks for the feedback/);
    assert.match(end, /outcome: signed in as Ada Lovelace/);
    assert.match(end, /Done\. Try it on your own server/);
  });
});
