// Which notifiers a run gets (`--notify`, the library's `notify` option): the terminal's signals
// where a terminal shows the prompts, the desktop's where it has a notifier, an embedder's hook.
import {
  type AttentionOptions,
  AttentionSchedule,
  type AttentionSink,
  type NotifyChoice,
} from '../../core/attention.js';
import { desktopNotifier } from './desktop-notify.js';
import { type SignalStream, terminalSignal } from './terminal-signal.js';

export { NOTIFY_CHOICES, type NotifyChoice } from '../../core/attention.js';
export { desktopNotifier, type Spawn } from './desktop-notify.js';
export { type SignalStream, terminalSignal } from './terminal-signal.js';
export { withAttention } from './with-attention.js';

/** Where a run's notices may go. */
export interface NotifyTargets {
  /** Where the prompts are drawn, when that is a terminal the person looks at. */
  readonly terminal?: SignalStream;
  /** The environment: PATH (to find notify-send), TERM and NO_COLOR. */
  readonly env: NodeJS.ProcessEnv;
  /** An embedder's own notifier (a chat message, a push service), with the same timing. */
  readonly onPromptWaiting?: AttentionSink;
}

/** The schedule for a run: the chosen notifiers, plus the embedder's hook whatever the choice. */
export function attentionSchedule(
  choice: NotifyChoice,
  targets: NotifyTargets,
  options: AttentionOptions = {},
): AttentionSchedule {
  const sinks: (AttentionSink | undefined)[] = [];
  if ((choice === 'auto' || choice === 'bell') && targets.terminal)
    sinks.push(terminalSignal(targets.terminal, targets.env));
  if (choice === 'auto' || choice === 'desktop') sinks.push(desktopNotifier(targets.env));
  sinks.push(targets.onPromptWaiting);
  return new AttentionSchedule(
    sinks.filter((sink): sink is AttentionSink => sink !== undefined),
    options,
  );
}
