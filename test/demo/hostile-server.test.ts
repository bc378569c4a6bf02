// The hostile fixture against a bare SDK client: what the SDK already refuses on its own, what it lets
// through (the adapter must catch those), and how it handles a server-side cancel. Then against
// mcp-elicit (library and CLI): JSON output escaping, the audit trail and the rate limit (issue 12).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { OverRateChoice } from '../../src/contracts/over-rate.js';
import type { FormAnswer, FormPrompt, PromptContext, Renderer } from '../../src/contracts/renderer.js';
import { attachElicitation } from '../../src/mcp/attach.js';
import type { AuditEntry } from '../../src/mcp/audit.js';
import { createGuardedStdioTransport } from '../../src/mcp/guarded-stdio.js';
import { PromptQueue } from '../../src/mcp/prompt-queue.js';
import { type CliRun, jsonReport, resultText, runCli } from '../helpers/cli.js';
import { hostileStdioCommand } from '../helpers/servers.js';

interface BarrageRecord {
  readonly clientCapabilities: unknown;
  readonly responses: ReadonlyArray<{
    readonly case: string;
    readonly response:
      | { result: { action: string; content?: unknown } }
      | { error: { code: number; message: string } }
      | { timeout: true };
  }>;
}

interface CancelRecord {
  readonly cancelSent: boolean;
  readonly answeredBeforeCancel: boolean;
  readonly respondedAfterCancel: boolean;
  readonly progress: unknown[];
}

/** Rejected by the SDK's own wire-schema check (`Client#_wrapHandler` in @modelcontextprotocol/client) with -32602. */
const rejectedBySdk = [
  'missing-message',
  'missing-requestedSchema',
  'nested-object-property',
  'array-of-objects-property',
  'ref-property',
  'property-without-type',
  'root-not-object',
  'bogus-mode',
  'url-mode',
];

async function bareClient(mode: 'legacy' | 'auto', onElicit: (signal: AbortSignal) => Promise<void>) {
  const client = new Client(
    { name: 'bare-sdk-client', version: '0.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } },
  );
  const handled: string[] = [];
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    handled.push(request.params.message);
    await onElicit(ctx.mcpReq.signal);
    return { action: 'accept', content: { name: 'Ada' } };
  });
  const { command, args } = hostileStdioCommand();
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return { client, handled };
}

async function callJson<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args }, { timeout: 60_000 });
  const first = (result.content as Array<{ text?: string }>)[0];
  return JSON.parse(first?.text ?? 'null') as T;
}

describe('hostile fixture vs a bare SDK client', () => {
  test('a dual-era client falls back to 2025-11-25 because the fixture answers server/discover with -32601', async () => {
    const { client } = await bareClient('auto', async () => {});
    try {
      assert.equal(client.getProtocolEra(), 'legacy');
      assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
    } finally {
      await client.close();
    }
  });

  describe('the barrage (one run, inspected by each test)', () => {
    let record: BarrageRecord;
    let handled: string[];
    let close: () => Promise<void>;
    before(async () => {
      const bare = await bareClient('legacy', async () => {});
      close = () => bare.client.close();
      handled = bare.handled;
      // 4 s per case: the bare SDK's check of the 5 MB message takes over 1.5 s on a loaded machine.
      record = await callJson<BarrageRecord>(bare.client, 'barrage', { timeoutMs: 4000 });
    });
    after(async () => {
      await close();
    });
    const response = (name: string) => record.responses.find((r) => r.case === name)?.response;

    test('it completes: structural violations get -32602, and the valid form is still answered', () => {
      for (const name of rejectedBySdk) {
        const got = response(name);
        assert.ok(got && 'error' in got, `${name} is answered with an error`);
        assert.equal(got.error.code, -32602, name);
      }
      assert.match(
        (response('url-mode') as { error: { message: string } }).error.message,
        /does not support URL-mode/,
      );
      assert.deepEqual(response('valid-form'), { result: { action: 'accept', content: { name: 'Ada' } } });
      assert.equal(handled.at(-1), 'A valid request: what is your name?');
    });

    test('the bare SDK lets a foreign $schema dialect and a 5 MB message through, and never answers non-object params', () => {
      // Characterises SDK 2.4.0 so the adapter knows what it must catch itself; fails if the SDK changes.
      const accepted = { result: { action: 'accept', content: { name: 'Ada' } } };
      assert.deepEqual(response('unsupported-schema-dialect'), accepted);
      assert.deepEqual(response('huge-message'), accepted);
      assert.deepEqual(response('non-object-params'), { timeout: true });
      assert.ok(handled.some((message) => message.length === 5 * 1024 * 1024));
    });
  });

  test('a server cancel aborts the handler signal and the SDK sends no response afterwards', async () => {
    let aborted = false;
    const { client } = await bareClient('legacy', (signal) => {
      // Ends only on the server's cancel (asserted below); a handler left waiting holds no timer.
      return new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      });
    });
    try {
      const record = await callJson<CancelRecord>(client, 'slow_then_cancel', { afterMs: 300, graceMs: 400 });
      assert.equal(record.cancelSent, true);
      assert.equal(record.answeredBeforeCancel, false);
      assert.equal(record.respondedAfterCancel, false);
      assert.equal(aborted, true);
    } finally {
      await client.close();
    }
  });
});

