// `--record` through the terminal form in a real pseudo-terminal (tmux), replayed unattended with
// `--answers`: the demo server and server-everything get the same answers, so the tool results match.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { jsonAfter, TmuxSession } from '../helpers/tmux.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = 'dist/cli/bin.js';
const demo = ['node', 'dist/demo/main.js'];
const everything = ['node', 'node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];
const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-pty-record-'));
const sessions: TmuxSession[] = [];

async function recording(file: string, tool: string, server: readonly string[]): Promise<TmuxSession> {
  const session = await TmuxSession.start({
    command: ['node', bin, '--ui', 'terminal', '--record', file, 'call', tool, '--', ...server],
    cwd: root,
    columns: 80,
    rows: 24,
  });
  sessions.push(session);
  return session;
}

async function replayed(file: string, tool: string, server: readonly string[]): Promise<string> {
  const run = await runCli(['--json', '--answers', file, 'call', tool, '--', ...server]);
  assert.equal(run.status, 0, run.stderr);
  return resultText(jsonReport(run));
}

before(() => {
  if (!existsSync(`${root}/${bin}`))
    throw new Error(`${bin} is missing: run "npm run build" first (npm test does).`);
});

after(async () => {
  for (const session of sessions) await session.kill();
});

describe('mcp-elicit --ui terminal --record in a real terminal', () => {
  it('demo profile: a form filled with keys is recorded, and the replay sends the server the same content', async () => {
    const file = join(dir, 'profile.json');
    const t = await recording(file, 'profile', demo);
    await t.waitFor('Review answers', { timeoutMs: 20000 });
    await t.type('Ada Lovelace');
    await t.keys('Tab');
    await t.type('ada@example.com');
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Country +France \(default\)/);
    await t.keys('Enter');
    const done = await t.waitFor(/^outcome: /m, { history: true, timeoutMs: 15000 });
    const sent = jsonAfter(done, 'profile: action=accept content=') as Record<string, unknown>;
    assert.equal(sent.name, 'Ada Lovelace');
    const [entry] = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(entry.content, sent);
    assert.equal(entry.tool, 'profile');
    assert.deepEqual(
      jsonAfter(await replayed(file, 'profile', demo), 'profile: action=accept content='),
      sent,
    );
  });

  it("server-everything's 13-field form: recorded in the terminal, replayed to the same raw result", async () => {
    const file = join(dir, 'everything.json');
    const t = await recording(file, 'trigger-elicitation-request', everything);
    await t.waitFor('Review answers', { timeoutMs: 20000 });
    await t.type('Grace Hopper');
    await t.keys('Tab', 'Space'); // check: yes
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Integer +42 \(default\)/);
    await t.keys('Enter');
    const done = await t.waitFor(/Raw result:[\s\S]*\n}/, { history: true, timeoutMs: 15000 });
    const raw = jsonAfter(done, 'Raw result:') as { action: string; content: Record<string, unknown> };
    assert.equal(raw.action, 'accept');
    assert.equal(raw.content.check, true);
    const replay = await replayed(file, 'trigger-elicitation-request', everything);
    assert.deepEqual(jsonAfter(replay, 'Raw result:'), raw);
  });
});
