// The hostile fixture against a bare SDK client: what the SDK already refuses on its own, what it lets
// through (the adapter must catch those), and how it handles a server-side cancel.
import * as assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
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

/** Rejected by the SDK's own wire-schema check (spec file §2.4) with -32602. */
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
      record = await callJson<BarrageRecord>(bare.client, 'barrage', { timeoutMs: 1500 });
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
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        signal.addEventListener('abort', () => {
          aborted = true;
          clearTimeout(timer);
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
