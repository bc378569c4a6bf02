// URL mode through the CLI against @modelcontextprotocol/server-everything's trigger-url-elicitation,
// on its request path (elicitation/create, mode url) and its -32042 error path (errorPath: true).
// BROWSER records the URL it was asked to open and touches nothing (no network here).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { testBrowser } from '../helpers/browser.js';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { everythingStdioCommand } from '../helpers/servers.js';

const everything = everythingStdioCommand();
const server = ['--', everything.command, ...everything.args];

function browser() {
  const b = testBrowser('record');
  return { env: { BROWSER: b.command }, opened: b.visited };
}

describe('mcp-elicit --open-urls against server-everything', () => {
  it(req`request path: consents, opens the URL once, and the server sees accept (C-15)`, async () => {
    const b = browser();
    const run = await runCli(
      [
        '--json',
        '--open-urls',
        'call',
        'trigger-url-elicitation',
        '--args',
        '{"url":"https://example.com/connect?x=1"}',
        ...server,
      ],
      { env: b.env },
    );
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const report = jsonReport(run);
    assert.deepEqual(
      report.elicitations.map((e) => [e.mode, e.action]),
      [['url', 'accept']],
    );
    assert.deepEqual(b.opened(), ['https://example.com/connect?x=1']);
    assert.match(resultText(report), /accept/i);
  });

  it(req`error path: -32042, consent and open the listed URL, then retry the identical call, which completes (C-33, E-36, E-37)`, async () => {
    const b = browser();
    const run = await runCli(
      [
        '--json',
        '--open-urls',
        'call',
        'trigger-url-elicitation',
        '--args',
        '{"url":"https://example.com/connect","errorPath":true}',
        ...server,
      ],
      { env: b.env },
    );
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const report = jsonReport(run);
    // The prerequisite from the -32042 error, then the request path on the retry.
    assert.deepEqual(
      report.elicitations.map((e) => [e.mode, e.action]),
      [
        ['url', 'accept'],
        ['url', 'accept'],
      ],
    );
    assert.equal(
      b.opened()[0],
      'https://modelcontextprotocol.io/',
      'the prerequisite listed in the error was opened',
    );
    assert.match(resultText(report), /completed/i);
  });

  it('without --open-urls, answers cancel, opens nothing, and reports the URL in --json', async () => {
    const b = browser();
    const run = await runCli(
      [
        '--json',
        '--modes',
        'form,url',
        '--ui',
        'scripted',
        'call',
        'trigger-url-elicitation',
        '--args',
        '{"url":"https://example.com/x"}',
        ...server,
      ],
      { env: b.env },
    );
    const report = jsonReport(run);
    assert.equal(report.elicitations[0]?.action, 'cancel');
    assert.equal(report.elicitations[0]?.url, 'https://example.com/x');
    assert.deepEqual(b.opened(), []);
  });
});
