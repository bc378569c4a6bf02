// The loopback server's life: started for the first request, the browser opened on the launch page
// (session-gate.ts) only when no tab shows our page, stopped a moment after the last answer.
import type { UrlOpener } from '../../contracts/url-step.js';
import { createApp } from './app.js';
import type { Assets } from './assets.js';
import { Changes } from './changes.js';
import type { Desk } from './desk.js';
import { LOOPBACK } from './loopback.js';
import type { Listening } from './server.js';
import { SessionGate } from './session-gate.js';

export interface PageServerOptions {
  readonly desk: Desk;
  readonly assets: Assets;
  readonly opener: UrlOpener;
  readonly port: number;
  readonly extraHostnames: readonly string[];
  readonly lingerMs: number;
  readonly tabClosedGraceMs: number;
  /** After its tab closed, how long a request waits for the person to reopen it before it is cancelled. */
  readonly tabReturnMs: number;
  readonly maxBodyBytes: number;
  readonly log: (line: string) => void;
  /** Told the launch page's address each time it is written (the proxy tells its host). */
  readonly onLaunch?: (url: string) => void;
  /** Where the launch page's 0700 folder is made (default: the system's temp folder). */
  readonly tmpDir?: string;
}

/** A page without script reloads every 2 s while idle: seen this recently means a tab is open. */
const RECENTLY_SEEN_MS = 5000;
/** How long a new request waits for a navigating page to reconnect before a tab is opened. */
const RECONNECT_MS = 1500;
/** At most this long after the last page for its stylesheet and script to be fetched. */
const ASSETS_MS = 1000;

export class PageServer {
  readonly #o: PageServerOptions;
  #running: Promise<Listening | undefined> | undefined;
  #port: number | undefined;
  readonly #gate: SessionGate;
  /** The launch page's address was printed for this server (once per start). */
  #told = false;
  /** The entry each open state stream's page shows ('' for the page between requests). */
  #shown: string[] = [];
  #lastSeen = 0;
  /** Whether the page loaded last opened a state stream (it runs our script). */
  #scripted = false;
  /** A tab loaded the page saying the run is over. */
  #finishedShown = false;
  #linger: NodeJS.Timeout | undefined;
  #opening = false;
  /** Counts servers started: callbacks of a stopped server's connections are ignored. */
  #generation = 0;
  /** Pages served, and the page count when each asset was last served (all served: it has loaded). */
  #pages = 0;
  #assetAt = { js: 0, css: 0 };
  /** Some tab ran our script, so the last page's script is awaited too. */
  #ranScript = false;
  readonly #changes = new Changes();

