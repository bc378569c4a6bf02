// The CLI against @modelcontextprotocol/server-everything: its 13-field trigger-elicitation-request
// form (no `mode` field: C-08) accepted, declined and cancelled, over stdio and Streamable HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { everythingStdioCommand, type RunningHttpServer, startEverythingHttp } from '../helpers/servers.js';

const everything = everythingStdioCommand();
const stdioServer = ['--', everything.command, ...everything.args];

describe('mcp-elicit call trigger-elicitation-request (server-everything)', () => {
  let http: RunningHttpServer;
  before(async () => {
    http = await startEverythingHttp();
  });
  after(async () => {
    await http.close();
  });

  it('accepts the 13-field form with --set values over the defaults, every value of the right type, over stdio and HTTP', async () => {
    for (const server of [stdioServer, ['--url', http.url]]) {
      const run = await runCli([
        '--json',
        '--set',
        'name=Ada',
        '--set',
        'check=yes',
        '--set',
        'email=ada@example.com',
        '--set',
        'homepage=https://ada.example',
        '--set',
        'birthdate=1815-12-10',
        '--set',
        'integer=7',
        '--set',
        'untitledMultipleSelectEnum=Guitar,Drums',
        'call',
        'trigger-elicitation-request',
        ...server,
      ]);
      assert.equal(run.status, 0, run.stderr);
      const report = jsonReport(run);
      const content = report.elicitations[0]?.content;
      assert.deepEqual(content, {
        name: 'Ada',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.com',
        homepage: 'https://ada.example',
        birthdate: '1815-12-10',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar', 'Drums'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      });
      const text = resultText(report);
      assert.match(text, /User provided the requested information/);
      assert.match(text, /"integer": 7/, 'the server received the content');
    }
  });

  it('declines and cancels, and the server sees exactly that', async () => {
    for (const server of [stdioServer, ['--url', http.url]]) {
      const declined = jsonReport(
        await runCli(['--json', '--decline', 'call', 'trigger-elicitation-request', ...server]),
      );
      assert.match(resultText(declined), /User declined/);
      const cancelled = jsonReport(
        await runCli(['--json', '--cancel', 'call', 'trigger-elicitation-request', ...server]),
      );
      assert.match(resultText(cancelled), /User cancelled/);
    }
  });

  it('refuses a --set value that does not fit the field and answers cancel with the reason on stderr', async () => {
    const run = await runCli([
      '--json',
      '--set',
      'name=Ada',
      '--set',
      'integer=500',
      'call',
      'trigger-elicitation-request',
      ...stdioServer,
    ]);
    const report = jsonReport(run);
    assert.match(resultText(report), /User cancelled/);
    assert.match(run.stderr, /at most 100/);
  });
});
