#!/usr/bin/env node
// The client the official conformance suite spawns (`<node> test/conformance/cli-client.mjs <url>`):
// it drives the real, built CLI (dist/cli/bin.js) the way a person at a shell would:
//   mcp-elicit --json --url <url> tools            then, for each tool,
//   mcp-elicit --json --url <url> call <tool> --args <json>
// each a process of its own, sharing one scratch token store and era cache, so every run after the
// first must sign in with the stored tokens. Sign-in pages open through --open-urls with BROWSER set
// to browser-stand-in.mjs, which follows the authorization server's redirects back to the CLI's
// loopback listener as a browser would.
//
// Scenario input: MCP_CONFORMANCE_CONTEXT gives pre-registered credentials (auth/pre-registration:
// --client-id plus a secret in an environment variable named by --client-secret-env, never on
// argv) and the calls to make (http-custom-headers: toolCalls).
//
// stdout: one JSON line {"cliClient":1,"runs":[...],"browser":[...]} for the test to judge;
// stderr: the CLI runs' stderr. Exit status: the first run's failure to connect or sign in
// (anything but 0, and 1 = the tool or request failed), else 0.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = join(here, '../../dist/cli/bin.js');
const standIn = join(here, 'browser-stand-in.mjs');
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
const SECRET_ENV = 'MCP_CONFORMANCE_CLIENT_SECRET';
const RUN_TIMEOUT_MS = 25_000;

const log = (line) => process.stderr.write(`[cli-client] ${line}\n`);

function context() {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw);
  } catch {
    return {};
  }
}

function schemaType(schema) {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => typeof t === 'string' && t !== 'null');
  return undefined;
}

// A value the schema accepts, as a person with nothing better to type would give.
function sampleValue(schema) {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && typeof variants[0] === 'object' && variants[0] !== null) {
    return sampleValue(variants[0]);
  }
  switch (schemaType(schema)) {
    case 'number':
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      const floor = Math.max(min, exclusive);
      return schemaType(schema) === 'integer' ? Math.ceil(floor) : floor;
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = typeof schema.items === 'object' && schema.items !== null ? schema.items : {};
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(items));
    }
    case 'object':
      return sampleArguments(schema);
    case 'null':
      return null;
    default:
      return 'conformance'.padEnd(schema.minLength ?? 0, 'x');
  }
}

function sampleArguments(schema) {
  const properties = schema?.properties ?? {};
  const required = Array.isArray(schema?.required) ? schema.required : [];
  const args = {};
  for (const name of required) {
    if (typeof name === 'string') args[name] = sampleValue(properties[name] ?? {});
  }
  return args;
}

// Flags every run gets: what a person would put in a shell alias for this server.
function commonFlags(url, ctx, machine) {
  const flags = ['--json', '--url', url, '--timeout', '20', '--accept-defaults', '--open-urls'];
  if (process.env.CLI_CLIENT_NO_AUTH_FLAGS === '1') return flags; // baseline on a CLI without sign-in
  if (machine === undefined) flags.push('--client-metadata-url', CIMD_URL);
  if (typeof ctx.client_id === 'string') flags.push('--client-id', ctx.client_id);
  if (typeof ctx.client_secret === 'string') flags.push('--client-secret-env', SECRET_ENV);
  if (machine !== undefined) {
    flags.push('--client-credentials', '--client-issuer', machine.issuer);
    if (machine.keyFile !== undefined) flags.push('--client-key-file', machine.keyFile);
    if (typeof ctx.signing_algorithm === 'string') flags.push('--client-key-alg', ctx.signing_algorithm);
  }
  return flags;
}

// The client_credentials extension scenarios stand for an unattended agent. Its operator knows
// which authorization server its credentials belong to; here that is looked up once the way an
// operator would (the server's 401 names its resource metadata, which names the server).
async function machineSetup(url, ctx, scratch) {
  if (!(process.env.MCP_CONFORMANCE_SCENARIO ?? '').startsWith('auth/client-credentials')) return undefined;
  const challenge = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
  });
  await challenge.arrayBuffer();
  const named = /resource_metadata="([^"]+)"/.exec(challenge.headers.get('www-authenticate') ?? '')?.[1];
  const metadataUrl =
    named ?? new URL(`/.well-known/oauth-protected-resource${new URL(url).pathname}`, url).href;
  const metadata = await (await fetch(metadataUrl)).json();
  const issuer = metadata.authorization_servers?.[0];
  if (typeof issuer !== 'string') throw new Error('the resource metadata names no authorization server');
  let keyFile;
  if (typeof ctx.private_key_pem === 'string') {
    keyFile = join(scratch, 'client-key.pem');
    writeFileSync(keyFile, ctx.private_key_pem, { mode: 0o600 });
  }
  return { issuer, keyFile };
}

