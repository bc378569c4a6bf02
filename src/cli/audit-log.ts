// `--audit-log FILE`: appends one JSON line per elicitation (issue 12 #8) with the CLI's private-file
// writer (created 0600, an existing file tightened to 0600, appended, never truncated). Opened
// before connecting, so a bad path is a usage error up front; lines are appended in order, and
// closing waits until every line is written.

import { ElicitError } from '../contracts/elicit-error.js';
import { safeJsonStringify } from '../core/safe-json.js';
import { appendPrivateFile } from '../files/private-file.js';
import type { AuditEntry } from '../mcp/audit.js';

export interface AuditLog {
  write(entry: AuditEntry): void;
  close(): Promise<void>;
}

export async function openAuditLog(file: string, warn: (line: string) => void): Promise<AuditLog> {
  try {
    await appendPrivateFile(file, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ElicitError('usage', `cannot open --audit-log file ${file}: ${code}`, { cause: error });
  }
  let written: Promise<void> = Promise.resolve();
  let failed = false;
  return {
    write(entry) {
      const line = `${safeJsonStringify(entry)}\n`;
      written = written
        .then(() => appendPrivateFile(file, line))
        .catch((error: unknown) => {
          if (!failed) warn(`mcp-elicit: warning: cannot write --audit-log ${file}: ${String(error)}`);
          failed = true;
        });
    },
    close: () => written,
  };
}
