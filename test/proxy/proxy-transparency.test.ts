// The transparency test: every tool, prompt and resource of server-everything (except its
// elicitation tools) gives the same result through `mcp-elicit proxy` as directly, with the host's
// roots and sampling forwarded; and the lists themselves are the same.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { everythingStdioCommand } from '../helpers/servers.js';
import { startHost, type TestHost } from './_host.js';

const everything = everythingStdioCommand();
/** Tools that elicit (answered differently by design) are left out. */
const ELICITING = new Set(['trigger-elicitation-request', 'simulate-research-query']);
const TOOL_ARGS: Record<string, Record<string, unknown>> = {
  echo: { message: 'hello through the proxy' },
  'get-annotated-message': { messageType: 'success', includeImage: true },
  'get-structured-content': { location: 'Chicago' },
  'get-sum': { a: 2, b: 40 },
  'trigger-long-running-operation': { duration: 0.2, steps: 2 },
  'trigger-sampling-request': { prompt: 'hi', maxTokens: 5 },
  'gzip-file-as-resource': { name: 'x.gz', data: 'data:text/plain;base64,aGVsbG8=' },
};
const PROMPT_ARGS: Record<string, Record<string, string>> = {
  'args-prompt': { city: 'Paris', state: 'IDF' },
  'completable-prompt': { department: 'Engineering', name: 'Alice' },
  'resource-prompt': { resourceType: 'Text', resourceId: '2' },
};

// server-everything stamps some texts and blobs with the wall-clock second ("created at 9:55:56
// AM"); a direct call and a proxied one may straddle a second, so the clock is masked on both sides.
const CLOCK = /\b\d{1,2}:\d{2}:\d{2}(\s?[AP]M)?\b/g;
function withoutClock(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, item: unknown) => {
    if (typeof item !== 'string') return item;
    const text = key === 'blob' ? Buffer.from(item, 'base64').toString('utf8') : item;
    return text.replace(CLOCK, '<clock>');
  });
}

function hostCapabilities() {
  return { roots: { listChanged: true }, sampling: {} };
}

function addHostHandlers(client: Client) {
  client.setRequestHandler('roots/list', async () => ({
    roots: [{ uri: 'file:///work/project', name: 'project' }],
  }));
  client.setRequestHandler('sampling/createMessage', async () => ({
    role: 'assistant',
    content: { type: 'text', text: 'sampled by the host' },
    model: 'test-model',
  }));
}

