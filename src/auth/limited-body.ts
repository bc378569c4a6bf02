// Authorization-side responses (metadata, registration, tokens) are small documents; a huge one is
// hostile or broken. The body is cut off with an error past a limit, before the SDK parses it.
import { ElicitError } from '../contracts/elicit-error.js';

const DEFAULT_LIMIT = 1024 * 1024;

/** `response` with a body that errors once more than `limit` bytes arrive. */
export function limitBody(response: Response, limit = DEFAULT_LIMIT): Response {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel();
    throw tooLarge(response.url, limit);
  }
  if (response.body === null) return response;
  let seen = 0;
  const url = response.url;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(tooLarge(url, limit));
        else controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperties(limited, {
    url: { value: response.url },
    redirected: { value: response.redirected },
  });
  return limited;
}

function tooLarge(url: string, limit: number): ElicitError {
  let where = 'the authorization server';
  try {
    where = new URL(url).host;
  } catch {}
  return new ElicitError(
    'sign-in-failed',
    `${where} sent more than ${Math.round(limit / 1024)} KiB of sign-in metadata; refused`,
  );
}