  constructor(options: PageServerOptions) {
    this.#o = options;
    this.#gate = new SessionGate({
      // A tab running our script holds the page; without script a tab cannot be told from a closed one.
      watched: () => this.#shown.length > 0,
      ...(options.tmpDir !== undefined && { tmpDir: options.tmpDir }),
    });
    options.desk.onChange(() => {
      if (options.desk.size > 0) {
        clearTimeout(this.#linger);
        return;
      }
      clearTimeout(this.#linger);
      this.#linger = setTimeout(() => void this.stop(), options.lingerMs);
    });
  }

  get address(): string | undefined {
    return this.#port === undefined ? undefined : `http://${LOOPBACK}:${this.#port}/`;
  }

  /** A request was added: make sure the server runs and a tab shows it. */
  show(): void {
    void this.#start().then((server) => {
      if (server) void this.#openTab(server.port);
    });
  }

  /**
   * Stops once every open tab has loaded the page saying how its request ended (a page still
   * showing an ended request reloads at once), waiting at most `ms`: a closed session never leaves
   * a tab on a dead form.
   */
  async settle(ms: number): Promise<void> {
    // A tab on an ended request, or (the run over) any tab that has not loaded the last page yet.
    const stale = () =>
      this.#shown.some((entry) => entry !== (this.#o.desk.current()?.id ?? '')) ||
      (this.#o.desk.finished && this.#watched() && !this.#finishedShown);
    if (stale()) {
      await this.#changes.until(() => !stale(), ms);
      await this.#changes.until(() => this.#assetsLoaded(), ASSETS_MS);
    }
    await this.stop();
  }

  async stop(): Promise<void> {
    clearTimeout(this.#linger);
    const running = this.#running;
    this.#running = undefined;
    this.#generation++;
    this.#port = undefined;
    this.#gate.clear();
    this.#told = false;
    this.#shown = [];
    this.#lastSeen = 0;
    this.#scripted = false;
    this.#finishedShown = false;
    this.#ranScript = false;
    this.#changes.changed();
    await (await running)?.close();
  }

  #start(): Promise<Listening | undefined> {
    // The HTTP server is loaded with the first page: `import 'mcp-elicit'` loads no network modules.
    this.#running ??= import('./server.js')
      .then(({ listen }) => listen((port) => this.#app(port), this.#o.port))
      .then(
        (server) => {
          this.#port = server.port;
          return server;
        },
        (error: unknown) => {
          this.#running = undefined;
          this.#o.log(`mcp-elicit: could not start the browser front-end: ${(error as Error).message}`);
          this.#o.desk.endAll('closed');
          return undefined;
        },
      );
    return this.#running;
  }

  #app(port: number) {
    const hostnames = [LOOPBACK, ...this.#o.extraHostnames];
    const generation = ++this.#generation;
    const current = () => generation === this.#generation;
    return createApp({
      desk: this.#o.desk,
      assets: this.#o.assets,
      guard: {
        hosts: hostnames.map((name) => `${name}:${port}`),
        origins: hostnames.map((name) => `http://${name}:${port}`),
        cookieName: `mcp-elicit-${port}`,
        maxBodyBytes: this.#o.maxBodyBytes,
        isSession: (cookie) => current() && this.#gate.isSession(cookie),
        exchange: (token, cookie) =>
          current()
            ? this.#gate.exchange(token, cookie)
            : { kind: 'refused', reason: 'This page belongs to an earlier run of mcp-elicit.' },
      },
      onSeen: (finished) => {
        if (!current()) return;
        this.#lastSeen = Date.now();
        this.#scripted = false;
        if (finished) this.#finishedShown = true;
        this.#pages++;
        this.#changes.changed();
      },
      onAsset: (kind) => {
        if (!current()) return;
        this.#assetAt[kind] = this.#pages;
        this.#changes.changed();
      },
      onStream: (open, entry) => {
        if (current()) this.#stream(open, entry);
      },
    });
  }

  // The page served last has fetched its stylesheet (and its script, where tabs run it).
  #assetsLoaded(): boolean {
    return this.#assetAt.css === this.#pages && (!this.#ranScript || this.#assetAt.js === this.#pages);
  }

  // A tab shows our page when it holds a state stream, or (without script) reloaded recently.
  #watched(): boolean {
    return this.#shown.length > 0 || (!this.#scripted && Date.now() - this.#lastSeen < RECENTLY_SEEN_MS);
  }

  async #openTab(port: number): Promise<void> {
    if (this.#watched() || this.#opening) return;
    this.#opening = true;
    try {
      // A page of this server that is navigating (a form post) reconnects in a moment: give it one.
      if (this.#lastSeen > 0) await this.#changes.until(() => this.#watched(), RECONNECT_MS);
      if (this.#watched() || this.#port !== port) return;
      // The browser gets a file only this account can read, never the token itself.
      const url = this.#gate.launch(`http://${LOOPBACK}:${port}`);
      this.#o.onLaunch?.(url);
      const opened = await this.#o.opener.open(url).catch((error: unknown) => ({
        ok: false as const,
        error: error instanceof Error ? error.message : String(error),
      }));
      if (!opened.ok) {
        this.#o.log(
          `mcp-elicit: could not open a browser (${opened.error}). Open this page in your browser to answer (only your account can read it):\n  ${url}`,
        );
      } else if (!this.#told) {
        this.#o.log(
          `mcp-elicit: the form is open in your browser. Closed its tab? Open this page to get it back (only your account can read it):\n  ${url}`,
        );
      }
      this.#told = true;
    } finally {
      this.#opening = false;
    }
  }

  // A tab's page stream closed and none came back in time: the tab was closed. The request stays
  // open for the person to come back (the launch page reopens it) until tabReturnMs, then ends.
  #stream(open: boolean, entry: string): void {
    this.#changes.changed();
    if (open) {
      this.#shown.push(entry);
      this.#scripted = true;
      this.#ranScript = true;
      return;
    }
    if (this.#shown.includes(entry)) this.#shown.splice(this.#shown.indexOf(entry), 1);
    if (this.#shown.length > 0 || entry === '') return;
    setTimeout(() => {
      if (this.#abandoned(entry)) this.#tabGone(entry);
    }, this.#o.tabClosedGraceMs).unref();
  }

  #abandoned(entry: string): boolean {
    return this.#shown.length === 0 && this.#o.desk.current()?.id === entry;
  }

  #tabGone(entry: string): void {
    const launch = this.#gate.launchUrl;
    this.#o.log(
      `mcp-elicit: the form's tab was closed; the request stays open ${duration(this.#o.tabReturnMs)} for you to come back${
        launch === undefined
          ? ''
          : `. Open this page to get it back (only your account can read it):\n  ${launch}`
      }`,
    );
    setTimeout(() => {
      if (this.#abandoned(entry)) this.#o.desk.endCurrent('tab-closed');
    }, this.#o.tabReturnMs).unref();
  }
}

/** "5 min" or "30 s", for the message. */
function duration(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}
