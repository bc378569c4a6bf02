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
      assert.deepEqual(actual, expected, tool.name);
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
      assert.deepEqual(await proxied.client.readResource({ uri }), await direct.readResource({ uri }), uri);
    const failure = (c: Client) =>
      c.readResource({ uri: 'demo://nope/1' }).then(
        () => 'resolved',
        (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message }),
      );
    assert.deepEqual(await failure(proxied.client), await failure(direct));
  });
});
