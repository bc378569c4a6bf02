export { TerminalRenderer, type TerminalRendererOptions } from './terminal-renderer.js';
export { colorAllowed, type Env, type TerminalStreams, terminalSupported } from './terminal-support.js';
