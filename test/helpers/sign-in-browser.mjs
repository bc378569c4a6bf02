#!/usr/bin/env node
// Stands in for a person's browser during a sign-in (BROWSER="node sign-in-browser.mjs"): fetches
// the authorization URL without following redirects, then GETs the Location only when it is the
// CLI's own loopback listener (http://127.0.0.1:<port>/...), as a browser would land there. Writes
// what it did to $SIGN_IN_BROWSER_LOG when set. Any other redirect is left alone (exit 3).
import { appendFileSync } from 'node:fs';

const url = process.argv[2];
const log = (line) => {
  if (process.env.SIGN_IN_BROWSER_LOG) appendFileSync(process.env.SIGN_IN_BROWSER_LOG, `${line}\n`);
};
if (!url) process.exit(2);
log(`open ${url}`);
const first = await fetch(url, { redirect: 'manual' });
const location = first.headers.get('location');
if (!location) {
  log(`no redirect (${first.status})`);
  process.exit(3);
}
const target = new URL(location, url);
if (target.protocol !== 'http:' || target.hostname !== '127.0.0.1' || target.port === '') {
  log(`not followed ${target.href}`);
  process.exit(3);
}
const back = await fetch(target, { redirect: 'manual' });
log(`callback ${back.status}`);
await back.text();
