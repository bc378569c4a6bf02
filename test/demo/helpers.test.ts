// The server-starting helpers work and clean up after themselves; the escape fixture serves its form.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import { ESCAPES } from '../fixtures/servers/escape-server.js';
import {
  demoStdioCommand,
  escapeStdioCommand,
  everythingStdioCommand,
  startDemoHttp,
  startEverythingHttp,
} from '../helpers/servers.js';
import { connectClient } from './_client.js';

async function refusesConnections(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'GET', signal: AbortSignal.timeout(2_000) });
    return false;
  } catch {
    return true;
  }
}

describe('server helpers', () => {
  test('startEverythingHttp serves server-everything, whose form elicitation reaches our handler; close stops it', async () => {
    const server = await startEverythingHttp();
    const c = await connectClient('2025-11-25', { url: server.url });
    try {
      const { tools } = await c.client.listTools();
      assert.ok(tools.some((t) => t.name === 'trigger-elicitation-request'));
      c.answer({ action: 'accept', content: { name: 'Ada' } });
      const text = await c.call('trigger-elicitation-request');
      assert.equal(c.seen[0]?.params.requestedSchema?.required?.[0], 'name');
      assert.match(text, /Ada/);
    } finally {
      await c.close();
      await server.close();
    }
    assert.equal(await refusesConnections(server.url), true);
  });

  test('everythingStdioCommand starts server-everything over stdio', async () => {
    const c = await connectClient('2025-11-25', everythingStdioCommand());
    try {
      assert.match(c.client.getServerVersion()?.name ?? '', /everything/i);
    } finally {
      await c.close();
    }
  });

  test('startDemoHttp picks a free port and close() stops the child', async () => {
    const server = await startDemoHttp();
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.notEqual(new URL(server.url).port, '0');
    await server.close();
    assert.equal(await refusesConnections(server.url), true);
  });

  test('the demo entry rejects unknown flags with exit status 2 and a message on stderr', async () => {
    const { command, args } = demoStdioCommand();
    const child = spawn(command, [...args, '--bogus'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /mcp-elicit-demo: .*bogus/);
  });

  test('the escape fixture elicits a form whose server text carries raw escapes and HTML, on both eras', async () => {
    for (const era of ['2025-11-25', '2026-07-28'] as const) {
      const c = await connectClient(era, escapeStdioCommand());
      try {
        c.answer({ action: 'accept', content: { nickname: 'Ada' } });
        const text = await c.call('escapes');
        const params = c.seen[0]?.params;
        assert.ok(params);
        assert.ok(params.message.includes(ESCAPES.clearScreen));
        assert.ok(params.message.includes(ESCAPES.oscTitle));
        assert.ok(params.message.includes(ESCAPES.script));
        assert.ok(params.message.includes(ESCAPES.bidiOverride));
        assert.ok(JSON.stringify(params.requestedSchema).includes(ESCAPES.c1Csi));
        assert.match(text, /escapes: action=accept content=\{"nickname":"Ada"\}/);
      } finally {
        await c.close();
      }
    }
  });
});
