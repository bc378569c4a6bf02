#!/usr/bin/env node
// A stand-in model API on 127.0.0.1 for running real MCP hosts offline (never reaches a network).
//   node stand-in-model.mjs --port P --tool <suffix> [--args '<json>'] [--log <file>]
// Speaks, on one port:
//   Anthropic Messages      POST /v1/messages (stream or not)           Claude Code
//   OpenAI Responses        POST /v1/responses, /responses (SSE)         Codex (wire_api "responses")
//   OpenAI Chat             POST /v1/chat/completions (SSE)               Codex (wire_api "chat")
//   Gemini                  POST /v1beta/models/<m>:(stream)GenerateContent   gemini-cli
// First turn: a call of the first offered tool whose name ends with --tool, with --args.
// Once the request carries that tool's result: a final text quoting the result
// ("TOOL RESULT: ..."). Every request is appended to --log as a JSON line (path, body).
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const opt = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const port = Number(opt('port', '8765'));
const toolSuffix = opt('tool', 'ask');
const toolArgs = JSON.parse(opt('args', '{}'));
const logFile = opt('log', undefined);
const log = (entry) =>
  logFile && appendFileSync(logFile, `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`);

// Hosts prefix MCP tool names: Claude Code mcp__<server>__<tool>, gemini-cli mcp_<server>_<tool> or <tool>.
const pick = (names) => names.find((n) => n === toolSuffix || n.endsWith(`_${toolSuffix}`));
const final = (result) => `TOOL RESULT: ${typeof result === 'string' ? result : JSON.stringify(result)}`;

function sse(res, events, named = true, done = false) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events) {
    res.write(
      named ? `event: ${event}\ndata: ${JSON.stringify(data)}\n\n` : `data: ${JSON.stringify(data)}\n\n`,
    );
  }
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}

// ---- Anthropic Messages -------------------------------------------------------------------
const lastToolUse = (messages = []) =>
  messages
    .filter((m) => m.role === 'assistant' && Array.isArray(m.content))
    .at(-1)
    ?.content.find((c) => c.type === 'tool_use');
