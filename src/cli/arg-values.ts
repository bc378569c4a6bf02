// The values of command-line options, each parsed with a message naming the problem (usage errors).
import { ElicitError } from '../contracts/elicit-error.js';

export function parseToolArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ElicitError('usage', `--args is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ElicitError('usage', '--args must be a JSON object, e.g. --args \'{"city":"Paris"}\'');
  }
  return value as Record<string, unknown>;
}

export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ElicitError('usage', `--url "${text}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ElicitError('usage', `--url must be http: or https:, got ${url.protocol}`);
  }
  return url;
}

export function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ElicitError('usage', `--header "${line}" must look like "Name: value"`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
