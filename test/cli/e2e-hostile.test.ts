// The CLI against a raw server that sends malformed elicitation requests: each gets a JSON-RPC
// error naming the problem, the client keeps running, and the next valid request still works.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { hostileStdioCommand } from '../helpers/servers.js';

const hostile = hostileStdioCommand();

describe('mcp-elicit against a hostile server', () => {
  it('answers malformed requests with -32602 / -32600, lists them in --json, and still answers the valid one', async () => {
    const run = await runCli([
      '--json',
      '--set',
      'name=Zed',
      'call',
      'barrage',
      '--',
      hostile.command,
      ...hostile.args,
    ]);
    assert.equal(run.status, 0, run.stderr);
    const report = jsonReport(run);
    const record = JSON.parse(resultText(report)) as {
      responses: {
        case: string;
        response: { error?: { code: number; message: string }; result?: unknown };
      }[];
    };
    const errors = record.responses.filter((r) => r.response.error);
    assert.equal(errors.length, record.responses.length - 1, 'every malformed request got an error');
    for (const { case: name, response } of errors) {
      assert.ok(
        response.error && [-32602, -32600].includes(response.error.code),
        `${name}: ${JSON.stringify(response)}`,
      );
      assert.ok((response.error?.message.length ?? 0) > 20, `${name}: the message explains the problem`);
    }
    assert.deepEqual(record.responses.at(-1)?.response.result, {
      action: 'accept',
      content: { name: 'Zed' },
    });
    const rejected = report.elicitations.filter((e) => e.error);
    assert.ok(rejected.length >= 10, 'rejected attempts are listed in --json with the error sent');
    assert.ok(rejected.every((e) => e.error?.code === -32602));
    assert.equal(report.elicitations.at(-1)?.action, 'accept');
  });
});
