// Every request that can elicit, through the CLI: prompts/get and resources/read against the demo
// server on both eras; tool arguments, --arg typing, progress and logging against server-everything.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jsonReport, root, runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { everythingStdioCommand } from '../helpers/servers.js';

const demo = ['--', process.execPath, join(root, 'dist', 'demo', 'main.js')];
const everythingCommand = everythingStdioCommand();
const everything = ['--', everythingCommand.command, ...everythingCommand.args];

describe('prompts, prompt, resources and read (demo server)', () => {
  it('lists prompts with their arguments and resources with templates', async () => {
    const prompts = await runCli(['prompts', ...demo]);
    assert.equal(prompts.status, 0, prompts.stderr);
    assert.match(prompts.stdout, /^greeting {2}A greeting prompt/m);
    const resources = await runCli(['resources', ...demo]);
    assert.equal(resources.status, 0, resources.stderr);
    assert.match(resources.stdout, /^demo:\/\/vault\/motto /m);
    assert.match(resources.stdout, /Templates[^\n]*\ndemo:\/\/vault\/\{item\} /);
  });

  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    it(`gets a prompt that elicits on ${protocol}, with the answer reaching the server`, async () => {
      const run = await runCli([
        '--json',
        '--protocol',
        protocol,
        '--set',
        'name=Grace',
        '--set',
        'tone=formal',
        'prompt',
        'greeting',
        ...demo,
      ]);
      assert.equal(run.status, 0, run.stderr);
      const report = jsonReport(run);
      assert.equal(report.ok, true);
      assert.deepEqual(
        report.elicitations.map((e) => [e.action, e.content]),
        [['accept', { name: 'Grace', tone: 'formal' }]],
      );
      assert.match(JSON.stringify(report.result), /Write a formal greeting for Grace\./);
      const plain = await runCli(['--protocol', protocol, '--decline', 'prompt', 'greeting', ...demo]);
      assert.equal(plain.status, 0, plain.stderr);
      assert.match(plain.stdout, /^user: No greeting \(decline\)\.$/m);
    });

    it(`reads a resource that elicits on ${protocol}; decline and cancel reach the server as such`, async () => {
      const accepted = await runCli([
        '--protocol',
        protocol,
        '--accept-defaults',
        'read',
        'demo://vault/motto',
        ...demo,
      ]);
      assert.equal(accepted.status, 0, accepted.stderr);
      assert.match(accepted.stdout, /^reveal: action=accept\nThe note motto says/m);
      for (const action of ['decline', 'cancel']) {
        const run = await runCli([
          '--json',
          '--protocol',
          protocol,
          `--${action}`,
          'read',
          'demo://vault/other',
          ...demo,
        ]);
        assert.equal(run.status, 0, run.stderr);
        const report = jsonReport(run);
        assert.equal(report.elicitations[0]?.action, action);
        assert.match(
          JSON.stringify(report.result),
          new RegExp(`reveal: action=${action}\\\\n\\(nothing revealed\\)`),
        );
      }
    });
  }

  it(req`names the closest listed resource for a mistyped URI, and still reads one a template fits (H-36)`, async () => {
    const typo = await runCli(['read', 'demo://valut/motto', ...demo]);
    assert.equal(typo.status, 2, typo.stderr);
    assert.match(
      typo.stderr,
      /the server lists no resource "demo:\/\/valut\/motto" \(did you mean demo:\/\/vault\/motto\?\)/,
    );
    const templated = await runCli(['--decline', 'read', 'demo://vault/motti', ...demo]);
    assert.equal(templated.status, 0, templated.stderr);
  });

  it('fails a read of an unknown resource with exit 1, and rejects a missing operand as usage (exit 2)', async () => {
    const unknown = await runCli(['read', 'nope://x', ...demo]);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /resources\/read nope:\/\/x failed/);
    const missing = await runCli(['read', ...demo]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /read needs a resource URI/);
  });
});

