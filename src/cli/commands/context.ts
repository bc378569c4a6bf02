// What main.ts hands every server command (kept apart from main.ts so commands never import it).

import type { ResolvedTarget } from '../../connect/connect.js';
import type { ElicitationEvent } from '../../mcp/events.js';
import type { TaskRecord } from '../task-status.js';

export interface CommandContext {
  readonly target: ResolvedTarget;
  readonly label: string;
  /** Filled as elicitations happen, so a failure report still lists them. */
  readonly events: ElicitationEvent[];
  /** Tasks the tool call became, with their status history (--json `tasks`). */
  readonly tasks: TaskRecord[];
  /** `auth login`: sign in now unless a usable token is stored, whatever the server lets through. */
  readonly signInNow?: boolean;
}
