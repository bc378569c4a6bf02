// The notice policy of issue 23: once when a prompt is shown, then a reminder per interval while
// it waits (a few at most), stopped by its end; our own words only. Timers are node:test's mock.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { type AttentionEvent, AttentionSchedule, attentionText } from '../../src/core/attention.js';

function recorder() {
  const events: AttentionEvent[] = [];
  return { events, sink: (event: AttentionEvent) => events.push(event) };
}

describe('attention schedule', () => {
  it('raises one notice when a prompt is shown and one per reminder interval, then stops when it ends', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const { events, sink } = recorder();
      const schedule = new AttentionSchedule([sink], { remindAfterMs: 60_000 });
      const stop = schedule.track('form', 'github');
      assert.equal(events.length, 0, 'nothing before the prompt has been drawn');
      mock.timers.tick(250);
      assert.deepEqual(
        events.map((e) => [e.reason, e.reminder]),
        [['waiting', 0]],
      );
      mock.timers.tick(59_999);
      assert.equal(events.length, 1, 'no reminder before the interval');
      mock.timers.tick(1);
      assert.deepEqual(
        events.map((e) => [e.reason, e.reminder]),
        [
          ['waiting', 0],
          ['reminder', 1],
        ],
      );
      stop();
      mock.timers.tick(10 * 60_000);
      assert.equal(events.length, 2, 'an answered prompt is never announced again');
    } finally {
      mock.timers.reset();
    }
  });

  it('raises nothing for a prompt answered before it was on screen for the first interval', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const { events, sink } = recorder();
      const stop = new AttentionSchedule([sink]).track('form', 'quick');
      mock.timers.tick(100);
      stop();
      mock.timers.tick(10 * 60_000);
      assert.equal(events.length, 0);
    } finally {
      mock.timers.reset();
    }
  });

  it('reminds at most three times by default, and not at all with remindAfterMs false', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const many = recorder();
      new AttentionSchedule([many.sink], { remindAfterMs: 1000 }).track('url', 'docs');
      for (let second = 0; second < 60; second += 1) mock.timers.tick(1000);
      assert.deepEqual(
        many.events.map((e) => e.reminder),
        [0, 1, 2, 3],
      );
      const none = recorder();
      new AttentionSchedule([none.sink], { remindAfterMs: false }).track('url', 'docs');
      for (let minute = 0; minute < 60; minute += 1) mock.timers.tick(60_000);
      assert.equal(none.events.length, 1);
    } finally {
      mock.timers.reset();
    }
  });

  it('keeps the prompt going when a notifier throws, and still tells the other notifiers', () => {
    const { events, sink } = recorder();
    const schedule = new AttentionSchedule(
      [
        () => {
          throw new Error('closed terminal');
        },
        sink,
      ],
      { remindAfterMs: false, firstAfterMs: 0, timers: { set: (callback) => callback(), clear: () => {} } },
    );
    assert.doesNotThrow(() => schedule.track('form', 'x')());
    assert.equal(events.length, 1);
  });

  it('says what waits in its own words, with the label cleaned of escapes and cut short', () => {
    assert.deepEqual(attentionText('form', 'github'), {
      server: 'github',
      title: 'mcp-elicit: input needed',
      body: 'Server "github" asks you to fill in a form',
    });
    assert.equal(attentionText('url', 'docs').body, 'Server "docs" asks you to open a page');
    const hostile = attentionText('form', `\u001b]0;pwned\u0007evil"name${'x'.repeat(100_000)}`);
    assert.ok(
      [...hostile.body].every(
        (c) => c.charCodeAt(0) >= 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f),
      ),
      'no control character left',
    );
    assert.ok(hostile.server.length <= 40, `cut short: ${hostile.server.length}`);
    assert.ok(!hostile.server.includes('"'), 'the label cannot close the quotes around it');
    assert.match(hostile.server, /^evil'name/);
  });
});
