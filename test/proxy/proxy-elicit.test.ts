// Who answers through the proxy (`--elicit auto|host|self`), on each era of host and upstream: a
// host simulated by an SDK client, against the demo server (2026-07-28 or pinned 2025-11-25) over
// stdio and Streamable HTTP, and the hostile fixture for malformed requests.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  demoStdioCommand,
  echoFormStdioCommand,
  hostileStdioCommand,
  type RunningHttpServer,
  startDemoHttp,
} from '../helpers/servers.js';
import { startHost, type TestHost } from './_host.js';

const demo = demoStdioCommand();
const echo = echoFormStdioCommand();
const demoServer = ['--', demo.command, ...demo.args];
const GOOD = { name: 'Host Ada', email: 'host@example.com', country: 'jp' };
const SETS = ['--set', 'name=Self Ada', '--set', 'email=self@example.com', '--set', 'country=fr'];

function text(result: unknown): string {
  return ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
}

async function withHost(options: Parameters<typeof startHost>[0], run: (host: TestHost) => Promise<void>) {
  const host = await startHost(options);
  try {
    await run(host);
  } finally {
    await host.close();
  }
}

const hostForm = (content: Record<string, unknown>) => ({
  modes: ['form'] as const,
  answer: () => ({ action: 'accept' as const, content: content as Record<string, string> }),
});

describe('proxy: who answers a form', () => {
  for (const upstream of ['auto', 'legacy'] as const) {
    const protocol = ['--protocol', upstream];
    const era = upstream === 'auto' ? '2026-07-28 server' : '2025-11-25 server';

    it(`auto, 2025 host with form mode: the host answers (${era}), with the checked schema`, async () => {
      await withHost(
        { proxyArgs: [...protocol, '--ui', 'scripted', ...demoServer], elicitation: hostForm(GOOD) },
        async (host) => {
          const result = await host.client.callTool({ name: 'profile', arguments: {} });
          assert.match(text(result), /action=accept/);
          assert.match(text(result), /Host Ada/);
          assert.equal(host.asked.length, 1);
          const schema = host.asked[0]?.requestedSchema as { required: string[]; properties: object };
          assert.deepEqual(schema.required, ['name', 'email', 'country']);
          assert.equal(host.asked[0]?.mode, 'form');
        },
      );
    });

    it(`auto, host without elicitation: the proxy's scripted front-end answers (${era})`, async () => {
      await withHost(
        { proxyArgs: [...protocol, '--ui', 'scripted', ...SETS, ...demoServer] },
        async (host) => {
          const result = await host.client.callTool({ name: 'profile', arguments: {} });
          assert.match(text(result), /action=accept/);
          assert.match(text(result), /Self Ada/);
        },
      );
    });
  }

  it('--elicit host: a host answer that does not fit goes upstream as cancel (host-unfit in the audit log), and stderr says why', async () => {
    const audit = join(mkdtempSync(join(tmpdir(), 'proxy-unfit-')), 'audit.jsonl');
    await withHost(
      {
        proxyArgs: ['--elicit', 'host', '--audit-log', audit, ...demoServer],
        elicitation: hostForm({ name: 'A', email: 'not-an-email', country: 'xx' }),
      },
      async (host) => {
        const result = await host.client.callTool({ name: 'profile', arguments: {} });
        assert.match(text(result), /action=cancel content=absent/);
        assert.equal(host.asked.length, 1);
        assert.match(host.stderr(), /did not fit the form, so it was refused: .*(does not match|must)/);
      },
    );
    const entry = JSON.parse(readFileSync(audit, 'utf8').trim()) as { action: string; reason?: string };
    assert.deepEqual([entry.action, entry.reason], ['cancel', 'host-unfit']);
  });

  it('auto: a host that says yes with no fields (accept {}) hands the form to the proxy front-end, whose answer the server gets', async () => {
    await withHost(
      { proxyArgs: ['--ui', 'scripted', ...SETS, ...demoServer], elicitation: hostForm({}) },
      async (host) => {
        const result = await host.client.callTool({ name: 'profile', arguments: {} });
        assert.match(text(result), /action=accept/);
        assert.match(text(result), /Self Ada/);
        assert.equal(host.asked.length, 1, 'the host was asked first');
        assert.match(host.stderr(), /did not fit the form .*asking here instead/);
      },
    );
  });

  for (const closed of [false, true]) {
    it(`a host answer with keys the schema does not name: they are dropped (stderr names them) and the rest is sent${closed ? ' (additionalProperties: false)' : ''}`, async () => {
      const schema = {
        type: 'object',
        properties: { who: { type: 'string' } },
        required: ['who'],
        ...(closed && { additionalProperties: false }),
      };
      await withHost(
        {
          proxyArgs: ['--elicit', 'host', '--', echo.command, ...echo.args],
          elicitation: hostForm({ who: 'Ada', extra: 'x', 'in\u001b[31mjected': 1 }),
        },
        async (host) => {
          const result = await host.client.callTool({ name: 'ask', arguments: { schema } });
          assert.deepEqual(JSON.parse(text(result)), { action: 'accept', content: { who: 'Ada' } });
          assert.match(host.stderr(), /dropped.*"extra"/);
          assert.ok(!host.stderr().includes('\u001b'), 'host text is cleaned');
        },
      );
    });
  }

  it('--elicit self: the proxy answers even though the host could', async () => {
    await withHost(
      {
        proxyArgs: ['--elicit', 'self', '--ui', 'scripted', ...SETS, ...demoServer],
        elicitation: hostForm(GOOD),
      },
      async (host) => {
        assert.match(text(await host.client.callTool({ name: 'profile', arguments: {} })), /Self Ada/);
        assert.equal(host.asked.length, 0);
      },
    );
  });

  it('--elicit host with a host that declared nothing: cancel (nobody to ask), never decline', async () => {
    await withHost({ proxyArgs: ['--elicit', 'host', ...SETS, ...demoServer] }, async (host) => {
      assert.match(text(await host.client.callTool({ name: 'profile', arguments: {} })), /action=cancel/);
    });
  });

  for (const upstream of ['auto', 'legacy'] as const) {
    const era = upstream === 'auto' ? '2026-07-28 server' : '2025-11-25 server';
    it(`a 2026-07-28 host with form mode answers through input_required rounds (${era})`, async () => {
      await withHost(
        {
          era: '2026-07-28',
          proxyArgs: ['--protocol', upstream, '--ui', 'scripted', ...SETS, ...demoServer],
          elicitation: hostForm(GOOD),
        },
        async (host) => {
          assert.equal(host.client.getProtocolEra(), 'modern');
          const result = await host.client.callTool({ name: 'profile', arguments: {} });
          assert.match(text(result), /Host Ada/);
          assert.equal(host.asked.length, 1);
        },
      );
    });
  }

  it('a 2026-07-28 host without elicitation: the proxy answers itself', async () => {
    await withHost(
      { era: '2026-07-28', proxyArgs: ['--ui', 'scripted', ...SETS, ...demoServer] },
      async (host) => {
        assert.match(text(await host.client.callTool({ name: 'profile', arguments: {} })), /Self Ada/);
      },
    );
  });

  it('a 2026-07-28 host answers every round of a multi-round tool (signup)', async () => {
    await withHost(
      {
        era: '2026-07-28',
        proxyArgs: [...demoServer],
        // The test host stands for a person: its instant decline is a person's (H-32).
        env: { MCP_ELICIT_HOST_READ_MS: '0' },
        elicitation: {
          modes: ['form'],
          answer: (params) =>
            params.message === 'Create your account'
              ? { action: 'accept', content: { username: 'octocat', plan: 'free' } }
              : { action: 'decline' },
        },
      },
      async (host) => {
        const result = await host.client.callTool({ name: 'signup', arguments: {} });
        assert.equal(host.asked.length, 2);
        assert.match(text(result), /octocat/);
        assert.match(text(result), /action=decline/);
      },
    );
  });

  it('a multi-round 2026 tool (signup) answered round by round by a 2025 host', async () => {
    const answers: Record<string, Record<string, unknown>> = {
      'Create your account': { username: 'octocat', plan: 'free' },
    };
    await withHost(
      {
        proxyArgs: [...demoServer],
        env: { MCP_ELICIT_HOST_READ_MS: '0' },
        elicitation: {
          modes: ['form'],
          answer: (params) => {
            const content = answers[String(params.message)];
            return content
              ? { action: 'accept', content: content as Record<string, string> }
              : { action: 'decline' };
          },
        },
      },
      async (host) => {
        const result = await host.client.callTool({ name: 'signup', arguments: {} });
        assert.ok(host.asked.length >= 2, 'the host was asked each round');
        assert.match(text(result), /octocat/);
        assert.match(text(result), /action=decline/);
      },
    );
  });
});

