// `--arg key=value` pairs, apart from args.ts.
import { ElicitError } from '../contracts/elicit-error.js';
import { setOwn } from '../core/own-property.js';

/** `--arg key=value` pairs, kept as text: the command types them by the tool's inputSchema. */
export function parseArgPairs(items: readonly string[]): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new ElicitError('usage', `--arg "${item}" must look like key=value`);
    setOwn(pairs, item.slice(0, eq), item.slice(eq + 1));
  }
  return pairs;
}
