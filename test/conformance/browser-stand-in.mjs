#!/usr/bin/env node
// Stands in for the person's browser when the CLI opens a sign-in page (BROWSER=<node> <this file>):
// it loads the authorization URL, follows the authorization server's redirects within its own
// origin, and finally delivers the redirect to the CLI's loopback listener, exactly the
// redirect_uri the authorization URL named. It never goes anywhere else (spec digest E-04), and
// it logs each hop, without query values (code and state are credentials), to
// $BROWSER_STAND_IN_LOG as one JSON line per hop.
//
// Exit status: 0 when the listener was reached, 1 when the walk stopped anywhere else.
import { appendFileSync } from 'node:fs';

const MAX_HOPS = 10;
const logFile = process.env.BROWSER_STAND_IN_LOG;

function log(entry) {
  if (logFile) appendFileSync(logFile, `${JSON.stringify({ at: Date.now(), ...entry })}\n`);
}

function describe(url) {
  return { origin: url.origin, path: url.pathname, params: [...new URL(url).searchParams.keys()] };
}

// The loopback listener the CLI announced: an http URL on 127.0.0.1 or [::1] (RFC 8252 §7.3).
function listenerOf(authorizationUrl) {
  const raw = authorizationUrl.searchParams.get('redirect_uri');
  if (raw === null) return undefined;
  let url;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return url.protocol === 'http:' && loopback ? url : undefined;
}

function isListener(url, listener) {
  return listener !== undefined && url.origin === listener.origin && url.pathname === listener.pathname;
}

async function visit(url) {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  await response.arrayBuffer(); // drain, so the socket is released
  return response;
}

async function main() {
  const raw = process.argv[2];
  if (raw === undefined) {
    log({ event: 'refused', reason: 'no URL given' });
    return 1;
  }
  const first = new URL(raw);
  log({ event: 'open', ...describe(first) });
  if (first.protocol !== 'https:' && first.protocol !== 'http:') {
    log({ event: 'refused', reason: `scheme ${first.protocol}` });
    return 1;
  }
  const listener = listenerOf(first);
  let current = first;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const toListener = isListener(current, listener);
    const response = await visit(current);
    log({
      event: toListener ? 'listener' : 'authorization-server',
      status: response.status,
      ...describe(current),
    });
    if (toListener) return response.ok ? 0 : 1;
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      log({ event: 'stopped', reason: `no redirect (HTTP ${response.status})` });
      return 1;
    }
    const next = new URL(location, current);
    if (next.origin !== first.origin && !isListener(next, listener)) {
      log({ event: 'refused', reason: 'redirect leaves the authorization server', ...describe(next) });
      return 1;
    }
    current = next;
  }
  log({ event: 'stopped', reason: `more than ${MAX_HOPS} redirects` });
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log({ event: 'error', reason: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
