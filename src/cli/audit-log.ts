// `--audit-log FILE`: appends one JSON line per elicitation (issue 12 #8). Opened once, before
// connecting, so a bad path is a usage error up front. The file is created 0600 (private to the
// user), opened for appending only (never truncated), and each line is written synchronously, so
// the line is on disk before the answer goes back to the server.
import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { safeJsonStringify } from '../core/safe-json.js';
import type { AuditEntry } from '../mcp/audit.js';
import { CliError } from './errors.js';

export interface AuditLog {
  write(entry: AuditEntry): void;
  close(): void;
}

export function openAuditLog(file: string, warn: (line: string) => void): AuditLog {
  let fd: number;
  try {
    fd = openSync(file, 'a', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError('usage', `cannot open --audit-log file ${file}: ${code}`, { cause: error });
  }
  // An existing file keeps its mode (it may be shared on purpose), but the user is told.
  if ((fstatSync(fd).mode & 0o077) !== 0) {
    warn(`mcp-elicit: warning: --audit-log file ${file} is readable by other users (chmod 600 to fix)`);
  }
  let failed = false;
  return {
    write(entry) {
      try {
        writeSync(fd, `${safeJsonStringify(entry)}\n`);
      } catch (error) {
        if (!failed) warn(`mcp-elicit: warning: cannot write --audit-log ${file}: ${String(error)}`);
        failed = true;
      }
    },
    close() {
      closeSync(fd);
    },
  };
}
