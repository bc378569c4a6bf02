// Who answers an elicitation of each mode (`--elicit auto|host|self`), and which modes the proxy
// declares upstream. Pure: decided once from the host's declaration and the proxy's own front-end.
import type { ElicitationMode } from '../contracts/protocol.js';

export type ElicitChoice = 'auto' | 'host' | 'self';
export type Answerer = 'host' | 'self' | 'nobody';

export interface RoutePlan {
  /** Declared upstream. */
  readonly modes: readonly ElicitationMode[];
  readonly route: (mode: ElicitationMode) => Answerer;
  /** Under `auto`: whether the proxy's own front-end asks when the host's answer does not fit. */
  readonly fallback: (mode: ElicitationMode) => boolean;
}

/** `hostModes` are the modes the host declared (see the table in docs/proxy.md for how each era is asked). */
export function planRoutes(
  choice: ElicitChoice,
  hostModes: readonly ElicitationMode[],
  selfModes: readonly ElicitationMode[],
): RoutePlan {
  const host = (mode: ElicitationMode) => hostModes.includes(mode);
  const self = (mode: ElicitationMode) => selfModes.includes(mode);
  const route = (mode: ElicitationMode): Answerer => {
    if (choice === 'host') return host(mode) ? 'host' : 'nobody';
    if (choice === 'self') return self(mode) ? 'self' : 'nobody';
    return host(mode) ? 'host' : self(mode) ? 'self' : 'nobody';
  };
  const all: ElicitationMode[] = ['form', 'url'];
  const served = all.filter((mode) => route(mode) !== 'nobody');
  // Elicitation is always declared: with nobody to ask, form requests are answered `cancel`.
  const fallback = (mode: ElicitationMode) => choice === 'auto' && route(mode) === 'host' && self(mode);
  return { modes: served.length > 0 ? served : ['form'], route, fallback };
}
