// Every file in examples/ runs here as a user would run it (`npx tsx examples/<name>.ts`, importing
// the built package by its name) against the bundled demo server, and its real output is checked.
// The person's part is typed on stdin to the plain front-end, or as keys in tmux for the terminal one.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { root } from './helpers/cli.js';
import { readmeLibraryExample } from './helpers/readme-example.js';
import { TmuxSession } from './helpers/tmux.js';

const tested = [
  'agent-asks-person.ts',
  'park-and-relay.ts',
  'policy-renderer.ts',
  'pure-engine.ts',
  'sign-in.ts',
  'ten-line-client.ts',
  'two-servers.ts',
];

/** A running example: its output so far, a way to type a line, and its end. */
function start(name: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, ['--import', 'tsx', join('examples', name), ...args], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const ended = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    }),
  );
  return {
    ended,
    type: (line: string) => child.stdin.write(`${line}\n`),
    /** Resolves once stdout has matched `pattern` `times` times. */
    async waitFor(pattern: RegExp, times = 1): Promise<void> {
      const global = new RegExp(pattern.source, `${pattern.flags}g`);
      const deadline = Date.now() + 30_000;
      while ((stdout.match(global)?.length ?? 0) < times) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`${name} never printed ${pattern} x${times}:\n${stdout}\nstderr:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

const sessions: TmuxSession[] = [];
after(async () => {
  for (const session of sessions) await session.kill();
});

describe('examples/', () => {
  it('every example is run by this test, and the README library example is examples/ten-line-client.ts', () => {
    const files = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.ts') && !f.startsWith('_'));
    assert.deepEqual(files.sort(), tested);
    assert.equal(readmeLibraryExample(), readFileSync(join(root, 'examples', 'ten-line-client.ts'), 'utf8'));
  });

  it('pure-engine parses a schema, reports field problems and sends only valid content, without the SDK', async () => {
    const run = await start('pure-engine.ts').ended;
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /refused: property "address": nested objects are not allowed/);
    assert.match(run.stdout, /fields: name \(text\), email \(text\), age \(number\), size \(single-select\)/);
    assert.match(run.stdout, /pre-filled: \{"age":30\}, defaults: age/);
    assert.match(run.stdout, /issue: email: Email must be a valid email address\./);
    assert.match(run.stdout, /unchecked accept -> \{"action":"cancel","reason":"invalid-answer"/);
    assert.match(
      run.stdout,
      /send: \{"action":"accept","content":\{"name":"Ada Lovelace","email":"ada@example.com","age":30\}\}/,
    );
  });

  it('policy-renderer fills a form from its policy and cancels (never declines) a confirmation', async () => {
    const run = await start('policy-renderer.ts').ended;
    assert.equal(run.status, 0, run.stderr);
    // The demo server reports exactly what it received.
    assert.match(
      run.stdout,
      /profile: profile: action=accept content=\{"name":"Ada Lovelace","email":"ada@example.com"/,
    );
    assert.match(run.stdout, /"country":"jp"/);
    assert.match(run.stdout, /outcome: profile saved/);
    assert.match(run.stdout, /confirm: confirm: action=cancel content=absent/);
    assert.match(run.stderr, /\[event\] Proceed with the demo action\?: cancel no-answer/);
  });

  it('two-servers shows one prompt at a time across two servers, each naming its server', async () => {
    const example = start('two-servers.ts');
    await example.waitFor(/Type a to accept/);
    example.type('a');
    await example.waitFor(/^Server: (work|home),/m, 2);
    await example.waitFor(/Type a to accept/, 2);
    example.type('d');
    const run = await example.ended;
    assert.equal(run.status, 0, run.stderr);
    const shown = [...run.stdout.matchAll(/^Server: (work|home),/gm)].map((m) => m[1]);
    assert.deepEqual([...shown].sort(), ['home', 'work']);
    // The first prompt on screen got "a", the second "d": the queue kept them apart.
    assert.match(run.stdout, new RegExp(`^${shown[0]}: outcome: confirmed$`, 'm'));
    assert.match(run.stdout, new RegExp(`^${shown[1]}: outcome: the user said no$`, 'm'));
  });

  // P-03 P-06
  it('park-and-relay parks each question, has a reply that does not fit refused naming the field, and finishes with the next', async () => {
    const run = await start('park-and-relay.ts').ended;
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /\[refused\] username: Username must be at least 3 characters\./);
    assert.equal([...run.stdout.matchAll(/\[answered\]/g)].length, 3);
    assert.match(run.stdout, /account: action=accept content=\{"username":"grace","plan":"pro"\}/);
    assert.match(run.stdout, /outcome: account grace created/);
    assert.match(run.stdout, /still waiting: 0/);
  });

  it('agent-asks-person fills what it knows and asks the person only for the rest', async () => {
    const example = start('agent-asks-person.ts');
    await example.waitFor(/Field 1 of 1: Username \(required\)/);
    example.type('grace');
    example.type('s');
    await example.waitFor(/Field 1 of 1: Billing email \(required\)/);
    example.type('grace@example.com');
    example.type('s');
    await example.waitFor(/Create account "grace" on the team plan\?/);
    example.type('a');
    const run = await example.ended;
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /Plan|Company|Seats/, 'the person is never asked what the agent knew');
    assert.match(run.stdout, /account: action=accept content=\{"username":"grace","plan":"team"\}/);
    assert.match(
      run.stdout,
      /billing: action=accept content=\{"billingEmail":"grace@example.com","company":"Acme","seats":12\}/,
    );
    assert.match(run.stdout, /outcome: account grace created/);
    assert.match(
      run.stderr,
      /\[agent\] cannot fill "Create your account" alone: asking the person for the rest/,
    );
    assert.doesNotMatch(run.stderr, /cancel/, 'handing a form to the person is not logged as a cancel');
  });

  it('sign-in signs in to a protected server through the loopback listener, then reuses the token', async () => {
    const { startProtectedServer } = await import('./fixtures/servers/protected-server.js');
    const protectedServer = await startProtectedServer();
    const env = {
      ...process.env,
      BROWSER: `${process.execPath} ${join(root, 'test', 'helpers', 'sign-in-browser.mjs')}`,
      MCP_ELICIT_AUTH_DIR: mkdtempSync(join(tmpdir(), 'mcp-elicit-example-auth-')),
    };
    try {
      for (const round of [1, 2]) {
        const run = await start('sign-in.ts', [protectedServer.url, 'whoami'], env).ended;
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, /hello, signed-in caller/);
        assert.equal(protectedServer.authorizations.length, 1, `round ${round}: one sign-in in all`);
      }
    } finally {
      await protectedServer.close();
    }
  });

  it('ten-line-client answers the demo profile form in a real terminal (tmux)', async () => {
    const t = await TmuxSession.start({
      command: ['node', '--import', 'tsx', 'examples/ten-line-client.ts'],
      cwd: root,
      rows: 30,
    });
    sessions.push(t);
    await t.waitFor('Review answers', { timeoutMs: 30_000 });
    await t.type('Ada Lovelace');
    await t.keys('Tab');
    await t.type('ada@example.com');
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Email +ada@example\.com/);
    await t.keys('Enter');
    const done = await t.waitFor(/outcome: profile saved/, { history: true, timeoutMs: 30_000 });
    assert.match(done, /action=accept content=\{"name":"Ada Lovelace","email":"ada@example.com"/);
  });
});
