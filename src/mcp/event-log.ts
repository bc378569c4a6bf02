// The session's record of the elicitations a server attempted: the most recent are kept (bounded,
// so a long-lived session does not grow without end), and the listener sees every one.
import type { ElicitationEvent, ElicitationListener } from './events.js';

/** How many recent events `session.events` keeps. */
export const MAX_KEPT_EVENTS = 256;

export interface EventLog {
  readonly events: readonly ElicitationEvent[];
  readonly emit: (event: ElicitationEvent) => void;
}

export function createEventLog(listener?: ElicitationListener): EventLog {
  const events: ElicitationEvent[] = [];
  return {
    events,
    emit: (event) => {
      if (events.length >= MAX_KEPT_EVENTS) events.shift();
      events.push(event);
      listener?.(event);
    },
  };
}
