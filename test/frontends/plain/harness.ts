// Drives a PlainRenderer through PassThrough streams, the way a pipe or a screen reader would.
import { PassThrough } from 'node:stream';
import { PlainRenderer } from '../../../src/frontends/plain/index.js';

export interface Harness {
  readonly renderer: PlainRenderer;
  readonly input: PassThrough;
  /** Everything written so far. */
  output(): string;
  type(...lines: string[]): void;
  /** Resolves once the output matches (polling; fails after two seconds). */
  waitFor(pattern: RegExp): Promise<void>;
}

export function harness(): Harness {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const renderer = new PlainRenderer({ input, output });
  return {
    renderer,
    input,
    output: () => text,
    type: (...lines) => {
      input.write(lines.map((line) => `${line}\n`).join(''));
    },
    waitFor: async (pattern) => {
      const deadline = Date.now() + 2000;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`output never matched ${pattern}:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}
