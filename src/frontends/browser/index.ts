export { BrowserRenderer, type BrowserRendererOptions } from './browser-renderer.js';
