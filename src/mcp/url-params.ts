// The shape of a URL-mode elicitation/create (spec S-05, S-09, S-10): checked once, here, for both
// the adapter's request check and handleUrlElicitation.
import type { Era } from '../contracts/protocol.js';

export interface UrlParams {
  readonly message: string;
  readonly url: string;
  /** 2025-11-25 only; opaque (C-11). */
  readonly elicitationId?: string;
}

export function parseUrlParams(
  params: Record<string, unknown>,
  era: Era,
): { readonly ok: true; readonly value: UrlParams } | { readonly ok: false; readonly message: string } {
  const { message, url, elicitationId } = params;
  const problems: string[] = [];
  if (typeof message !== 'string') problems.push('"message" must be a string (spec S-05)');
  if (typeof url !== 'string') problems.push('"url" must be a string (spec S-09)');
  else if (!URL.canParse(url)) problems.push('"url" is not a valid URL (spec S-10)');
  // The 2025-11-25 era requires an opaque elicitationId (S-09); 2026-07-28 removed it.
  if (era === 'legacy' && typeof elicitationId !== 'string') {
    problems.push('"elicitationId" must be a string (spec S-09)');
  }
  if (problems.length > 0 || typeof message !== 'string' || typeof url !== 'string') {
    return { ok: false, message: `Invalid elicitation request: ${problems.join('; ')}` };
  }
  // On 2026-07-28 an elicitationId sent anyway is ignored rather than tracked.
  return {
    ok: true,
    value:
      era === 'legacy' && typeof elicitationId === 'string'
        ? { message, url, elicitationId }
        : { message, url },
  };
}
