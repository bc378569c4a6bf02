// The one tap on a connected transport's `onmessage` and `send`. Everything else that must see or
// take messages (task responses, the proxy's relays, the sign-in retry) subscribes here at a named
// stage, so the order they run in is written once (below) instead of following who wrapped last.
// It is installed on the first subscription, after the SDK connected the transport: the SDK's
// connect chains any earlier `onmessage` ahead of its own dispatch, so a tap put there before
// could never keep a message from the SDK. This file alone assigns transport members
// (test/architecture/transport-members.test.ts).
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';

/**
 * Inbound stages, first to last, then the SDK's dispatch:
 * - `task-responses`: responses to the raw task requests (mcp/tasks/raw-dispatch.ts), taken before
 *   the SDK, which never sent them, could see them;
 * - `url-completions`: the proxy passes a 2025 host's URL completions on (proxy/forward-notifications.ts);
 * - `dropped-host`: the proxy notes each host request, to cancel it if the host drops (proxy/dropped-host.ts).
 */
export const INBOUND_STAGES = ['task-responses', 'url-completions', 'dropped-host'] as const;

/**
 * Outbound stages, first to last, then the transport's own `send`:
 * - `dropped-host`: the proxy notes each answer to the host (proxy/dropped-host.ts);
 * - `sign-in-retry`: a send refused as unauthorized signs in and is sent again (auth/sign-in.ts),
 *   nearest the wire so a retried message is seen once by the stages before it.
 */
export const OUTBOUND_STAGES = ['dropped-host', 'sign-in-retry'] as const;

export type InboundStage = (typeof INBOUND_STAGES)[number];
export type OutboundStage = (typeof OUTBOUND_STAGES)[number];

/** Hands a message to the stages after this one (and then the SDK); a subscriber may call it later. */
export type PassInbound = (message?: JSONRPCMessage, extra?: MessageExtraInfo) => void;
/** Sends a message through the stages after this one (and then the wire). */
export type PassOutbound = (message?: JSONRPCMessage, options?: TransportSendOptions) => Promise<void>;

/** Sees one received message; it passes it on by calling `pass`, or consumes it by not calling it. */
export type InboundSubscriber = (
  message: JSONRPCMessage,
  extra: MessageExtraInfo | undefined,
  pass: PassInbound,
) => void;
/** Sees one message being sent; it passes it on by returning `pass(...)`, or consumes it (sent: resolved). */
export type OutboundSubscriber = (
  message: JSONRPCMessage,
  options: TransportSendOptions | undefined,
  pass: PassOutbound,
) => Promise<void>;

/** Subscriptions to one transport's messages; each returns its unsubscribe. */
export interface TransportTap {
  inbound(stage: InboundStage, subscriber: InboundSubscriber): () => void;
  outbound(stage: OutboundStage, subscriber: OutboundSubscriber): () => void;
}

interface Entry<S, F> {
  readonly stage: S;
  readonly subscriber: F;
}

const taps = new WeakMap<Transport, TransportTap>();

/** The tap of a connected transport, installed on first use. */
export function tapOf(transport: Transport): TransportTap {
  let tap = taps.get(transport);
  if (!tap) {
    tap = install(transport);
    taps.set(transport, tap);
  }
  return tap;
}

function install(transport: Transport): TransportTap {
  const dispatch = transport.onmessage;
  if (dispatch === undefined)
    throw new ElicitError('not-connected', 'a transport is tapped only once the SDK has connected it');
  const wire = transport.send.bind(transport);
  const report = (stage: string, error: unknown) =>
    transport.onerror?.(
      new Error(`the ${stage} observer of the transport failed: ${(error as Error)?.message ?? error}`, {
        cause: error,
      }),
    );
  let inbound: Entry<InboundStage, InboundSubscriber>[] = [];
  let outbound: Entry<OutboundStage, OutboundSubscriber>[] = [];

  const receive = (chain: typeof inbound, at: number, message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    const entry = chain[at];
    if (entry === undefined) return dispatch.call(transport, message, extra);
    let passed = false;
    const pass: PassInbound = (next = message, nextExtra = extra) => {
      passed = true;
      receive(chain, at + 1, next, nextExtra);
    };
    try {
      entry.subscriber(message, extra, pass);
    } catch (error) {
      report(entry.stage, error);
      if (!passed) pass();
    }
  };
  const send = async (
    chain: typeof outbound,
    at: number,
    message: JSONRPCMessage,
    options?: TransportSendOptions,
  ): Promise<void> => {
    const entry = chain[at];
    if (entry === undefined) return wire(message, options);
    let passed = false;
    const pass: PassOutbound = (next = message, nextOptions = options) => {
      passed = true;
      return send(chain, at + 1, next, nextOptions);
    };
    try {
      return await entry.subscriber(message, options, pass);
    } catch (error) {
      // After passing, the error is the send's own (or the subscriber's verdict on it): the caller's.
      if (passed) throw error;
      report(entry.stage, error);
      return pass();
    }
  };
  transport.onmessage = (message, extra) => receive(inbound, 0, message, extra);
  transport.send = (message, options) => send(outbound, 0, message, options);

  return {
    inbound(stage, subscriber) {
      const entry = { stage, subscriber };
      inbound = ordered([...inbound, entry], INBOUND_STAGES);
      return () => {
        inbound = inbound.filter((e) => e !== entry);
      };
    },
    outbound(stage, subscriber) {
      const entry = { stage, subscriber };
      outbound = ordered([...outbound, entry], OUTBOUND_STAGES);
      return () => {
        outbound = outbound.filter((e) => e !== entry);
      };
    },
  };
}

/** By stage in `order`; subscribers of one stage keep the order they subscribed in (a stable sort). */
function ordered<S, E extends { stage: S }>(entries: E[], order: readonly S[]): E[] {
  return entries.sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage));
}

interface CloseWatch {
  readonly listeners: Set<() => void>;
  /** Our `onclose`; when the SDK sets its own again (the transport connected anew), it is put back. */
  readonly hook: () => void;
}

const closeWatches = new WeakMap<Transport, CloseWatch>();

/**
 * Calls `listener` once when the connected `transport` closes, after the SDK's own close handling
 * (its requests have failed by then); returns the unsubscribe. Apart from the message tap, so a
 * client that only listens for the close pays nothing per message.
 */
export function onTransportClose(transport: Transport, listener: () => void): () => void {
  let watch = closeWatches.get(transport);
  if (!watch || transport.onclose !== watch.hook) {
    watch = watchClose(transport);
    closeWatches.set(transport, watch);
  }
  const { listeners } = watch;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function watchClose(transport: Transport): CloseWatch {
  const listeners = new Set<() => void>();
  const sdkClose = transport.onclose;
  const hook = () => {
    closeWatches.delete(transport);
    try {
      sdkClose?.call(transport);
    } finally {
      for (const each of listeners) each();
    }
  };
  transport.onclose = hook;
  return { listeners, hook };
}
