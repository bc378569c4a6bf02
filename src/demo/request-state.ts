// The demo's requestState codec: HMAC-signed, short-lived, shared by every server instance of this
// process (the 2026 HTTP path builds a fresh instance per request, so state is all that survives).
import { createRequestStateCodec } from '@modelcontextprotocol/server';

const key = crypto.getRandomValues(new Uint8Array(32));

export const stateCodec = createRequestStateCodec({ key, ttlSeconds: 600 });