function anthropic(body, res) {
  const tools = (body.tools ?? []).map((t) => t.name).filter(Boolean);
  const results = [];
  // Only the last message counts: a new user turn after a finished call asks for the tool again.
  const last = (body.messages ?? []).at(-1);
  if (Array.isArray(last?.content))
    for (const c of last.content) if (c.type === 'tool_result') results.push(c.content);
  // Claude Code 2.1.3xx defers MCP tools: only their names are listed, loaded through ToolSearch.
  const deferred = new RegExp(`mcp__\\w+?__${toolSuffix}\\b`).exec(JSON.stringify(body.messages ?? []))?.[0];
  // A host that started the turn before its MCP servers were up (2.1.197) offers WaitForMcpServers.
  const searched =
    results.length > 0 && ['ToolSearch', 'WaitForMcpServers'].includes(lastToolUse(body.messages)?.name);
  const name = pick(tools) ?? (searched ? deferred : undefined);
  let content;
  if (results.length > 0 && !searched) content = [{ type: 'text', text: final(results.at(-1)) }];
  else if (name) content = [{ type: 'tool_use', id: `toolu_${Date.now()}`, name, input: toolArgs }];
  else if (deferred && tools.includes('ToolSearch'))
    content = [
      {
        type: 'tool_use',
        id: `toolu_${Date.now()}`,
        name: 'ToolSearch',
        input: { query: `select:${deferred}` },
      },
    ];
  else if (tools.includes('WaitForMcpServers') && !searched)
    content = [{ type: 'tool_use', id: `toolu_${Date.now()}`, name: 'WaitForMcpServers', input: {} }];
  else content = [{ type: 'text', text: `no tool ending in ${toolSuffix} offered` }];
  const stop = content[0].type === 'tool_use' ? 'tool_use' : 'end_turn';
  const message = {
    id: `msg_${Date.now()}`,
    type: 'message',
    role: 'assistant',
    model: body.model ?? 'stand-in',
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...message, content, stop_reason: stop }));
    return;
  }
  const events = [['message_start', { type: 'message_start', message: { ...message, content: [] } }]];
  content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
      ]);
    } else {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { ...block, input: {} } },
      ]);
      events.push([
        'content_block_delta',
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push([
    'message_delta',
    { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  sse(res, events);
}

// ---- OpenAI Responses ---------------------------------------------------------------------
function responses(body, res) {
  // Codex groups an MCP server's tools in a namespace tool ({type: "namespace", name: "mcp__<server>", tools}).
  const flat = (body.tools ?? []).flatMap((t) =>
    t.type === 'namespace'
      ? (t.tools ?? []).map((f) => ({ name: f.name, namespace: t.name }))
      : [{ name: t.name ?? t.function?.name }],
  );
  const outputs = (body.input ?? []).filter((i) => i.type === 'function_call_output');
  const picked =
    flat.find((t) => t.namespace && t.name === toolSuffix) ??
    flat.find((t) => t.name === pick([t.name ?? '']));
  const name = picked?.name;
  const id = `resp_${Date.now()}`;
  let item;
  if (outputs.length > 0)
    item = {
      type: 'message',
      role: 'assistant',
      id: `msg_${Date.now()}`,
      content: [{ type: 'output_text', text: final(outputs.at(-1).output), annotations: [] }],
    };
  else if (name)
    item = {
      type: 'function_call',
      id: `fc_${Date.now()}`,
      call_id: `call_${Date.now()}`,
      name,
      ...(picked.namespace && { namespace: picked.namespace }),
      arguments: JSON.stringify(toolArgs),
    };
  else
    item = {
      type: 'message',
      role: 'assistant',
      id: `msg_${Date.now()}`,
      content: [{ type: 'output_text', text: `no tool ending in ${toolSuffix} offered`, annotations: [] }],
    };
  const response = { id, object: 'response', status: 'in_progress', model: body.model, output: [] };
  sse(res, [
    ['response.created', { type: 'response.created', response }],
    ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
    ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
    [
      'response.completed',
      {
        type: 'response.completed',
        response: {
          ...response,
          status: 'completed',
          output: [item],
          usage: {
            input_tokens: 1,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 1,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 2,
          },
        },
      },
    ],
  ]);
}

// ---- OpenAI Chat Completions --------------------------------------------------------------
function chat(body, res) {
  const tools = (body.tools ?? []).map((t) => t.function?.name).filter(Boolean);
  const results = (body.messages ?? []).filter((m) => m.role === 'tool');
  const name = pick(tools);
  const base = { id: `chatcmpl_${Date.now()}`, object: 'chat.completion.chunk', model: body.model };
  const delta =
    results.length > 0
      ? { role: 'assistant', content: final(results.at(-1).content) }
      : name
        ? {
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: `call_${Date.now()}`,
                type: 'function',
                function: { name, arguments: JSON.stringify(toolArgs) },
              },
            ],
          }
        : { role: 'assistant', content: `no tool ending in ${toolSuffix} offered` };
  sse(
    res,
    [
      ['', { ...base, choices: [{ index: 0, delta, finish_reason: null }] }],
      [
        '',
        {
          ...base,
          choices: [{ index: 0, delta: {}, finish_reason: delta.tool_calls ? 'tool_calls' : 'stop' }],
        },
      ],
    ],
    false,
    true,
  );
}

// ---- Gemini -------------------------------------------------------------------------------
function gemini(body, res, stream) {
  const tools = (body.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
  const responsesSeen = (body.contents ?? []).flatMap((c) =>
    (c.parts ?? []).filter((p) => p.functionResponse),
  );
  const name = pick(tools);
  const part =
    responsesSeen.length > 0
      ? { text: final(responsesSeen.at(-1).functionResponse.response) }
      : name
        ? { functionCall: { name, args: toolArgs } }
        : { text: `no tool ending in ${toolSuffix} offered` };
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: 'stand-in',
  };
  if (stream) sse(res, [['', chunk]], false);
  else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(chunk));
  }
}

createServer((req, res) => {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = { unparsed: raw.slice(0, 2000) };
    }
    log({ method: req.method, path: req.url, body });
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path.endsWith('/messages/count_tokens'))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"input_tokens":1}');
    if (req.method === 'POST' && path.endsWith('/messages')) return anthropic(body, res);
    if (req.method === 'POST' && path.endsWith('/responses')) return responses(body, res);
    if (req.method === 'POST' && path.endsWith('/chat/completions')) return chat(body, res);
    if (req.method === 'POST' && path.endsWith(':countTokens'))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"totalTokens":1}');
    if (req.method === 'POST' && path.endsWith(':streamGenerateContent')) return gemini(body, res, true);
    if (req.method === 'POST' && path.endsWith(':generateContent')) return gemini(body, res, false);
    if (req.method === 'GET' && path.endsWith('/models'))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"models":[]}');
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end('{"error":{"message":"stand-in: unknown endpoint"}}');
  });
}).listen(port, '127.0.0.1', () => process.stderr.write(`stand-in model on http://127.0.0.1:${port}\n`));
