import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const probe = fileURLToPath(new URL('./exit-probe.ts', import.meta.url));

it('keeps the process alive while a prompt waits, and lets it exit after close() although stdin stays open', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', probe], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.on('error', () => undefined);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  let exited = false;
  const exit = new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`child did not exit after close(); output so far:\n${out}`));
    }, 15_000);
    child.on('exit', (status) => {
      exited = true;
      clearTimeout(timer);
      resolve(status);
    });
  });
  // The answer comes late (the prompt must hold the process open meanwhile); a second line stays
  // unread, and the parent never ends stdin.
  while (!out.includes('Type a to accept') && !exited)
    await new Promise((resolve) => setTimeout(resolve, 20));
  // Asserts that nothing happens for this long: the child holds on while its prompt waits.
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(exited, false, 'the child exited while its prompt was still waiting for input');
  child.stdin.write('a\nextra\n');
  assert.equal(await exit, 0);
  assert.match(out, /OUTCOME accept/);
  child.stdin.destroy();
});
