// The built CLI's messages for everyday mistakes, end to end (issue 11).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonReport, root, runCli } from '../helpers/cli.js';

const demo = ['node', join(root, 'dist', 'demo', 'main.js')];
const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-messages-'));
function configFile(name: string, servers: Record<string, unknown>): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ mcpServers: servers }));
  return path;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

describe('connection failures', () => {
  let htmlServer: Server;
  let htmlPort = 0;
  let closedPort = 0;
  before(async () => {
    htmlServer = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end(
        '<!DOCTYPE html>\n<html><head><title>Oops</title><style>body{color:red}</style></head>\n<body><h1>Not Found</h1>\n<p>No MCP endpoint here.</p></body></html>',
      );
    });
    htmlPort = await listen(htmlServer);
    const probe = createServer();
    closedPort = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
  });
  after(() => htmlServer.close());

  it('says "could not connect to host:port (connection refused)" when nobody listens', async () => {
    for (const protocol of ['auto', 'legacy']) {
      const run = await runCli([
        '--protocol',
        protocol,
        'tools',
        '--url',
        `http://localhost:${closedPort}/mcp`,
      ]);
      assert.equal(run.status, 3, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(`could not connect to localhost:${closedPort} \\(connection refused\\)`),
      );
      assert.doesNotMatch(run.stderr, /fetch failed/);
    }
  });

  it('shows the HTTP status and a one-line summary instead of the HTML error page', async () => {
    const run = await runCli([
      '--protocol',
      'legacy',
      'tools',
      '--url',
      `http://127.0.0.1:${htmlPort}/wrong`,
    ]);
    assert.equal(run.status, 3, run.stderr);
    const line = run.stderr.split('\n').find((l) => l.includes('HTTP 404')) ?? '';
    assert.match(
      line,
      new RegExp(
        `127\\.0\\.0\\.1:${htmlPort}/wrong answered HTTP 404 Not Found: Not Found No MCP endpoint here\\.`,
      ),
    );
    assert.doesNotMatch(run.stderr, /<html|<h1|color:red/);
  });
});

describe('config files without --server', () => {
  it('uses the only server in the file', async () => {
    const file = configFile('one.json', { demo: { command: demo[0], args: demo.slice(1) } });
    const run = await runCli(['--config', file, '--accept-defaults', 'call', 'survey']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /survey: action=accept/);
    assert.match(run.stderr, /\[scripted\] demo asks/, 'the entry name labels the server');
  });

  it('lists the names when the file has several', async () => {
    const file = configFile('two.json', { a: { command: 'x' }, b: { url: 'https://example.com/mcp' } });
    const run = await runCli(['--config', file, 'tools']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /has 2 servers; choose one with --server <name>: a, b/);
  });

  it('`servers` lists name, transport and command or URL, without substituting variables', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a config-file variable, written literally
    const tokenRef = '${TOKEN}';
    const file = configFile('list.json', {
      local: { command: 'npx', args: ['-y', 'some server', '--token', tokenRef] },
      remote: {
        type: 'http',
        url: 'https://api.example.com/mcp',
        headers: { Authorization: `Bearer ${tokenRef}` },
      },
    });
    const run = await runCli(['servers', '--config', file], { env: { TOKEN: 't0k3n' } });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout,
      `local   stdio  npx -y 'some server' --token ${tokenRef}\nremote  http   https://api.example.com/mcp\n`,
    );
    const json = jsonReport(await runCli(['servers', '--json', '--config', file]));
    assert.deepEqual(json.result, {
      servers: [
        { name: 'local', transport: 'stdio', command: `npx -y 'some server' --token ${tokenRef}` },
        { name: 'remote', transport: 'http', url: 'https://api.example.com/mcp' },
      ],
    });
  });
});

describe('scripted runs', () => {
  it('warns about a --set key that matches no field, with the near match', async () => {
    const run = await runCli([
      '--set',
      'Name=Ada',
      '--set',
      'email=ada@example.com',
      'call',
      'profile',
      '--',
      ...demo,
    ]);
    assert.match(
      run.stderr,
      /warning: --set Name matched no field of any form in this run \(did you mean --set name=\.\.\.\?\)/,
    );
    assert.doesNotMatch(run.stderr, /--set email matched/);
  });

  it('exits 4 with ok:false when an elicitation was not answered as asked', async () => {
    const run = await runCli(['--json', '--set', 'rating=9', 'call', 'survey', '--', ...demo]);
    assert.equal(run.status, 4, run.stderr);
    const report = jsonReport(run);
    assert.equal(report.ok, false);
    assert.equal(report.error?.code, 'unanswered');
    assert.equal(report.elicitations[0]?.reason, 'invalid-answer');
    assert.match(run.stderr, /1 of 1 elicitation was not answered as asked/);
    const none = await runCli(['--answers', writeAnswers([]), 'call', 'survey', '--', ...demo]);
    assert.equal(none.status, 4, 'no applicable answer is not "as asked" either');
  });

  it('exits 4 and says which when piped answers run out before the form is done', async () => {
    const run = await runCli(['call', 'signup', '--', ...demo], { input: 'ada\n' });
    assert.equal(run.status, 4, run.stderr);
    assert.match(
      run.stderr,
      /1 of 1 elicitation was not answered as asked \(the piped answers ran out first\)/,
    );
    assert.match(
      run.stderr,
      /input-ended: .* asked "Create your account.*", a form \(fields: username, plan\)/,
    );
    const json = await runCli(['--json', 'call', 'signup', '--', ...demo], { input: 'ada\n' });
    assert.equal(json.status, 4, json.stderr);
    assert.equal(jsonReport(json).error?.code, 'unanswered');
    assert.equal(jsonReport(json).elicitations[0]?.reason, 'input-ended');
  });

  it('exits 0 when the script explicitly cancels or declines', async () => {
    for (const flag of ['--cancel', '--decline']) {
      const run = await runCli([flag, 'call', 'survey', '--', ...demo]);
      assert.equal(run.status, 0, `${flag}: ${run.stderr}`);
    }
    const cancel = await runCli([
      '--answers',
      writeAnswers([{ action: 'cancel' }]),
      'call',
      'survey',
      '--',
      ...demo,
    ]);
    assert.equal(cancel.status, 0, cancel.stderr);
  });
});

it('prints a usage error on stderr as well as in the --json report', async () => {
  const run = await runCli(['--json', '--jsn', 'tools', '--', 'x']);
  assert.equal(run.status, 2);
  assert.equal(jsonReport(run).error?.message, 'unknown option --jsn (did you mean --json?)');
  assert.match(run.stderr, /^mcp-elicit: unknown option --jsn \(did you mean --json\?\)$/m);
});

it('prints per-command help for `call --help`', async () => {
  const run = await runCli(['call', '--help']);
  assert.equal(run.status, 0);
  assert.match(run.stdout, /^mcp-elicit call: Call a tool/);
  assert.match(run.stdout, /Example\n {2}mcp-elicit .* call trigger-elicitation-request/);
});

let answersCount = 0;
function writeAnswers(answers: unknown[]): string {
  const path = join(dir, `answers-${answersCount++}.json`);
  writeFileSync(path, JSON.stringify(answers));
  return path;
}