describe('proxy transparency against server-everything over stdio', () => {
  let direct: Client;
  let proxied: TestHost;
  before(async () => {
    direct = new Client({ name: 'test-host', version: '1.0.0' }, { capabilities: hostCapabilities() });
    addHostHandlers(direct);
    await direct.connect(
      new StdioClientTransport({
        ...everything,
        env: { PATH: process.env.PATH ?? '' },
        stderr: 'pipe',
      }) as Transport,
    );
    proxied = await startHost({
      proxyArgs: ['--ui', 'scripted', '--', everything.command, ...everything.args],
      roots: true,
      sampling: true,
    });
  });
  after(async () => {
    await direct.close();
    await proxied.close();
  });

  it('advertises the same tools, prompts, resources and templates, with their flags', async () => {
    const caps = proxied.client.getServerCapabilities();
    const upstream = direct.getServerCapabilities();
    for (const key of ['tools', 'prompts', 'resources', 'completions', 'logging'] as const)
      assert.deepEqual(caps?.[key], upstream?.[key], key);
    const tools = (c: Client) => c.listTools().then((r) => r.tools.filter((t) => !ELICITING.has(t.name)));
    assert.deepEqual(await tools(proxied.client), await tools(direct));
    assert.deepEqual(await proxied.client.listPrompts(), await direct.listPrompts());
    assert.deepEqual(await proxied.client.listResources(), await direct.listResources());
    assert.deepEqual(await proxied.client.listResourceTemplates(), await direct.listResourceTemplates());
  });

  it('every tool (but the eliciting ones) gives the same result', async () => {
    const { tools } = await direct.listTools();
    let compared = 0;
    for (const tool of tools) {
      if (ELICITING.has(tool.name)) continue;
      const params = { name: tool.name, arguments: TOOL_ARGS[tool.name] ?? {} };
      const expected = await direct.callTool(params);
      const actual = await proxied.client.callTool(params);
      assert.deepEqual(withoutClock(actual), withoutClock(expected), tool.name);
      if (tool.name === 'trigger-sampling-request')
        assert.match(JSON.stringify(actual), /sampled by the host/, 'sampling reached the host');
      if (tool.name === 'get-roots-list')
        assert.match(JSON.stringify(actual), /file:\/\/\/work\/project/, 'roots came from the host');
      if (tool.name === 'get-sum') assert.match(JSON.stringify(actual), /42/);
      compared++;
    }
    assert.ok(compared >= 14, `compared ${compared} tools`);
  });

  it('every prompt gives the same result, and completions too', async () => {
    for (const prompt of (await direct.listPrompts()).prompts) {
      const params = { name: prompt.name, arguments: PROMPT_ARGS[prompt.name] ?? {} };
      assert.deepEqual(await proxied.client.getPrompt(params), await direct.getPrompt(params), prompt.name);
    }
    const complete = {
      ref: { type: 'ref/prompt' as const, name: 'completable-prompt' },
      argument: { name: 'department', value: 'E' },
    };
    assert.deepEqual(await proxied.client.complete(complete), await direct.complete(complete));
  });

  it('every resource and template instance reads the same, and errors are the same', async () => {
    const uris = (await direct.listResources()).resources.map((r) => r.uri);
    uris.push('demo://resource/dynamic/text/3', 'demo://resource/dynamic/blob/4');
    for (const uri of uris)
      assert.deepEqual(
        withoutClock(await proxied.client.readResource({ uri })),
        withoutClock(await direct.readResource({ uri })),
        uri,
      );
    const failure = (c: Client) =>
      c.readResource({ uri: 'demo://nope/1' }).then(
        () => 'resolved',
        (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message }),
      );
    assert.deepEqual(await failure(proxied.client), await failure(direct));
  });
});

describe('proxy: a 2026-07-28 host gets sampling and roots as input_required rounds', () => {
  let proxied: TestHost;
  before(async () => {
    proxied = await startHost({
      era: '2026-07-28',
      proxyArgs: ['--ui', 'scripted', '--protocol', 'legacy', '--', everything.command, ...everything.args],
      roots: true,
      sampling: true,
    });
  });
  after(() => proxied.close());

  it("the 2025 server's sampling and roots requests are answered by the host's own handlers", async () => {
    const sampled = await proxied.client.callTool({
      name: 'trigger-sampling-request',
      arguments: TOOL_ARGS['trigger-sampling-request'],
    });
    assert.match(JSON.stringify(sampled), /sampled by the host/);
    const roots = await proxied.client.callTool({ name: 'get-roots-list', arguments: {} });
    assert.match(JSON.stringify(roots), /file:\/\/\/work\/project/);
  });
});

describe('proxy: what the host did not declare is not declared upstream', () => {
  it('a host without sampling or roots: the server is told neither (it offers no tools needing them)', async () => {
    const proxied = await startHost({
      proxyArgs: ['--ui', 'scripted', '--', everything.command, ...everything.args],
    });
    try {
      // server-everything registers these two tools only for a client that declared the feature.
      const tools = (await proxied.client.listTools()).tools.map((t) => t.name);
      assert.ok(tools.includes('echo'));
      assert.ok(!tools.includes('trigger-sampling-request'), 'sampling was not declared upstream');
      assert.ok(!tools.includes('get-roots-list'), 'roots were not declared upstream');
    } finally {
      await proxied.close();
    }
  });
});
