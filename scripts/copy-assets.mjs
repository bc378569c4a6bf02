// Copies the browser front-end's script and stylesheet next to the compiled modules (tsc only
// emits .js for .ts sources).
import { cpSync } from 'node:fs';

cpSync('src/frontends/browser/assets', 'dist/frontends/browser/assets', { recursive: true });
