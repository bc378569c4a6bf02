// A host that probes 2026-07-28 with server/discover and then falls back to a 2025-11-25
// initialize (Claude Code 2.1.332 does when a server takes a few seconds to start) is served as
// the 2025 host it became: the server's question goes to it as elicitation/create, not into an
// input_required round it will never see (found running the real host: every form was cancelled).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { echoFormStdioCommand } from '../helpers/servers.js';
import { type RawHost, startRawHost } from './_raw-host.js';

const echo = echoFormStdioCommand();
const FORM = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const hosts: RawHost[] = [];
after(() => Promise.all(hosts.map((h) => h.close())));

describe('proxy: a host that probes 2026-07-28 and falls back to initialize', () => {
  it('sends the question to the host as elicitation/create and its answer reaches the server (H-46)', async () => {
    const host = startRawHost(['--elicit', 'host', '--', echo.command, ...echo.args]);
    hosts.push(host);
    const declared = { elicitation: { form: {} } };
    host.write({
      jsonrpc: '2.0',
      id: 'probe',
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': declared,
        },
      },
    });
    await host.next((m) => m.id === 'probe', 'the discover answer', 60_000);
    await host.initialize(declared);
    host.write({
      jsonrpc: '2.0',
      id: 'call',
      method: 'tools/call',
      params: { name: 'ask', arguments: { schema: FORM } },
    });
    const asked = await host.next((m) => m.method === 'elicitation/create', 'the question, sent to the host');
    host.write({ jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'Ada' } } });
    const result = await host.next((m) => m.id === 'call', 'the call result');
    const text = (result.result as { content: { text: string }[] }).content[0]?.text ?? '';
    assert.deepEqual(JSON.parse(text), { action: 'accept', content: { name: 'Ada' } });
  });
});
