// A headless host (`claude -p`, `codex exec`) answers `cancel` or `decline` the moment it is asked:
// under `--elicit auto` that refusal is not the person's, so the proxy's own front-end answers (here
// its scripted answers), and stderr and the audit log say so; `--elicit host` keeps the host's word,
// and so does a refusal that took longer than a person needs to read the question (H-32).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { echoFormStdioCommand } from '../helpers/servers.js';
import { until } from './_host.js';
import { startRawHost } from './_raw-host.js';

const echo = echoFormStdioCommand();
const echoServer = ['--', echo.command, ...echo.args];
const SCHEMA = { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] };

interface Run {
  /** What the server's `ask` tool got back, as it echoes it. */
  readonly echoed: unknown;
  readonly stderr: string;
  /** The audit log's entries. */
  readonly audit: Record<string, unknown>[];
  /** How many elicitation/create requests reached the host. */
  readonly asked: number;
}

/** One `ask` call through the proxy, the raw host answering `action` as soon as it is asked. */
async function refuseAtOnce(
  action: 'cancel' | 'decline',
  proxyArgs: readonly string[],
  env: Record<string, string> = {},
): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-refusal-'));
  const log = join(dir, 'audit.jsonl');
  const host = startRawHost([...proxyArgs, '--audit-log', log, ...echoServer], env);
  try {
    await host.initialize({ elicitation: { form: {}, url: {} } });
    const params = { name: 'ask', arguments: { schema: SCHEMA, message: 'Who are you?' } };
    host.write({ jsonrpc: '2.0', id: 'call', method: 'tools/call', params });
    const asked = await host.next((m) => m.method === 'elicitation/create', 'the question sent to the host');
    host.write({ jsonrpc: '2.0', id: asked.id, result: { action } });
    const answer = await host.next((m) => m.id === 'call', 'the tool result');
    const text = (answer.result as { content: { text: string }[] }).content[0]?.text ?? '';
    await until(() => readFileSync(log, 'utf8').includes('\n'), 'the audit entry');
    const audit = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const count = host.received.filter((m) => m.method === 'elicitation/create').length;
    return { echoed: JSON.parse(text), stderr: host.stderr(), audit, asked: count };
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('proxy: a host that refuses faster than a person can read (H-32)', () => {
  const scripted = ['--ui', 'scripted', '--set', 'who=from the script'];
  for (const [action, upstream] of [
    ['cancel', 'legacy'],
    ['decline', 'auto'],
  ] as const) {
    const server = upstream === 'legacy' ? '2025' : '2026';
    it(`an instant ${action} is set aside and the scripted answers given to the proxy are used (${server} server)`, async () => {
      const run = await refuseAtOnce(action, ['--protocol', upstream, ...scripted]);
      assert.deepEqual(run.echoed, { action: 'accept', content: { who: 'from the script' } });
      assert.equal(run.asked, 1, 'the host was asked once');
      assert.match(
        run.stderr,
        new RegExp(
          `the host answered ${action} \\d+ ms after the form question, sooner than a person can read it; answering from the scripted answers instead`,
        ),
      );
      assert.equal(run.audit.length, 1);
      const entry = run.audit[0] as { action?: string; hostRefusal?: Record<string, unknown> };
      assert.equal(entry.action, 'accept');
      assert.equal(entry.hostRefusal?.action, action);
      assert.equal(entry.hostRefusal?.answeredBy, 'scripted');
      assert.equal(typeof entry.hostRefusal?.ms, 'number');
    });
  }

  it("--elicit host keeps the host's instant decline", async () => {
    const run = await refuseAtOnce('decline', ['--protocol', 'legacy', '--elicit', 'host', ...scripted]);
    assert.deepEqual(run.echoed, { action: 'decline' });
    assert.doesNotMatch(run.stderr, /sooner than a person can read it/);
    assert.equal((run.audit[0] as { hostRefusal?: unknown }).hostRefusal, undefined);
  });

  it("a refusal after the reading time is the person's: kept (MCP_ELICIT_HOST_READ_MS=0)", async () => {
    const run = await refuseAtOnce('cancel', ['--protocol', 'legacy', ...scripted], {
      MCP_ELICIT_HOST_READ_MS: '0',
    });
    assert.deepEqual(run.echoed, { action: 'cancel' });
    assert.equal((run.audit[0] as { reason?: string }).reason, 'dismissed');
    assert.doesNotMatch(run.stderr, /sooner than a person can read it/);
  });

  it('a bad MCP_ELICIT_HOST_READ_MS is a usage error naming it (exit 2)', async () => {
    const host = startRawHost(['--protocol', 'legacy', ...echoServer], { MCP_ELICIT_HOST_READ_MS: 'soon' });
    await until(() => host.child.exitCode !== null, 'the proxy to exit');
    assert.equal(host.child.exitCode, 2);
    assert.match(
      host.stderr(),
      /MCP_ELICIT_HOST_READ_MS must be a whole number of milliseconds \(got "soon"\)/,
    );
  });
});
