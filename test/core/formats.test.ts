// The four string formats of an elicitation schema, RFC-exact (ajv-formats' full mode).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFormat, isStringFormat, STRING_FORMATS } from '../../src/core/formats.js';

describe('string formats', () => {
  it('knows exactly email, uri, date and date-time', () => {
    assert.deepEqual([...STRING_FORMATS].sort(), ['date', 'date-time', 'email', 'uri']);
    assert.equal(isStringFormat('uri'), true);
    assert.equal(isStringFormat('hostname'), false);
    assert.equal(isStringFormat(7), false);
  });

  it('checks email', () => {
    assert.equal(checkFormat('email', 'ada@example.com'), true);
    assert.equal(checkFormat('email', 'ada.example.com'), false);
    assert.equal(checkFormat('email', 'ada@exa mple.com'), false);
    assert.equal(checkFormat('email', 'ada@'), false);
  });

  it('checks uri as an absolute URI', () => {
    assert.equal(checkFormat('uri', 'https://example.com/a?b=c'), true);
    assert.equal(checkFormat('uri', 'mailto:ada@example.com'), true);
    assert.equal(checkFormat('uri', '/relative/path'), false);
    assert.equal(checkFormat('uri', 'not a uri'), false);
  });

  it('checks date as an RFC 3339 full-date, with real months, days and leap years', () => {
    assert.equal(checkFormat('date', '2024-02-29'), true);
    assert.equal(checkFormat('date', '2023-02-29'), false);
    assert.equal(checkFormat('date', '2024-13-01'), false);
    assert.equal(checkFormat('date', '2024-1-01'), false);
  });

  it('checks date-time with a mandatory offset or Z', () => {
    assert.equal(checkFormat('date-time', '2026-12-01T09:30:00Z'), true);
    assert.equal(checkFormat('date-time', '2026-12-01T09:30:00+02:00'), true);
    assert.equal(checkFormat('date-time', '2026-12-01T09:30:00'), false);
    assert.equal(checkFormat('date-time', '2026-12-01'), false);
  });

  it('refuses very long input without running the validators', () => {
    assert.equal(checkFormat('email', `${'a'.repeat(5000)}@example.com`), false);
  });
});
