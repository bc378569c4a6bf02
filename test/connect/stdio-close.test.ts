// Ending a stdio server (MCP lifecycle, Shutdown): stdin closed first; a server that exits on its
// own is never signalled, one that lingers gets SIGTERM when the grace ends instead of after the
// SDK's 2 s. The grace is injected, so nothing here waits on the clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { closeStdioClient, type Grace } from '../../src/connect/stdio-close.js';
import { createGuardedStdioTransport } from '../../src/mcp/guarded-stdio.js';
import { req } from '../helpers/req.js';
import { lingerStdioCommand } from '../helpers/servers.js';
import { within } from '../helpers/within.js';

async function connectLinger(...args: string[]) {
  const command = lingerStdioCommand(...args);
  const transport = createGuardedStdioTransport({ ...command, stderr: 'pipe' });
  let stderr = '';
  const seen: { text: string; resolve: () => void }[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    for (const wait of seen) if (stderr.includes(wait.text)) wait.resolve();
  });
  const said = (text: string) =>
    new Promise<void>((resolve) => (stderr.includes(text) ? resolve() : seen.push({ text, resolve })));
  const client = new Client({ name: 'stdio-close-test', version: '0.0.0' });
  await within(20_000, 'connect to the linger fixture', client.connect(transport));
  return { client, said, stderr: () => stderr };
}

/** A grace that ends when the test says so, and tells whether it was cut short. */
function manualGrace() {
  let end: () => void = () => {};
  let aborted = false;
  const grace: Grace = (signal) =>
    new Promise<void>((resolve, reject) => {
      end = resolve;
      signal.addEventListener('abort', () => {
        aborted = true;
        reject(signal.reason);
      });
    });
  return { grace, end: () => end(), aborted: () => aborted };
}

describe('closing a stdio server', () => {
  it(req`a server still running when the grace ends gets SIGTERM after its stdin closed, and close returns at once (X-12)`, async () => {
    const { client, said, stderr } = await connectLinger();
    const manual = manualGrace();
    let closed = false;
    const closing = closeStdioClient(client, manual.grace).then(() => {
      closed = true;
    });
    await within(5_000, 'the server sees its stdin end', said('stdin ended'));
    assert.equal(closed, false, 'the server is still up: close waits for it');
    manual.end();
    // Well under the SDK's own 2 s before its SIGTERM: the grace ending is what ended the server.
    await within(1_500, 'close after the grace', closing);
    assert.match(stderr(), /stdin ended\n[\s\S]*got SIGTERM/);
  });

  it(req`a server that exits when its stdin closes is never signalled (X-12)`, async () => {
    const { client, said, stderr } = await connectLinger('--prompt');
    const manual = manualGrace();
    await within(5_000, 'close of a prompt server', closeStdioClient(client, manual.grace));
    await said('stdin ended');
    assert.equal(manual.aborted(), true, 'the grace was cut short by the exit');
    manual.end();
    assert.doesNotMatch(stderr(), /SIGTERM/);
  });
});
