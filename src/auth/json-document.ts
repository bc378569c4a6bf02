// An authorization-side document that is not JSON is refused in a sentence naming the request
// (issue 31 item 11), instead of the parser's "Unexpected token '<'" from inside the SDK.
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';

/** `response` read and checked as JSON when it is a successful metadata document; else as is. */
export async function jsonDocument(response: Response, step: string, url: URL): Promise<Response> {
  if (!response.ok || !step.includes('metadata')) return response;
  const text = await response.text();
  try {
    JSON.parse(text);
  } catch {
    const type = sanitizeText(response.headers.get('content-type') ?? 'no content type', { maxLength: 60 });
    throw new ElicitError(
      'sign-in-failed',
      `the ${step} to ${sanitizeText(url.host, { maxLength: 120 })} got an answer that is not JSON (${type}), so it was not used`,
    );
  }
  const copy = new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}
