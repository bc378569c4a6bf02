// The "this server keeps asking: mute it?" question (spec C-21), asked by interactive front-ends
// when a server goes over its rate of prompts. Scripts have no such question: they cancel.

/** What an interactive front-end is told when a server goes over its rate of prompts. */
export interface OverRateInfo {
  /** The limit the server went over: `burst` prompts at once, then `perMinute` a minute. */
  readonly burst: number;
  /** Prompts a minute the server may show once its burst is spent. */
  readonly perMinute: number;
}

/** Show this prompt (and give the server a fresh burst), cancel just this one, or mute the server. */
export type OverRateChoice = 'allow' | 'cancel' | 'mute';
