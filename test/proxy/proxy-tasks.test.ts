// Tools that run as tasks, through the proxy: the proxy runs the task upstream (polling, the
// elicitation inside it answered by its own front-end) and answers the host's plain tools/call with
// the task's final result, so a host without task support can use them. The server's task sleeps
// between its stages, so the two eras (each its own host, proxy and server) run side by side.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { researchProxyArgs, startHost } from './_host.js';

describe('proxy: tools that run as tasks (server-everything, 2025-11-25)', { concurrency: true }, () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`simulate-research-query (taskSupport "required") answers a plain call of a ${era} host, its question answered by the proxy`, async () => {
      const host = await startHost({
        era,
        proxyArgs: researchProxyArgs(),
      });
      try {
        const result = (await host.client.callTool({
          name: 'simulate-research-query',
          arguments: { topic: 'python', ambiguous: true },
        })) as CallToolResult;
        const text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
        assert.match(text, /# Research Report: python \(comedy\)/);
        assert.equal(host.client.getServerCapabilities()?.tasks, undefined, 'the host is not offered tasks');
      } finally {
        await host.close();
      }
    });
  }
});
