// Moved to src/files/private-file.ts (all layers may use it); this path stays for code written
// against it before the move.
export {
  appendPrivateFile,
  ensurePrivateDir,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  readPrivateFile,
  writePrivateFile,
} from '../files/private-file.js';