type Response = { result?: { action: string; content?: unknown }; error?: { code: number } };

/** A person who answers "Ada" to every form and, asked whether to mute a nagging server, says yes. */
class MutingPerson implements Renderer {
  readonly name = 'muting-person';
  readonly interactive = true;
  readonly asked: string[] = [];
  async form(prompt: FormPrompt, _ctx: PromptContext): Promise<FormAnswer> {
    const checked = prompt.validate({ name: 'Ada' });
    assert.ok(checked.ok);
    return { outcome: { action: 'accept', content: checked.value } };
  }
  async overRate(_info: unknown, ctx: PromptContext): Promise<OverRateChoice> {
    this.asked.push(ctx.server.label);
    return 'mute';
  }
}

const hostile = hostileStdioCommand();
const cliServer = ['--', hostile.command, ...hostile.args];
// What a terminal may obey or that reorders or hides text; none may appear raw in JSON output.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

function auditLines(file: string): AuditEntry[] {
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as AuditEntry);
}

describe('mcp-elicit against the hostile fixture (issue 12 #7-#9)', () => {
  test('rate-limit.library-asks-the-person-and-mute-cancels-the-rest; audit hook gets names, never values', async () => {
    const client = new Client({ name: 'test', version: '1' });
    const person = new MutingPerson();
    const audit: AuditEntry[] = [];
    const session = attachElicitation(client, {
      renderer: person,
      server: 'nagger',
      modes: ['form'],
      queue: new PromptQueue({ rate: { burst: 2, perMinute: 1 } }),
      audit: (entry) => audit.push(entry),
    });
    await client.connect(createGuardedStdioTransport(hostile));
    try {
      const result = await session.callTool({ name: 'ask_repeatedly', arguments: { count: 5 } });
      const first = (result.content as { text?: string }[])[0];
      const { responses } = JSON.parse(first?.text ?? 'null') as { responses: Response[] };
      assert.deepEqual(
        responses.map((r) => r.result?.action),
        ['accept', 'accept', 'cancel', 'cancel', 'cancel'],
      );
      assert.deepEqual(person.asked, ['nagger'], 'asked once; a muted server is not asked again');
      assert.deepEqual(
        audit.map((e) => [e.action, e.reason, e.fields]),
        [
          ['accept', undefined, ['name']],
          ['accept', undefined, ['name']],
          ['cancel', 'muted', undefined],
          ['cancel', 'muted', undefined],
          ['cancel', 'muted', undefined],
        ],
      );
      assert.equal(audit[0]?.server.label, 'nagger');
      assert.equal(audit[0]?.server.selfName, 'hostile-fixture');
      assert.equal(audit[0]?.message, 'Request 1 of 5: what is your name?');
      assert.doesNotMatch(JSON.stringify(audit), /Ada/, 'values never reach the audit trail');
    } finally {
      await client.close();
    }
  });

  test('rate-limit.plain-cli-asks-whether-to-mute-and-mute-cancels-the-rest', async () => {
    const run = await runCli(
      ['--ui', 'plain', '--rate-limit', '1', 'call', 'ask_repeatedly', '--args', '{"count":3}', ...cliServer],
      { input: 'Ada\ns\nm\n' },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /This server keeps asking: it went over its limit of 1 request in a row/);
    assert.match(
      run.stdout,
      /Type m to mute this server for the session, s to show the request, c to cancel it\./,
    );
    const last = run.stdout.trimEnd().split('\n').at(-1) ?? '';
    assert.deepEqual(
      (JSON.parse(last) as { responses: Response[] }).responses.map((r) => r.result?.action),
      ['accept', 'cancel', 'cancel'],
    );
  });

  test('json-output.escapes-c1-del-line-separators-and-bidi-controls-in-server-text', async () => {
    const run = await runCli(['--json', '--set', 'name=Ada', 'call', 'control_text', ...cliServer]);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stdout.trimEnd(), UNSAFE_RAW, 'no raw control character on stdout');
    assert.ok(run.stdout.includes('\\u009b31m') && run.stdout.includes('\\u2028'), 'escaped as \\u');
    const report = jsonReport(run);
    const sent = JSON.parse(resultText(report)) as { message: string };
    assert.equal(report.elicitations[0]?.message, sent.message, 'the same value once parsed');
  });

  describe('a scripted run against a server that keeps asking, with --audit-log and --rate-limit 3', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const file = join(dir, 'audit.jsonl');
    let run: CliRun;
    let responses: Response[];
    before(async () => {
      run = await runCli([
        '--json',
        '--set',
        'name=SecretValue123',
        '--audit-log',
        file,
        '--rate-limit',
        '3',
        'call',
        'ask_repeatedly',
        '--args',
        '{"count":5}',
        ...cliServer,
      ]);
      responses = (JSON.parse(resultText(jsonReport(run))) as { responses: Response[] }).responses;
    });

    test('rate-limit.scripts-cancel-a-server-over-its-rate-as-rate-limited', () => {
      // Rate-limited cancels were not answered as the script asked: exit 4 (unanswered) says so.
      assert.equal(run.status, 4, run.stderr);
      assert.match(run.stderr, /2 of 5 elicitations were not answered as asked/);
      assert.deepEqual(
        responses.map((r) => r.result?.action),
        ['accept', 'accept', 'accept', 'cancel', 'cancel'],
      );
      assert.deepEqual(
        jsonReport(run).elicitations.map((e) => e.reason ?? e.action),
        ['accept', 'accept', 'accept', 'rate-limited', 'rate-limited'],
        'visible in --json',
      );
    });

    test('audit-log.one-private-line-per-elicitation-with-field-names-never-values', () => {
      assert.equal(statSync(file).mode & 0o777, 0o600, 'created private to the user');
      const entries = auditLines(file);
      assert.equal(entries.length, 5);
      for (const entry of entries) {
        assert.ok(!Number.isNaN(Date.parse(entry.time)), entry.time);
        assert.equal(entry.server.selfName, 'hostile-fixture');
        assert.equal(entry.mode, 'form');
        assert.match(entry.message, /^Request \d of 5: what is your name\?$/);
      }
      assert.deepEqual(
        entries.map((e) => [e.action, e.reason ?? null, e.fields ?? null]),
        [
          ['accept', null, ['name']],
          ['accept', null, ['name']],
          ['accept', null, ['name']],
          ['cancel', 'rate-limited', null],
          ['cancel', 'rate-limited', null],
        ],
      );
      assert.doesNotMatch(readFileSync(file, 'utf8'), /SecretValue123/);
    });

    test('audit-log.appends-and-never-truncates; server text in it is sanitised and escaped', async () => {
      const before = readFileSync(file, 'utf8');
      const again = await runCli([
        '--audit-log',
        file,
        '--set',
        'name=Ada',
        'call',
        'control_text',
        ...cliServer,
      ]);
      assert.equal(again.status, 0, again.stderr);
      const text = readFileSync(file, 'utf8');
      assert.ok(text.startsWith(before), 'earlier lines kept as they were');
      const entries = auditLines(file);
      assert.equal(entries.length, 6);
      for (const line of text.trimEnd().split('\n')) assert.doesNotMatch(line, UNSAFE_RAW, 'escaped');
      assert.equal(entries[5]?.message, 'Pay now DEL LS\nPS\n RLOtxt.exe ALM ZWSP', 'sanitised');
    });
  });
});
