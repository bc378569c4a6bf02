// Who may hold the page server's one session (issue 19 item 2). The secret that grants it never
// travels on a command line (any local user reads /proc/<pid>/cmdline) nor on stderr (the proxy's
// goes to host logs): the browser is opened on a launch page, a file only this account can read
// (0600 in a fresh 0700 folder), which forwards a single-use token to the server with a meta
// refresh (JavaScript off works too). One session at a time: once a browser holds it, a token
// from a browser without its cookie is refused while a tab shows the page; with no tab showing it,
// the newest launch page (same path, fresh token) lets its reader reopen the unanswered form.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshSecret } from './desk.js';
import { type Exchange, sameSecret } from './security.js';

export interface SessionGateOptions {
  /** Whether a tab shows our page now (then a second browser is refused). */
  readonly watched: () => boolean;
  /** Where the 0700 folder of the launch page is made. Default: the system's temp folder. */
  readonly tmpDir?: string;
}

const LAUNCH_FILE = 'open.html';

export class SessionGate {
  readonly #o: SessionGateOptions;
  #dir: string | undefined;
  #origin = '';
  #token: string | undefined;
  #session: string | undefined;

  constructor(options: SessionGateOptions) {
    this.#o = options;
  }

  /** The launch page's `file://` address once written (not a secret: only its owner can read it). */
  get launchUrl(): string | undefined {
    return this.#dir === undefined ? undefined : pathToFileURL(join(this.#dir, LAUNCH_FILE)).href;
  }

  /** Writes the launch page for `origin` with a fresh token (the older one stops working). */
  launch(origin: string): string {
    this.#dir ??= mkdtempSync(join(this.#o.tmpDir ?? tmpdir(), 'mcp-elicit-')); // mode 0700
    this.#origin = origin;
    this.#rotate();
    return this.launchUrl as string;
  }

  isSession(cookie: string | undefined): boolean {
    return cookie !== undefined && this.#session !== undefined && sameSecret(cookie, this.#session);
  }

  /** A visit of `/?t=<token>`, carrying `cookie` (the session cookie's value, if any). */
  exchange(token: string, cookie: string | undefined): Exchange {
    const current = this.#token !== undefined && sameSecret(token, this.#token);
    if (this.isSession(cookie)) {
      if (current) this.#rotate(); // single use, whoever presents it
      return { kind: 'same' };
    }
    if (!current) {
      return refused(
        'This link was already used or is not valid. Open the newest launch page mcp-elicit printed on its standard error.',
      );
    }
    if (this.#session !== undefined && this.#o.watched()) {
      return refused(
        'This form is already open in another browser window. Answer it there: mcp-elicit serves one browser at a time.',
      );
    }
    this.#session = freshSecret(32);
    this.#rotate();
    return { kind: 'session', secret: this.#session };
  }

  /** Forgets the session and deletes the launch page (the server stopped). */
  clear(): void {
    if (this.#dir !== undefined) rmSync(this.#dir, { recursive: true, force: true });
    this.#dir = undefined;
    this.#token = undefined;
    this.#session = undefined;
  }

  // A fresh token in the launch page, replaced atomically (written 0600 beside it, then renamed).
  #rotate(): void {
    if (this.#dir === undefined) return;
    this.#token = freshSecret(32); // 256 bits
    const next = join(this.#dir, `${LAUNCH_FILE}.${freshSecret(6)}`);
    writeFileSync(next, launchPage(`${this.#origin}/?t=${this.#token}`), { mode: 0o600, flag: 'wx' });
    renameSync(next, join(this.#dir, LAUNCH_FILE));
  }
}

function refused(reason: string): Exchange {
  return { kind: 'refused', reason };
}

// Our own text only: the address is 127.0.0.1, a port and a base64url token.
function launchPage(target: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${target}">
<title>Opening the mcp-elicit form…</title>
</head>
<body>
<p>Opening the mcp-elicit form… If nothing happens, <a href="${target}">open it here</a>.</p>
<p>This page is readable only by your account. Do not share it: it opens your form.</p>
</body>
</html>
`;
}