describe('tool arguments, progress and logging (server-everything)', () => {
  it("shows each tool's arguments and types --arg values by the inputSchema", async () => {
    const tools = await runCli(['tools', ...everything]);
    assert.equal(tools.status, 0, tools.stderr);
    assert.match(
      tools.stdout,
      /^get-sum {2}[^\n]*\n {4}a {2}number {2}required\n {4}b {2}number {2}required$/m,
    );
    const sum = await runCli(['--json', '--arg', 'a=2', '--arg', 'b=2.5', 'call', 'get-sum', ...everything]);
    assert.equal(sum.status, 0, sum.stderr);
    assert.match(JSON.stringify(jsonReport(sum).result), /The sum of 2 and 2.5 is 4.5/);
    const bad = await runCli(['--arg', 'a=two', 'call', 'get-sum', ...everything]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--arg a: expected a number, got "two"/);
    const unknown = await runCli(['--arg', 'c=1', 'call', 'get-sum', ...everything]);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /tool "get-sum" has no argument "c" \(it takes a, b\)/);
  });

  it(req`names the closest tool or prompt for a mistyped name, and a missing required tool argument, before the request (H-36)`, async () => {
    const tool = await runCli(['--arg', 'a=1', '--arg', 'b=2', 'call', 'get-summ', ...everything]);
    assert.equal(tool.status, 2, tool.stderr);
    assert.match(tool.stderr, /the server has no tool "get-summ" \(did you mean get-sum\?\)/);
    const far = await runCli(['call', 'zzzzzzzz', ...everything]);
    assert.equal(far.status, 2, far.stderr);
    assert.match(
      far.stderr,
      /the server has no tool "zzzzzzzz"; it has [^\n]*echo[^\n]*\(mcp-elicit tools lists them\)/,
    );
    const prompt = await runCli(['--arg', 'city=Paris', 'prompt', 'args-promtp', ...everything]);
    assert.equal(prompt.status, 2, prompt.stderr);
    assert.match(prompt.stderr, /the server has no prompt "args-promtp" \(did you mean args-prompt\?\)/);
    const missing = await runCli(['--arg', 'a=1', 'call', 'get-sum', ...everything]);
    assert.equal(missing.status, 2, missing.stderr);
    assert.match(missing.stderr, /tool "get-sum" needs argument "b" \(give --arg b=\.\.\.\)/);
    assert.doesNotMatch(missing.stderr, /Invalid input/);
    const fromJson = await runCli(['--args', '{"a":1,"b":2}', 'call', 'get-sum', ...everything]);
    assert.equal(fromJson.status, 0, fromJson.stderr);
    assert.match(fromJson.stdout, /The sum of 1 and 2 is 3/);
    const config = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-config-')), 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything: everythingCommand } }));
    const server = await runCli(['--config', config, '--server', 'everyting', 'tools']);
    assert.equal(server.status, 2, server.stderr);
    assert.match(
      server.stderr,
      /no server "everyting" in .* \(did you mean everything\?\); it has: everything/,
    );
  });

  it("checks a prompt's arguments against the ones it declares before getting it, like a tool's", async () => {
    const unknown = await runCli([
      '--arg',
      'city=Paris',
      '--arg',
      'cty=x',
      'prompt',
      'args-prompt',
      ...everything,
    ]);
    assert.equal(unknown.status, 2, unknown.stderr);
    assert.match(
      unknown.stderr,
      /--arg cty: prompt "args-prompt" has no argument "cty" \(it takes city, state\)/,
    );
    const fromJson = await runCli(['--args', '{"town":"x"}', 'prompt', 'args-prompt', ...everything]);
    assert.equal(fromJson.status, 2, fromJson.stderr);
    assert.match(fromJson.stderr, /--args town: prompt "args-prompt" has no argument "town"/);
    const missing = await runCli(['--arg', 'state=CA', 'prompt', 'args-prompt', ...everything]);
    assert.equal(missing.status, 2, missing.stderr);
    assert.match(missing.stderr, /prompt "args-prompt" needs argument "city" \(give --arg city=\.\.\.\)/);
    const good = await runCli(['--arg', 'city=Paris', 'prompt', 'args-prompt', ...everything]);
    assert.equal(good.status, 0, good.stderr);
    assert.match(good.stdout, /Paris/);
  });

  it('records progress in --json and prints it as plain lines with -v when there is no terminal', async () => {
    const args = [
      '--arg',
      'duration=1',
      '--arg',
      'steps=2',
      'call',
      'trigger-long-running-operation',
      ...everything,
    ];
    const json = await runCli(['--json', ...args]);
    assert.equal(json.status, 0, json.stderr);
    const activity = (
      jsonReport(json) as { activity?: { kind: string; progress?: number; total?: number }[] }
    ).activity;
    assert.deepEqual(activity?.[0], { kind: 'progress', progress: 1, total: 2 });
    assert.doesNotMatch(json.stderr, /progress/);
    const verbose = await runCli(['-v', ...args]);
    assert.equal(verbose.status, 0, verbose.stderr);
    assert.match(verbose.stderr, /^progress 1\/2 \[#{10}\.{10}\]$/m);
  });

  it('sends --log-level to the server and records its log messages', async () => {
    const run = await runCli([
      '--json',
      '--log-level',
      'debug',
      'call',
      'toggle-simulated-logging',
      ...everything,
    ]);
    assert.equal(run.status, 0, run.stderr);
    const activity = (jsonReport(run) as { activity?: { kind: string; level?: string; message?: string }[] })
      .activity;
    assert.equal(activity?.[0]?.kind, 'log');
    // server-everything picks a level at random; its alert message is spelled "Alert level-message".
    const [word] = /^\w+(?=[- ]level[- ]message)/i.exec(activity?.[0]?.message ?? '') ?? [];
    assert.ok(word, `a simulated log message: ${activity?.[0]?.message}`);
    assert.equal(activity?.[0]?.level?.slice(0, 4), word.toLowerCase().slice(0, 4), 'with its level');
    const bad = await runCli(['--log-level', 'loud', 'tools', ...everything]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--log-level must be one of debug, info/);
  });
});
