export type { AnswersFileIssue, ScriptedAnswer } from './answers-file.js';
export { loadAnswersFile } from './answers-file.js';
export type { ScriptedOptions } from './scripted-renderer.js';
export { ScriptedRenderer } from './scripted-renderer.js';
