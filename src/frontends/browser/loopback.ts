// The only address the page server listens on (its own module: the server itself loads on use).
export const LOOPBACK = '127.0.0.1';
