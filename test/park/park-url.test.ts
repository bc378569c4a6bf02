// URL steps parked (P-11): the person visits the page from wherever the question reached them
// (here the test's stand-in browser, visit-page.mjs), then `answer --done`. Against the url-flow
// fixture: a 2025-11-25 URL-mode elicitation, the same on 2026-07-28, and a -32042 error.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { jsonReport, resultText, root } from '../helpers/cli.js';
import { fixtureServer, ParkPlace, parked } from './park-helpers.js';

const server = fixtureServer('url-flow-server.ts');
const visit = (url: string) =>
  promisify(execFile)(process.execPath, [
    join(root, 'test/fixtures/browser/visit-page.mjs'),
    '--mode=submit',
    url,
  ]);

describe('a parked URL step', () => {
  const place = new ParkPlace();
  after(() => place.stopAll());

  const cases = [
    { era: '2025-11-25', tool: 'connect_account', args: '{"service":"GitHub"}' },
    { era: '2026-07-28', tool: 'connect_account', args: '{"service":"GitHub"}' },
    { era: '2025-11-25', tool: 'connect_account_required', args: '{}' },
  ];
  for (const { era, tool, args } of cases) {
    // P-11 P-03
    it(`${tool} on ${era}: shows the page and its site, refuses values, and goes on after --done`, async () => {
      const first = await place.run([
        '--json',
        '--park',
        '--protocol',
        era,
        'call',
        tool,
        '--args',
        args,
        ...server,
      ]);
      assert.equal(first.status, 6, first.stderr);
      const [question] = parked(first).pending;
      assert.ok(question);
      assert.equal(question.mode, 'url');
      assert.match(question.url ?? '', /^http:\/\/127\.0\.0\.1:\d+\//);
      assert.equal(question.siteAscii, '127.0.0.1');
      assert.equal(question.answer, `mcp-elicit answer ${question.id} --done`);
      const wrong = await place.run(['answer', question.id, '--set', 'x=1']);
      assert.equal(wrong.status, 2);
      assert.match(wrong.stderr, /URL step: answer --done/);
      await visit(question.url ?? '');
      const done = await place.run(['answer', question.id, '--done']);
      assert.equal(done.status, 0, done.stderr + done.stdout);
      const report = jsonReport(done);
      assert.equal(report.ok, true, done.stdout);
      assert.match(resultText(report), /connected|GitHub|complete/i);
    });
  }
});
