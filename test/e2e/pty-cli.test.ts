// The CLI's terminal form end to end in a real pseudo-terminal (tmux): `mcp-elicit --ui terminal
// call <tool> -- <server>` against the demo server and server-everything, answered with keys
// only; the tool result echoes what reached the server.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { req } from '../helpers/req.js';
import { jsonAfter, TmuxSession } from '../helpers/tmux.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = 'dist/cli/bin.js';
// The built demo beside the built CLI: a third of the CPU of starting its source under tsx.
const demo = ['node', 'dist/demo/main.js'];
const everything = ['node', 'node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];
const sessions: TmuxSession[] = [];

async function cli(tool: string, server: readonly string[]): Promise<TmuxSession> {
  const session = await TmuxSession.start({
    command: ['node', bin, '--ui', 'terminal', 'call', tool, '--', ...server],
    cwd: root,
    columns: 80,
    rows: 24,
  });
  sessions.push(session);
  return session;
}

before(() => {
  if (!existsSync(`${root}/${bin}`))
    throw new Error(`${bin} is missing: run "npm run build" first (npm test does).`);
});

after(async () => {
  for (const session of sessions) await session.kill();
});

describe('mcp-elicit --ui terminal in a real terminal', () => {
  it('demo profile: filled, reviewed, a choice edited from the review, submitted; the server receives exactly that', async () => {
    const t = await cli('profile', demo);
    const first = await t.waitFor('Review answers', { timeoutMs: 20000 });
    assert.match(first, /^Form request from node main\.js \(calls itself "mcp-elicit-demo/);
    assert.match(first, /for tool call "profile"/);
    await t.type('Ada Lovelace');
    await t.keys('Tab');
    await t.type('ada@example.com');
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Country +France \(default\)/);
    await t.keys('Up', 'Up', 'Up', 'Up', 'Enter'); // from Submit up to the Country line
    await t.waitFor('Editing "Country"');
    await t.keys('Down', 'Space', 'NPage', 'Enter');
    await t.waitFor(/Country +Japan\s/);
    await t.keys('Enter');
    const done = await t.waitFor(/^outcome: /m, { history: true, timeoutMs: 15000 });
    assert.deepEqual(jsonAfter(done, 'profile: action=accept content='), {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      website: 'https://example.com',
      birthday: '1990-01-31',
      meeting: '2026-12-01T09:30:00Z',
      age: 30,
      height: 1.75,
      newsletter: false,
      color: 'green',
      country: 'jp',
      size: 'm',
      languages: ['en'],
      skills: ['ts'],
    });
  });

  it('demo profile: the Decline button reaches the server as decline', async () => {
    const t = await cli('profile', demo);
    await t.waitFor('Review answers', { timeoutMs: 20000 });
    await t.keys('NPage', 'Right', 'Enter');
    const done = await t.waitFor(/^outcome: /m, { history: true, timeoutMs: 15000 });
    assert.match(done, /profile: action=decline/);
  });

  it("server-everything's 13-field form: every widget answered with keys, one answer edited in the review", async () => {
    const t = await cli('trigger-elicitation-request', everything);
    await t.waitFor('Review answers', { timeoutMs: 20000 });
    await t.type('Grace Hopper');
    await t.keys('Tab', 'Space'); // check: yes
    await t.keys('Tab', 'Tab');
    await t.type('grace@example.com');
    await t.keys('Tab');
    await t.type('https://example.org/');
    await t.keys('Tab');
    await t.type('1906-12-09');
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Integer +42 \(default\)/);
    await t.keys('Up', 'Up', 'Up', 'Up', 'Up', 'Up', 'Up', 'Enter'); // Submit → Integer
    await t.waitFor('Editing "Integer"');
    await t.keys('BSpace', 'BSpace');
    await t.type('7');
    await t.keys('Tab', 'Tab', 'Tab', 'Down', 'Down', 'Down', 'Space'); // multi-select: tick Drums
    await t.waitFor(/› \[x\] Drums/);
    await t.keys('Tab', 'Down', 'Down', 'Space'); // titled single: Wonder Woman
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Integer +7\s/);
    await t.keys('Enter');
    const done = await t.waitFor(/Raw result:[\s\S]*\n}/, { history: true, timeoutMs: 15000 });
    assert.deepEqual(jsonAfter(done, 'Raw result:'), {
      action: 'accept',
      content: {
        name: 'Grace Hopper',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'grace@example.com',
        homepage: 'https://example.org/',
        birthdate: '1906-12-09',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar', 'Drums'],
        titledSingleSelectEnum: 'hero-3',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
  });

  it(req`server-everything: Escape sends cancel, not decline (E-23)`, async () => {
    const t = await cli('trigger-elicitation-request', everything);
    await t.waitFor('Review answers', { timeoutMs: 20000 });
    await t.keys('Escape');
    const done = await t.waitFor(/Raw result:[\s\S]*\n}/, { history: true, timeoutMs: 15000 });
    assert.deepEqual(jsonAfter(done, 'Raw result:'), { action: 'cancel' });
    assert.match(done, /✗ Cancelled node index\.js stdio's request\./);
  });
});
