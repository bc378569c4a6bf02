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

  it('over the rate with a host that answers forms: the host is asked "keeps asking" (show, cancel, mute), at once', async () => {
    const choices = ['allow', 'cancel', 'mute'];
    const host = await startHost({
      // The browser would answer URL mode: still the host is asked, since the person is there.
      proxyArgs: ['--rate-limit', '1', '--', demo.command, ...demo.args],
      env: { BROWSER: 'false' },
      elicitation: {
        modes: ['form'],
        answer: (params) =>
          /keeps asking/.test(String(params.message))
            ? { action: 'accept', content: { choice: choices.shift() ?? 'cancel' } }
            : { action: 'accept', content: { name: 'Host Ada', email: 'host@example.com', country: 'jp' } },
      },
    });
    try {
      const call = async () => text(await host.client.callTool({ name: 'profile', arguments: {} }));
      assert.match(await call(), /action=accept/, 'within the rate');
      assert.match(await call(), /action=accept.*Host Ada/s, 'over it, the host chose "show"');
      assert.match(await call(), /action=cancel/, 'the host chose "cancel this one"');
      assert.match(await call(), /action=cancel/, 'the host chose "mute"');
      assert.match(await call(), /action=cancel/, 'muted: not asked again');
      const questions = host.asked.filter((p) => /keeps asking/.test(String(p.message)));
      assert.equal(questions.length, 3, 'asked three times, never after the mute');
      const schema = questions[0]?.requestedSchema as { required: string[] };
      assert.deepEqual(schema.required, ['choice']);
      assert.equal(host.asked.length, 5, 'two profile forms and three questions');
    } finally {
      await host.close();
    }
  });
});
