// A parked 2025-11-25 URL step resumed by the server itself (P-14): the person finishes the page and
// the server sends notifications/elicitation/complete for its elicitationId; the holder takes that
// as done, `pending` no longer lists the question, and `answer <id>` says the server completed it
// and prints the call's result, which the holder kept for it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { jsonReport, resultText, root } from '../helpers/cli.js';
import { ParkPlace, parked, parkUrlStep, whenChanged } from './park-helpers.js';

const visit = (url: string) =>
  promisify(execFile)(process.execPath, [
    join(root, 'test/fixtures/browser/visit-page.mjs'),
    '--mode=submit',
    url,
  ]);

describe("a parked URL step and the server's completion notification", () => {
  const place = new ParkPlace();
  after(() => place.stopAll());

  // P-14 P-11
  it('is marked answered, leaves pending, and answer <id> says the server completed it and prints the result', async () => {
    const question = await parkUrlStep(place, '2025-11-25');
    const { id } = question;
    // The person finishes on the page; the fixture then sends the completion notification.
    await visit(question.url ?? '');
    await whenChanged(
      place.dir,
      'the question marked completed by the server',
      () => !existsSync(join(place.dir, `${id}.json`)) && existsSync(join(place.dir, `${id}.done`)),
    );
    assert.deepEqual(parked(await place.run(['pending', '--json'])).pending, []);

    const answered = await place.run(['answer', id, '--done']);
    assert.equal(answered.status, 0, answered.stderr);
    assert.match(
      answered.stderr,
      /the server completed this URL step itself \(notifications\/elicitation\/complete\); nothing was sent/,
    );
    const report = jsonReport(answered);
    assert.equal(report.ok, true);
    assert.match(resultText(report), /connected \(flow [^)]+\); url step: accept/);
    assert.equal(report.elicitations[0]?.action, 'accept');

    // Collected: the holder ends, and the id is no longer known.
    await whenChanged(
      place.dir,
      'the holder gone',
      () => place.records().length === 0 && !existsSync(join(place.dir, `${id}.done`)),
    );
    const again = await place.run(['answer', id, '--done']);
    assert.equal(again.status, 2);
    assert.match(again.stderr, new RegExp(`no parked question ${id}`));
  });
});
