// Progress and log lines: live on a terminal (one line redrawn, cleared while a form shows), plain
// lines with -v, always recorded, server text sanitised.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Activity, formatProgress } from '../../src/cli/activity.js';

function activity(live: boolean, verbose = false, logLevel: 'debug' | 'warning' = 'warning') {
  let out = '';
  const a = new Activity({ write: (t) => (out += t), live, verbose, logLevel, columns: 60 });
  return { a, out: () => out };
}

describe('Activity', () => {
  it('formats progress with n/total and a bar only when the total is known', () => {
    assert.equal(formatProgress(1, 4, 'step one'), 'progress 1/4 [#####...............] step one');
    assert.equal(formatProgress(3, undefined, undefined), 'progress 3');
  });

  it('on a terminal redraws one line, clears it while a form is open, and prints logs above it', () => {
    const { a, out } = activity(true);
    a.progress({ progress: 1, total: 2, message: 'half\x1b[31m red' });
    assert.equal(out(), '\r\x1b[2Kprogress 1/2 [##########..........] half red');
    a.pause(true);
    assert.ok(out().endsWith('\r\x1b[2K'));
    a.progress({ progress: 2, total: 2 });
    assert.ok(out().endsWith('\r\x1b[2K'), 'nothing drawn over the form');
    a.pause(false);
    assert.ok(out().endsWith('progress 2/2 [####################]'));
    a.log({ level: 'error', logger: 'db', data: 'disk full' });
    assert.ok(out().endsWith('\r\x1b[2K[error] db: disk full\n\r\x1b[2Kprogress 2/2 [####################]'));
    a.end();
    assert.ok(out().endsWith('\r\x1b[2K'));
  });

  it('without a terminal prints plain lines only with -v, and records everything at the level', () => {
    const quiet = activity(false);
    quiet.a.progress({ progress: 1 });
    quiet.a.log({ level: 'info', data: 'below warning' });
    quiet.a.log({ level: 'critical', data: { code: 7 } });
    assert.equal(quiet.out(), '');
    assert.deepEqual(quiet.a.records, [
      { kind: 'progress', progress: 1 },
      { kind: 'log', level: 'critical', message: '{"code":7}' },
    ]);
    const verbose = activity(false, true, 'debug');
    verbose.a.progress({ progress: 1, total: 3 });
    verbose.a.log({ level: 'debug', data: 'hello\u202e' });
    assert.equal(verbose.out(), 'progress 1/3 [#######.............]\n[debug] hello\n');
  });
});
