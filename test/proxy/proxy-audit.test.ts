// The proxy honours --audit-log and --rate-limit as the other commands do: every elicitation of
// the server behind it is logged (field names, never values), and a server asking too fast is
// cancelled with `rate-limited`, in the log too.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { demoStdioCommand } from '../helpers/servers.js';
import { startHost } from './_host.js';

const demo = demoStdioCommand();
const SETS = ['--set', 'name=Self Ada', '--set', 'email=self@example.com', '--set', 'country=fr'];

function text(result: unknown): string {
  return ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
}

describe('proxy: --audit-log and --rate-limit', () => {
  it('logs each elicitation privately and cancels the one over the rate limit', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'proxy-audit-')), 'audit.jsonl');
    const host = await startHost({
      proxyArgs: [
        '--ui',
        'scripted',
        ...SETS,
        '--audit-log',
        file,
        '--rate-limit',
        '1',
        '--',
        demo.command,
        ...demo.args,
      ],
    });
    try {
      const first = await host.client.callTool({ name: 'profile', arguments: {} });
      assert.match(text(first), /action=accept/);
      const second = await host.client.callTool({ name: 'profile', arguments: {} });
      assert.match(text(second), /action=cancel/, 'the second prompt within the minute is over the limit');
    } finally {
      await host.close();
    }
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const raw = readFileSync(file, 'utf8');
    assert.doesNotMatch(raw, /Self Ada|self@example\.com/, 'values never reach the log');
    const entries = raw
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { action?: string; reason?: string; fields?: string[]; mode: string },
      );
    assert.equal(entries.length, 2, raw);
    assert.equal(entries[0]?.action, 'accept');
    for (const name of ['name', 'email', 'country']) assert.ok(entries[0]?.fields?.includes(name), name);
    assert.equal(entries[1]?.action, 'cancel');
    assert.equal(entries[1]?.reason, 'rate-limited');
  });
});
