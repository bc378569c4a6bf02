// What attachElicitation accepts, and the checks that make a set of options workable: which modes
// to declare, and the waiter URL mode needs. Nothing here touches the client.
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener, UrlWaiter } from '../contracts/url-step.js';
import type { DraftStore } from '../core/draft-store.js';
import type { AuditListener } from './audit.js';
import type { ElicitationListener } from './events.js';
import type { PromptQueue } from './prompt-queue.js';
import type { TaskListener, TaskPreference } from './tasks/task-events.js';

/** How `attachElicitation` serves a client: the front-end and server name are required, the rest has defaults. */
export interface AttachOptions {
  /** The front-end that asks the person (or answers for a script). */
  readonly renderer: Renderer;
  /** How this server is named to the person: the label the user configured. */
  readonly server: string | ServerIdentity;
  /** Modes to declare. Default: form, plus url when the renderer can ask for consent. */
  readonly modes?: readonly ElicitationMode[];
  /** Share one queue between sessions so prompts from several servers appear one at a time. */
  readonly queue?: PromptQueue;
  /** Share one draft store so typed values survive interrupted prompts (per server label). */
  readonly drafts?: DraftStore;
  /**
   * Opens consented URL-mode pages (C-27). The package's `attachElicitation` defaults it to `BROWSER`
   * or the system browser; without one the URL is shown for the person to open by hand.
   */
  readonly opener?: UrlOpener;
  /** The waiting state after a URL was opened; default: the renderer's own `waitForUrl`. */
  readonly waiter?: UrlWaiter;
  /** Retries of a request after URL elicitations it required (-32042); default 3. */
  readonly maxUrlRetries?: number;
  /** 2026-07-28: rounds of a request that ask for input, at most; default 10 (as the SDK). */
  readonly maxInputRounds?: number;
  /** Interval of progress notifications while a person answers; 0 disables. */
  readonly progressIntervalMs?: number;
  /**
   * Load the schema parser and validator on the first elicitation instead of while the client
   * connects: a process that may never see one (the proxy) keeps about 3.5 MiB less resident.
   */
  readonly loadEngineOnFirstUse?: boolean;
  /** Told about every elicitation the server attempts, rejected ones included. */
  readonly onEvent?: ElicitationListener;
  /** The audit trail: one entry per elicitation (field names, never values); see `AuditEntry`. */
  readonly audit?: AuditListener;
  /** Tools whose task support is optional: as a task (`prefer`), never, or as the tool asks (`auto`, default). */
  readonly tasks?: TaskPreference;
  /** Status of each task a tool call became (both eras). */
  readonly onTaskEvent?: TaskListener;
  /** A task ends (`TaskError` `timed-out`) after this many ms, or sooner at its ttl; default 1 hour. */
  readonly taskTimeoutMs?: number;
  /** 2025-11-25: serve task-augmented elicitation/create (client-hosted tasks); default: interactive renderers. */
  readonly hostElicitationTasks?: boolean;
}

export interface ModePlan {
  readonly modes: readonly ElicitationMode[];
  /** Present exactly when URL mode is served. */
  readonly waiter: UrlWaiter | undefined;
}

/** A task timeout a timer can keep: above 0 and below setTimeout's 2^31 ms overflow. */
export function checkTaskTimeout(options: AttachOptions): void {
  const ms = options.taskTimeoutMs;
  if (ms !== undefined && !(ms > 0 && ms <= 2_147_483_647))
    throw new ElicitError(
      'invalid-options',
      `attachElicitation: taskTimeoutMs must be above 0 and at most 2147483647 (got ${String(ms)})`,
    );
}

export function planModes(options: AttachOptions): ModePlan {
  const { renderer } = options;
  const waiter =
    options.waiter ?? (renderer.waitForUrl ? { wait: renderer.waitForUrl.bind(renderer) } : undefined);
  // URL mode by default only where a person can consent and be waited for.
  const canServeUrl = renderer.url !== undefined && waiter !== undefined;
  const modes = options.modes ?? (canServeUrl && renderer.interactive ? ['form', 'url'] : ['form']);
  if (modes.length === 0) {
    throw new ElicitError(
      'invalid-options',
      'attachElicitation: at least one mode must be enabled', // C-06
    );
  }
  if (!modes.includes('url')) return { modes, waiter: undefined };
  if (!renderer.url) {
    throw new ElicitError(
      'invalid-options',
      `attachElicitation: renderer "${renderer.name}" cannot serve URL mode`,
    );
  }
  if (!waiter) {
    throw new ElicitError(
      'invalid-options',
      `attachElicitation: URL mode needs a waiter (renderer "${renderer.name}" has no waitForUrl)`,
    );
  }
  return { modes, waiter };
}
