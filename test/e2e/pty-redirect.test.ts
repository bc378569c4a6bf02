// `mcp-elicit call <tool> -- <server> > out.txt` at a terminal, in a real pseudo-terminal (tmux):
// the form is drawn on the terminal (stderr, or /dev/tty when stderr is redirected too) and the
// file receives only the result.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { TmuxSession } from '../helpers/tmux.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-redirect-'));
const ask = JSON.stringify({ schema: { type: 'object', properties: { name: { type: 'string' } } } });
// The fixture's bundle (a path without spaces or quotes: it goes into the sh line as is).
const [echoForm] = fixtureCommand('test/fixtures/servers/echo-form-server.ts').args;
const sessions: TmuxSession[] = [];

/** Runs the CLI under sh with `redirects` appended, then prints its exit status on the pane. */
async function redirected(redirects: string): Promise<TmuxSession> {
  const script = `node dist/cli/bin.js call ask --args "$1" -- node ${echoForm} ${redirects}; echo "exit status $?"`;
  const session = await TmuxSession.start({ command: ['sh', '-c', script, 'sh', ask], cwd: root });
  sessions.push(session);
  return session;
}

async function answerAda(t: TmuxSession): Promise<void> {
  await t.waitFor('Review answers', { timeoutMs: 20000 });
  await t.type('Ada');
  await t.keys('NPage', 'Enter');
  await t.waitFor(/name +Ada/);
  await t.keys('Enter');
  await t.waitFor('exit status 0', { timeoutMs: 15000 });
}

after(async () => {
  for (const session of sessions) await session.kill();
});

describe('mcp-elicit with stdout redirected at a terminal', () => {
  it('draws the form on the terminal (stderr) and writes only the result to the file', async () => {
    const out = join(dir, 'out.txt');
    const t = await redirected(`> ${out}`);
    await answerAda(t);
    assert.equal(readFileSync(out, 'utf8').trim(), '{"action":"accept","content":{"name":"Ada"}}');
  });

  it('draws the form on the controlling terminal when stderr is redirected as well', async () => {
    const out = join(dir, 'out2.txt');
    const err = join(dir, 'err2.txt');
    const t = await redirected(`> ${out} 2> ${err}`);
    await answerAda(t);
    assert.equal(readFileSync(out, 'utf8').trim(), '{"action":"accept","content":{"name":"Ada"}}');
    assert.doesNotMatch(readFileSync(err, 'utf8'), /Review answers|name \(optional\)/);
  });
});
