// `--record FILE` then `--answers FILE` end to end (issue 14): a person answers through the plain
// front-end, the recording replays unattended to the same tool result, secrets stay out of the
// file, and a replay against a server whose form changed is reported instead of passing silently.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { interruptCliWhen, jsonReport, resultText, root, runCli } from '../helpers/cli.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { req } from '../helpers/req.js';
import { echoFormStdioCommand, everythingStdioCommand, type StdioCommand } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-record-'));
const serverArgs = (server: StdioCommand) => ['--', server.command, ...server.args];
// The built demo (npm test builds first) starts faster than compiling src/ with tsx each run.
const demo = ['--', process.execPath, join(root, 'dist/demo/main.js')];
const everything = serverArgs(everythingStdioCommand());
const echo = serverArgs(echoFormStdioCommand());

const vaultSchema = (extra: Record<string, object> = {}) => ({
  type: 'object',
  properties: { username: { type: 'string' }, password: { type: 'string', title: 'Password' }, ...extra },
  required: ['username'],
});
const vaultArgs = (schema: object) => ['--args', JSON.stringify({ schema, message: 'Sign in to the vault' })];

/** Records `call <tool>` answered through --ui plain with `input`; returns the result and the file. */
async function record(name: string, tool: string, input: string, rest: string[]) {
  const file = join(dir, `${name}.json`);
  const run = await runCli(['--json', '--ui', 'plain', '--record', file, 'call', tool, ...rest], { input });
  assert.equal(run.status, 0, run.stderr);
  return { file, result: resultText(jsonReport(run)), entries: JSON.parse(readFileSync(file, 'utf8')) };
}

function replay(
  file: string,
  tool: string,
  rest: string[],
  env: Record<string, string> = {},
  extra: string[] = [],
) {
  return runCli(['--json', '--answers', file, ...extra, 'call', tool, ...rest], { env });
}

