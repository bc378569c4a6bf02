// What a person's choice becomes on the wire, decided in core once (issue 32): front-ends report
// the choice and draw; only open is consent (C-25), only a person's decline is `decline` (H-03).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cancelOutcome,
  declineOutcome,
  endedOutcome,
  urlChoiceOutcome,
} from '../../src/core/choice-outcome.js';
import { endingOutcome, type PromptEnding } from '../../src/core/prompt-ending.js';

describe('choice → outcome', () => {
  it('a URL consent: open accepts, decline declines, cancel and mute cancel, and only mute mutes the server (C-25, H-45)', () => {
    assert.deepEqual(urlChoiceOutcome('open'), { outcome: { action: 'accept' } });
    assert.deepEqual(urlChoiceOutcome('decline'), { outcome: { action: 'decline' } });
    assert.deepEqual(urlChoiceOutcome('cancel'), { outcome: { action: 'cancel', reason: 'dismissed' } });
    assert.deepEqual(urlChoiceOutcome('mute'), {
      outcome: { action: 'cancel', reason: 'muted' },
      muteServer: true,
    });
  });

  it('an ending no button chose is a cancel with the reason and detail every front-end reports (H-03, H-45)', () => {
    const endings: PromptEnding[] = [
      'interrupted',
      'server-cancelled',
      'host-gave-up',
      'timeout',
      'tab-closed',
      'closed',
    ];
    for (const ending of endings) {
      const outcome = endedOutcome(ending);
      assert.equal(outcome.action, 'cancel');
      assert.deepEqual({ reason: outcome.reason, detail: outcome.detail }, endingOutcome(ending));
    }
  });

  it('a cancel carries a detail only when one is given, and a decline is nothing but the action (H-45)', () => {
    assert.deepEqual(cancelOutcome('dismissed'), { action: 'cancel', reason: 'dismissed' });
    assert.ok(!('detail' in cancelOutcome('dismissed')));
    assert.deepEqual(cancelOutcome('input-ended', 'ran out'), {
      action: 'cancel',
      reason: 'input-ended',
      detail: 'ran out',
    });
    assert.deepEqual(declineOutcome(), { action: 'decline' });
  });
});
