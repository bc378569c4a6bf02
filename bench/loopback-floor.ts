// What one hop costs before any MCP: a JSON-RPC-sized message to a child process and back, over a
// stdio pipe, over loopback HTTP with node:http on both ends (keep-alive), and with fetch as the
// client (what the SDK's Streamable HTTP client uses), in alternating batches of the same run.
// It bounds what any URL face can reach against a stdio face, hand-written or not.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import http from 'node:http';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { median } from './stats.js';

/** Median ms per round trip of each hop. */
export interface LoopbackFloor {
  readonly stdioMs: number;
  readonly httpMs: number;
  readonly fetchMs: number;
}

const PEER = join(dirname(fileURLToPath(import.meta.url)), 'loopback-peer.mjs');
const MESSAGE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } });

export async function measureLoopbackFloor(rounds: number, perBatch: number): Promise<LoopbackFloor> {
  const stdio = spawn(process.execPath, [PEER, 'stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const web = spawn(process.execPath, [PEER, 'http'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const url = await firstLine(web.stdout);
    const hops = [() => stdioHop(stdio), () => httpHop(url, agent), () => fetchHop(url)];
    for (const hop of hops) for (let i = 0; i < perBatch; i++) await hop();
    const times = hops.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < hops.length; k++) {
        const index = (round + k) % hops.length;
        const hop = hops[index] as () => Promise<unknown>;
        const start = performance.now();
        for (let i = 0; i < perBatch; i++) await hop();
        times[index]?.push((performance.now() - start) / perBatch);
      }
    }
    const [stdioMs, httpMs, fetchMs] = times.map((t) => median(t));
    return { stdioMs: stdioMs ?? Number.NaN, httpMs: httpMs ?? Number.NaN, fetchMs: fetchMs ?? Number.NaN };
  } finally {
    agent.destroy();
    stdio.kill();
    web.kill();
  }
}

function firstLine(stream: Readable): Promise<string> {
  return new Promise((resolve) => stream.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
}

function stdioHop(child: ChildProcessByStdio<Writable, Readable, null>): Promise<unknown> {
  return new Promise((resolve) => {
    child.stdout.once('data', resolve);
    child.stdin.write(`${MESSAGE}\n`);
  });
}

function httpHop(url: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
    request.end(MESSAGE);
  });
}

async function fetchHop(url: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', body: MESSAGE });
  return response.text();
}