function runCli(argv, env) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), RUN_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let json;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({
        argv,
        exit: code ?? (signal ? 128 : -1),
        ms: Math.round(performance.now() - started),
        json,
        stdout,
      });
    });
  });
}

// Scenarios that measure every request kind, not only tools: they also get a person's look at
// resources and prompts (list, then read or get the first one).
const TOUR_SCENARIOS = new Set(['http-standard-headers']);

async function tourResourcesAndPrompts(flags, env) {
  const runs = [];
  const resources = await runCli([...flags, 'resources'], env);
  runs.push(resources);
  const uri = resources.json?.result?.resources?.[0]?.uri;
  if (typeof uri === 'string') runs.push(await runCli([...flags, 'read', uri], env));
  const prompts = await runCli([...flags, 'prompts'], env);
  runs.push(prompts);
  const prompt = prompts.json?.result?.prompts?.[0];
  if (typeof prompt?.name === 'string') {
    const promptArgs = Object.fromEntries(
      (prompt.arguments ?? []).filter((a) => a.required).map((a) => [a.name, 'conformance']),
    );
    runs.push(await runCli([...flags, 'prompt', prompt.name, '--args', JSON.stringify(promptArgs)], env));
  }
  return runs;
}

function readVisits(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

async function main() {
  const url = process.argv[2];
  if (url === undefined) {
    log('usage: cli-client.mjs <server-url>');
    return 2;
  }
  const ctx = context();
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-elicit-cli-client-'));
  const visitsFile = join(scratch, 'browser.jsonl');
  const home = join(scratch, 'home');
  mkdirSync(home, { mode: 0o700 });
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CACHE_HOME: join(scratch, 'cache'),
    XDG_CONFIG_HOME: join(scratch, 'config'),
    XDG_STATE_HOME: join(scratch, 'state'),
    MCP_ELICIT_AUTH_DIR: join(scratch, 'auth'),
    BROWSER: `${process.execPath} ${standIn}`,
    BROWSER_STAND_IN_LOG: visitsFile,
    // The test run's compile cache (the CLI's compiled code), where the run has one.
    ...(process.env.NODE_COMPILE_CACHE !== undefined && {
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
    }),
    ...(typeof ctx.client_secret === 'string' && { [SECRET_ENV]: ctx.client_secret }),
  };
  const runs = [];
  let exitCode = 0;
  try {
    const flags = commonFlags(url, ctx, await machineSetup(url, ctx, scratch));
    const listed = await runCli([...flags, 'tools'], env);
    runs.push(listed);
    if (listed.exit !== 0) {
      exitCode = listed.exit;
    } else {
      const calls = Array.isArray(ctx.toolCalls)
        ? ctx.toolCalls
        : (listed.json?.result?.tools ?? []).map((tool) => ({
            name: tool.name,
            arguments: sampleArguments(tool.inputSchema),
          }));
      const steps = calls.map((call) => ['call', call.name, '--args', JSON.stringify(call.arguments ?? {})]);
      for (const step of steps) {
        const run = await runCli([...flags, ...step], env);
        runs.push(run);
        if (run.exit !== 0 && run.exit !== 1 && exitCode === 0) exitCode = run.exit;
      }
      if (TOUR_SCENARIOS.has(process.env.MCP_CONFORMANCE_SCENARIO ?? '')) {
        runs.push(...(await tourResourcesAndPrompts(flags, env)));
      }
    }
  } finally {
    const browser = readVisits(visitsFile);
    const summary = { cliClient: 1, runs: runs.map(({ stdout: _stdout, ...rest }) => rest), browser };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    rmSync(scratch, { recursive: true, force: true });
  }
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
