// A stand-in notify-send for the desktop-notice tests: a script that records its argv.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A notify-send that writes its arguments, one JSON line a call, to `log`. */
export function standInNotifySend(): { dir: string; log: string; calls(): string[][] } {
  const dir = mkdtempSync(join(tmpdir(), 'notify-send-'));
  const log = join(dir, 'calls.jsonl');
  const script = join(dir, 'notify-send');
  writeFileSync(
    script,
    `#!${process.execPath}\nrequire('node:fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + '\\n');\n`,
  );
  chmodSync(script, 0o755);
  return {
    dir,
    log,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter((line) => line.endsWith(']'))
            .map((line) => JSON.parse(line) as string[])
        : [],
  };
}
