#!/usr/bin/env node
// Wire tap for a stdio MCP server: `node tap.mjs <log file> <command> [args...]` runs the command
// with stdin/stdout passed through and appends every line each way to <log file> as JSON lines
// {at, dir: "host>proxy" | "proxy>host", msg}. Used to record what a real host declares and sends.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const [log, command, ...args] = process.argv.slice(2);
if (!log || !command) {
  process.stderr.write('usage: tap.mjs <log file> <command> [args...]\n');
  process.exit(2);
}
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const tap = (dir) => {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.toString('utf8');
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        msg = line;
      }
      appendFileSync(log, `${JSON.stringify({ at: new Date().toISOString(), dir, msg })}\n`);
      newline = buffer.indexOf('\n');
    }
  };
};
process.stdin.on('data', tap('host>proxy'));
child.stdout.on('data', tap('proxy>host'));
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.stdin.on('error', () => {});
process.stdin.on('end', () => child.stdin.end());
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
