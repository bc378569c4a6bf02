export type { PlainOptions } from './plain-renderer.js';
export { PlainRenderer } from './plain-renderer.js';