describe('mcp-elicit --record, replayed with --answers', () => {
  it('records the demo signup flow (three forms) through the plain front-end and replays it to the same result', async () => {
    const { file, result, entries } = await record(
      'signup',
      'signup',
      'ada\n2\ns\nbill@example.com\ns\na\n',
      demo,
    );
    assert.match(result, /review: action=accept/);
    assert.deepEqual(
      entries.map((e: { action: string; tool: string; fields: string[]; when: string }) => [
        e.action,
        e.tool,
        e.fields,
        e.when,
      ]),
      [
        ['accept', 'signup', ['username', 'plan'], 'Create your account'],
        ['accept', 'signup', ['billingEmail'], 'Billing details for the pro plan'],
        ['accept', 'signup', [], 'Create account "ada" on the pro plan?'],
      ],
    );
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const run = await replay(file, 'signup', demo);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(resultText(jsonReport(run)), result);
  });

  it('keeps what was answered when the run is interrupted with Ctrl-C halfway through', async () => {
    const file = join(dir, 'interrupted.json');
    const run = await interruptCliWhen(
      ['--json', '--ui', 'plain', '--record', file, 'call', 'signup', ...demo],
      /Billing email/,
      {
        input: 'ada\n2\ns\n',
      },
    );
    assert.equal(run.status, 130);
    const entries = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(entries, [
      {
        action: 'accept',
        mode: 'form',
        tool: 'signup',
        fields: ['username', 'plan'],
        when: 'Create your account',
        content: { username: 'ada', plan: 'pro' },
      },
    ]);
  });

  it("records server-everything's 13-field form and a demo decline, and replays both to the same results", async () => {
    const accepted = await record(
      'everything',
      'trigger-elicitation-request',
      `Ada${'\n'.repeat(13)}s\n`,
      everything,
    );
    assert.match(accepted.result, /Name: Ada/);
    const again = await replay(accepted.file, 'trigger-elicitation-request', everything);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(resultText(jsonReport(again)), accepted.result);

    const declined = await record('delete', 'delete_files', ':decline\n', demo);
    assert.equal(declined.entries[0].action, 'decline');
    const replayed = await replay(declined.file, 'delete_files', demo);
    assert.equal(replayed.status, 0, replayed.stderr);
    assert.equal(resultText(jsonReport(replayed)), declined.result);
  });

  it(req`leaves a password out of the file, and the replay needs it from --set or {"$env"}, failing up front without it (H-12)`, async () => {
    const schema = vaultSchema();
    const { file, result, entries } = await record('vault', 'ask', 'ada\nhunter22\ns\n', [
      ...vaultArgs(schema),
      ...echo,
    ]);
    assert.match(result, /"password":"hunter22"/);
    assert.doesNotMatch(readFileSync(file, 'utf8'), /hunter22/);
    assert.deepEqual(entries[0].content, { username: 'ada' });
    assert.deepEqual(entries[0].supply, ['password']);

    const missing = await replay(file, 'ask', [...vaultArgs(schema), ...echo]);
    assert.equal(missing.status, 2);
    assert.match(
      missing.stderr,
      /answers\[0\] needs a value for password .*give --set password=\.\.\. or put \{"\$env": "NAME"\}/,
    );

    const viaSet = await replay(file, 'ask', [...vaultArgs(schema), ...echo], {}, [
      '--set',
      'password=hunter22',
    ]);
    assert.equal(viaSet.status, 0, viaSet.stderr);
    assert.equal(resultText(jsonReport(viaSet)), result);

    const withEnv = join(dir, 'vault-env.json');
    writeFileSync(
      withEnv,
      JSON.stringify([{ ...entries[0], content: { username: 'ada', password: { $env: 'VAULT_PASSWORD' } } }]),
    );
    const notAllowed = await replay(withEnv, 'ask', [...vaultArgs(schema), ...echo], { VAULT_PASSWORD: 'x' });
    assert.equal(notAllowed.status, 2);
    assert.match(
      notAllowed.stderr,
      /content\.password reads the environment variable VAULT_PASSWORD, which --allow-env does not allow: give --allow-env VAULT_PASSWORD/,
    );
    const allow = ['--allow-env', 'VAULT_PASSWORD'];
    const unset = await replay(withEnv, 'ask', [...vaultArgs(schema), ...echo], {}, allow);
    assert.equal(unset.status, 2);
    assert.match(
      unset.stderr,
      /content\.password reads the environment variable VAULT_PASSWORD, which is not set/,
    );
    const viaEnv = await replay(
      withEnv,
      'ask',
      [...vaultArgs(schema), ...echo],
      { VAULT_PASSWORD: 'hunter22' },
      allow,
    );
    assert.equal(viaEnv.status, 0, viaEnv.stderr);
    // The variable's name on stderr (up front and when read), never its value.
    assert.match(viaEnv.stderr, /reads VAULT_PASSWORD \(answers\[0\]\.content\.password\)/);
    assert.match(
      viaEnv.stderr,
      /answers\[0\]\.content\.password: read from the environment variable VAULT_PASSWORD/,
    );
    assert.doesNotMatch(viaEnv.stderr, /hunter22/);
    assert.equal(resultText(jsonReport(viaEnv)), result);
  });

  it(req`reports a replay against a server whose form changed: exit 4, the message and field names on stderr and in --json (H-13)`, async () => {
    const { file } = await record('vault-old', 'ask', 'ada\n\ns\n', [...vaultArgs(vaultSchema()), ...echo]);
    const changed = vaultSchema({ otp: { type: 'string', title: 'One-time code' } });
    const run = await replay(file, 'ask', [...vaultArgs(changed), ...echo]);
    assert.equal(run.status, 4, run.stderr);
    const report = jsonReport(run);
    assert.equal(report.error?.code, 'unanswered');
    assert.deepEqual(
      report.elicitations.map((e) => [e.message, e.fields, e.reason]),
      [['Sign in to the vault', ['username', 'password', 'otp'], 'no-answer']],
    );
    assert.match(run.stderr, /answers\[0\] expects fields username, password; new here: otp/);
    assert.match(
      run.stderr,
      /warning: answers\[0\] \(tool ask; fields username, password; "Sign in to the vault"\) matched no elicitation in this run/,
    );
    assert.match(
      run.stderr,
      /no-answer: .* asked "Sign in to the vault", a form \(fields: username, password, otp\)/,
    );
  });

  it(req`records a URL step as the decision without the URL, and the replay declares URL mode and opens the page again (H-12)`, async () => {
    const visits = join(dir, 'visits.jsonl');
    const env = {
      BROWSER: `"${process.execPath}" "${join(root, 'test/fixtures/browser/visit-page.mjs')}" --mode=submit --log=${visits}`,
    };
    const urlFlow = [
      '--protocol',
      'legacy',
      'call',
      'connect_account',
      '--args',
      '{"service":"GitHub"}',
      ...serverArgs(fixtureCommand('test/fixtures/servers/url-flow-server.ts')),
    ];
    const file = join(dir, 'url.json');
    const run = await runCli(['--json', '--ui', 'plain', '--record', file, ...urlFlow], {
      input: 'o\n',
      env,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(resultText(jsonReport(run)), /^connected \(flow .*\); url step: accept$/);
    const text = readFileSync(file, 'utf8');
    assert.deepEqual(JSON.parse(text), [
      {
        action: 'accept',
        mode: 'url',
        tool: 'connect_account',
        when: 'Connect your GitHub account in the browser',
      },
    ]);
    assert.doesNotMatch(text, /flow=|127\.0\.0\.1/);
    const replayed = await runCli(['--json', '--answers', file, ...urlFlow], { env });
    assert.equal(replayed.status, 0, replayed.stderr);
    assert.match(resultText(jsonReport(replayed)), /^connected \(flow .*\); url step: accept$/);
    assert.equal(
      readFileSync(visits, 'utf8').trim().split('\n').length,
      2,
      'the page was visited in both runs',
    );
  });

  it('refuses --record with scripted answering, with a file it cannot write, and where nobody answers', async () => {
    const withAnswers = await runCli([
      '--record',
      join(dir, 'x.json'),
      '--answers',
      'a.json',
      'call',
      'signup',
      ...demo,
    ]);
    assert.equal(withAnswers.status, 2);
    assert.match(
      withAnswers.stderr,
      /--record writes down what a person answers; it cannot be combined with --ui scripted/,
    );
    const notADir = join(dir, 'plain-file');
    writeFileSync(notADir, '');
    const badPath = await runCli(['--ui', 'plain', '--record', join(notADir, 'x.json'), 'tools', ...demo]);
    assert.equal(badPath.status, 2);
    assert.match(badPath.stderr, /cannot write --record file .*x\.json: (ENOTDIR|EEXIST)/);
    const nobody = await runCli(['--record', join(dir, 'demo.json'), 'demo']);
    assert.equal(nobody.status, 2);
    assert.match(nobody.stderr, /--record needs a person to answer/);
  });

  it('masks secret-looking values in --json elicitations as --record leaves them out (one check)', async () => {
    const schema = vaultSchema({ pin: { type: 'integer', title: 'PIN' } });
    const file = join(dir, 'masked.json');
    const run = await runCli(
      ['--json', '--ui', 'plain', '--record', file, 'call', 'ask', ...vaultArgs(schema), ...echo],
      { input: 'ada\nhunter22\n4321\ns\n' },
    );
    assert.equal(run.status, 0, run.stderr);
    const report = jsonReport(run);
    // The server got the values (its echo); the report of the elicitation shows none of them.
    assert.match(resultText(report), /"password":"hunter22"/);
    assert.deepEqual(report.elicitations[0]?.content, {
      username: 'ada',
      password: '********',
      pin: '********',
    });
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8'))[0].supply, ['password', 'pin']);
  });

  it('keeps fields named __proto__, constructor and toString through --record, the replay and --set', async () => {
    // JSON text, as a server sends it: each name is an own property, a field like any other.
    const schema = JSON.parse(
      '{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "string"}, "toString": {"type": "string"}}, "required": ["__proto__", "constructor", "toString"]}',
    );
    const args = ['--args', JSON.stringify({ schema, message: 'Prototype names' })];
    const { file, result, entries } = await record('proto', 'ask', 'p\nc\nt\ns\n', [...args, ...echo]);
    assert.deepEqual(JSON.parse(result), {
      action: 'accept',
      content: JSON.parse('{"__proto__": "p", "constructor": "c", "toString": "t"}'),
    });
    assert.deepEqual(Object.entries(entries[0].content), [
      ['__proto__', 'p'],
      ['constructor', 'c'],
      ['toString', 't'],
    ]);
    const replayed = await replay(file, 'ask', [...args, ...echo]);
    assert.equal(replayed.status, 0, replayed.stderr);
    assert.equal(resultText(jsonReport(replayed)), result);
    const viaSet = await runCli([
      '--json',
      '--set',
      '__proto__=P',
      '--set',
      'constructor=C',
      '--set',
      'toString=T',
      'call',
      'ask',
      ...args,
      ...echo,
    ]);
    assert.equal(viaSet.status, 0, viaSet.stderr);
    assert.deepEqual(Object.entries(JSON.parse(resultText(jsonReport(viaSet))).content), [
      ['__proto__', 'P'],
      ['constructor', 'C'],
      ['toString', 'T'],
    ]);
  });
});
