import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openAuditLog } from '../../src/cli/audit-log.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import type { AuditEntry } from '../../src/mcp/audit.js';

const entry = (message: string): AuditEntry => ({
  time: '2026-12-01T00:00:00.000Z',
  server: { label: 'srv' },
  mode: 'form',
  message,
  action: 'cancel',
  reason: 'no-answer',
});

describe('--audit-log file (issue 12 #8)', () => {
  it('audit-log.creates-the-file-0600-and-appends-one-escaped-json-line-per-entry', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'audit-')), 'log.jsonl');
    const warnings: string[] = [];
    const log = await openAuditLog(file, (line) => warnings.push(line));
    log.write(entry('first'));
    log.write(entry('second \u2028 line'));
    await log.close();
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const text = readFileSync(file, 'utf8');
    assert.equal(text.split('\n').length, 3, 'two lines, newline-terminated');
    assert.ok(text.includes('\\u2028'), 'U+2028 written as an escape, so the line stays one line');
    assert.deepEqual(warnings, []);
  });

  it('appends to an existing file without truncating it, and tightens it to 0600', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'audit-')), 'log.jsonl');
    writeFileSync(file, '{"earlier":true}\n', { mode: 0o644 });
    const log = await openAuditLog(file, () => {});
    log.write(entry('later'));
    await log.close();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    assert.deepEqual(JSON.parse(lines[0] ?? ''), { earlier: true });
    assert.equal((JSON.parse(lines[1] ?? '') as AuditEntry).message, 'later');
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it('a file that cannot be opened is a usage error before anything connects', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    await assert.rejects(
      () => openAuditLog(dir, () => {}),
      (error: unknown) =>
        error instanceof ElicitError && error.code === 'usage' && /EISDIR/.test(error.message),
    );
  });
});
