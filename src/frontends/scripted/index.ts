export { envReads, replayGaps } from './answer-fill.js';
export type { AnswersFileIssue, ScriptedAnswer } from './answers-file.js';
export { loadAnswersFile } from './answers-file.js';
export type { EnvRef } from './env-ref.js';
export type { ScriptedOptions, UnusedAnswer } from './scripted-renderer.js';
export { ScriptedRenderer } from './scripted-renderer.js';
