export { formEntry, urlEntry } from './record-entry.js';
export type { RecordingOptions } from './recording-renderer.js';
export { recordingRenderer } from './recording-renderer.js';