describe('proxy: upstream over Streamable HTTP', () => {
  let http: RunningHttpServer;
  before(async () => {
    http = await startDemoHttp();
  });
  after(async () => {
    await http.close();
  });

  it('a 2025 host answers the form of the HTTP server (2026-07-28)', async () => {
    await withHost({ proxyArgs: ['--url', http.url], elicitation: hostForm(GOOD) }, async (host) => {
      const result = await host.client.callTool({ name: 'profile', arguments: {} });
      assert.match(text(result), /Host Ada/);
      assert.equal(host.asked.length, 1);
    });
  });
});

describe('proxy: malformed upstream requests', () => {
  it('are rejected upstream with -32602 and never reach the host; the valid one does', async () => {
    const hostile = hostileStdioCommand();
    await withHost(
      {
        proxyArgs: ['--elicit', 'host', '--', hostile.command, ...hostile.args],
        elicitation: { modes: ['form'], answer: () => ({ action: 'accept', content: { name: 'Ada' } }) },
      },
      async (host) => {
        const result = await host.client.callTool({ name: 'barrage', arguments: { timeoutMs: 3000 } });
        const report = JSON.parse(text(result)) as {
          responses: { case: string; response: { error?: { code: number }; result?: unknown } }[];
        };
        const valid = report.responses.filter((r) => r.response.result !== undefined);
        const errors = report.responses.filter((r) => r.response.error !== undefined);
        assert.equal(host.asked.length, 1, 'only the valid request reached the host');
        assert.equal(valid.length, 1);
        assert.equal(errors.length, report.responses.length - 1, 'every malformed request got an error');
        // -32600 where the JSON-RPC message itself is invalid (no params), -32602 for bad params.
        for (const e of errors) assert.ok([-32602, -32600].includes(e.response.error?.code ?? 0), e.case);
        assert.ok(errors.filter((e) => e.response.error?.code === -32602).length >= 8);
        assert.deepEqual(valid[0]?.response.result, { action: 'accept', content: { name: 'Ada' } });
      },
    );
  });
});
