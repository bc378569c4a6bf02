// The audit trail (issue 12 #8): one entry per elicitation, so what an unattended agent consented
// to can be reviewed afterwards. Field names only, never values: content is the user's data.

import type { HostRefusal, Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { CancelReason } from '../core/outcome.js';
import { sanitizeText } from '../core/sanitize.js';
import type { UrlWarning } from '../core/url-safety.js';
import type { ElicitationEvent, ElicitationListener } from './events.js';

/** One line of the audit trail: who asked what, and what was answered (field names, never values). */
export interface AuditEntry {
  /** When the elicitation ended (ISO 8601, UTC). */
  readonly time: string;
  /** The user's label for the server, and what the server says it is (self-asserted). */
  readonly server: {
    /** The name the user gave the server. */
    readonly label: string;
    /** `serverInfo.name` (self-asserted). */
    readonly selfName?: string;
    /** `serverInfo.version` (self-asserted). */
    readonly selfVersion?: string;
  };
  /** Form or URL mode (`unknown` for a request too malformed to tell). */
  readonly mode: ElicitationEvent['mode'];
  /** The server's message, sanitised (no control or bidi characters), at most 2000 characters. */
  readonly message: string;
  /** URL mode: the address, the site (registrable domain) and every warning of the analysis. */
  readonly url?: {
    /** The address, sanitised. */
    readonly href: string;
    /** Its registrable domain, when it has one. */
    readonly site?: string;
    /** The registrable domain in the ASCII (`xn--`) form the browser visits. */
    readonly siteAscii?: string;
    /** The host the browser visits, ASCII form. */
    readonly host?: string;
    /** Every warning of the URL analysis. */
    readonly warnings: readonly UrlWarning[];
  };
  /** Absent when the request was rejected with an error. */
  readonly action?: 'accept' | 'decline' | 'cancel';
  /** Why it ended as cancel. */
  readonly reason?: CancelReason;
  /** Form accept: the names of the fields sent (never their values). */
  readonly fields?: readonly string[];
  /** Proxy: the host refused faster than a person can read the question; the proxy's own front-end answered. */
  readonly hostRefusal?: HostRefusal;
  /** The JSON-RPC error a malformed request got. */
  readonly error?: {
    /** The JSON-RPC error code (-32602 for a malformed request). */
    readonly code: number;
    /** The error message, naming the problem. */
    readonly message: string;
  };
}

/** Receives each audit entry as its elicitation ends (the CLI appends it to the audit log). */
export type AuditListener = (entry: AuditEntry) => void;

const MESSAGE_MAX = 2000;
const NAME_MAX = 200;
const URL_MAX = 8200;

export function auditEntry(event: ElicitationEvent, server: ServerIdentity, time = new Date()): AuditEntry {
  const name = (text: string) => sanitizeText(text, { maxLength: NAME_MAX });
  return {
    time: time.toISOString(),
    server: {
      label: name(server.label),
      ...(server.selfName !== undefined && { selfName: name(server.selfName) }),
      ...(server.selfVersion !== undefined && { selfVersion: name(server.selfVersion) }),
    },
    mode: event.mode,
    message: sanitizeText(event.message, { multiline: true, maxLength: MESSAGE_MAX }),
    ...(event.url !== undefined && {
      url: {
        href: sanitizeText(event.url, { maxLength: URL_MAX }),
        ...(event.site !== undefined && { site: name(event.site) }),
        ...(event.siteAscii !== undefined && { siteAscii: name(event.siteAscii) }),
        ...(event.host !== undefined && { host: name(event.host) }),
        warnings: event.warnings ?? [],
      },
    }),
    ...(event.action !== undefined && { action: event.action }),
    ...(event.reason !== undefined && { reason: event.reason }),
    ...(event.content !== undefined && { fields: Object.keys(event.content).map(name) }),
    ...(event.hostRefusal !== undefined && { hostRefusal: event.hostRefusal }),
    ...(event.error !== undefined && {
      error: { code: event.error.code, message: sanitizeText(event.error.message, { maxLength: 500 }) },
    }),
  };
}

/**
 * The session's event listener with the audit trail added. A failing audit sink is reported to the
 * renderer, never turned into a different answer to the server.
 */
export function withAudit(
  listener: ElicitationListener | undefined,
  audit: AuditListener | undefined,
  server: () => ServerIdentity,
  renderer: Renderer,
): ElicitationListener | undefined {
  if (!audit) return listener;
  return (event) => {
    listener?.(event);
    try {
      audit(auditEntry(event, server()));
    } catch (error) {
      renderer.notice?.({ kind: 'info', server: server(), message: `Audit trail failed: ${String(error)}` });
    }
  };
}
