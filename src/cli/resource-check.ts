// `read <uri>` checked against the server's listing: a URI that neither is listed nor fits a
// template, but is one slip from a listed one, is a usage error naming it. Servers may serve URIs
// they do not list, so a URI near nothing listed is still read.
import type { Client } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';
import { nearest } from './suggest.js';

// A server paging forever must not keep a read from being made.
const MAX_PAGES = 20;

export async function checkResourceUri(client: Client, uri: string, timeout: number): Promise<void> {
  if (client.getServerCapabilities()?.resources === undefined) return;
  const listed = await listedUris(client, timeout);
  if (listed.includes(uri)) return;
  const templates = await client
    .listResourceTemplates(undefined, { timeout })
    .then((r) => r.resourceTemplates.map((t) => t.uriTemplate))
    // A server may offer resources without templates (-32601).
    .catch(() => [] as string[]);
  if (templates.some((t) => fitsTemplate(uri, t))) return;
  const guess = nearest(uri, listed);
  if (guess === undefined) return;
  throw new ElicitError(
    'usage',
    `the server lists no resource "${sanitizeText(uri, { maxLength: 200 })}" (did you mean ${sanitizeText(guess, { maxLength: 200 })}?)`,
  );
}

async function listedUris(client: Client, timeout: number): Promise<string[]> {
  const uris: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listResources(cursor === undefined ? undefined : { cursor }, { timeout });
    uris.push(...result.resources.map((r) => r.uri));
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return uris;
}

/** RFC 6570 loosely: every `{...}` expression stands for any text. */
function fitsTemplate(uri: string, template: string): boolean {
  const parts = template.split(/\{[^}]*\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(uri);
}
