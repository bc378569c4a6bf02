import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeUrl } from '../../src/core/url-safety.js';
import { auditEntry } from '../../src/mcp/audit.js';
import { urlFacts } from '../../src/mcp/events.js';

describe('audit entries (issue 12 #8)', () => {
  it('audit-log.url-entries-carry-the-site-and-every-warning', () => {
    const url = 'https://accounts.example.com@evil.example/login?token=abc';
    const entry = auditEntry(
      {
        server: 'srv',
        mode: 'url',
        message: 'Sign in\u001b[2J please',
        url,
        ...urlFacts(analyzeUrl(url)),
        action: 'cancel',
        reason: 'unsafe-url',
      },
      { label: 'srv', selfName: 'Evil \u202eCorp', selfVersion: '1.0' },
      new Date('2026-12-01T01:02:03Z'),
    );
    assert.deepEqual(
      { ...entry, url: { ...entry.url, warnings: entry.url?.warnings.map((w) => w.code) } },
      {
        time: '2026-12-01T01:02:03.000Z',
        server: { label: 'srv', selfName: 'Evil Corp', selfVersion: '1.0' },
        mode: 'url',
        message: 'Sign in please',
        url: {
          href: url,
          site: 'evil.example',
          siteAscii: 'evil.example',
          host: 'evil.example',
          warnings: ['userinfo', 'sensitive-query'],
        },
        action: 'cancel',
        reason: 'unsafe-url',
      },
    );
  });

  it('audit-log.form-accepts-list-field-names-never-values; rejected requests keep the error', () => {
    const accepted = auditEntry(
      { server: 's', mode: 'form', message: 'm', action: 'accept', content: { email: 'a@b.c', age: 3 } },
      { label: 's' },
    );
    assert.deepEqual(accepted.fields, ['email', 'age']);
    assert.doesNotMatch(JSON.stringify(accepted), /a@b\.c/);
    const rejected = auditEntry(
      { server: 's', mode: 'unknown', message: '', error: { code: -32602, message: 'bad\u009b2J mode' } },
      { label: 's' },
    );
    assert.deepEqual(rejected.error, { code: -32602, message: 'bad mode' });
    assert.equal(rejected.action, undefined);
  });
});
