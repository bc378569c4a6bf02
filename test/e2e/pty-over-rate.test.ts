// "This server keeps asking: mute it?" in a real terminal (tmux), issue 12 #9: the hostile fixture
// asks the same form three times in a row; with --rate-limit 1 the second request brings up the
// question, and Mute cancels it and the third without showing either.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { TmuxSession } from '../helpers/tmux.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = 'dist/cli/bin.js';
const hostile = ['node', ...fixtureCommand('test/fixtures/servers/hostile-server.ts').args];
let session: TmuxSession | undefined;

before(() => {
  if (!existsSync(`${root}/${bin}`))
    throw new Error(`${bin} is missing: run "npm run build" first (npm test does).`);
});

after(async () => {
  await session?.kill();
});

it('rate-limit.terminal-cli-asks-whether-to-mute-a-server-that-keeps-asking', async () => {
  session = await TmuxSession.start({
    command: [
      'node',
      bin,
      '--ui',
      'terminal',
      '--rate-limit',
      '1',
      '--name',
      'nagger',
      'call',
      'ask_repeatedly',
      '--args',
      '{"count":3}',
      '--',
      ...hostile,
    ],
    cwd: root,
    columns: 80,
    rows: 24,
  });
  const t = session;
  await t.waitFor('Review answers', { timeoutMs: 20000 });
  await t.type('Ada');
  await t.keys('NPage', 'Enter');
  await t.waitFor('[>Submit<]');
  await t.keys('Enter');
  const asked = await t.waitFor('Too many requests from nagger', { timeoutMs: 10000 });
  assert.match(asked, /This server keeps asking: it went over its limit of 1 request in a row/);
  assert.match(asked, /\[>Mute this server<\] {2}\[ Show the request \] {2}\[ Cancel this one \]/);
  await t.type('m');
  const done = await t.waitFor(/"responses"/, { history: true, timeoutMs: 15000 });
  assert.match(done, /Muted nagger: its requests are cancelled for this session\./);
  const json = done.slice(done.indexOf('{"responses"')).replace(/\s*\n\s*/g, '');
  const { responses } = JSON.parse(json.slice(0, json.lastIndexOf('}') + 1)) as {
    responses: { result?: { action: string } }[];
  };
  assert.deepEqual(
    responses.map((r) => r.result?.action),
    ['accept', 'cancel', 'cancel'],
  );
});
