// The "this server keeps asking: mute it?" question (spec C-21), asked by interactive front-ends
// when a server goes over its rate of prompts. Scripts have no such question: they cancel.

export interface OverRateInfo {
  /** The limit the server went over: `burst` prompts at once, then `perMinute` a minute. */
  readonly burst: number;
  readonly perMinute: number;
}

/** Show this prompt (and give the server a fresh burst), cancel just this one, or mute the server. */
export type OverRateChoice = 'allow' | 'cancel' | 'mute';
