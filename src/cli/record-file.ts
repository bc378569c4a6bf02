// `--record FILE`: the answers file a recorded run writes (issue 14). Created (0600) before
// connecting, so a bad path is a usage error up front; rewritten atomically after each elicitation
// with every entry so far, so Ctrl-C mid-run leaves a valid file holding what was answered.

import { ElicitError } from '../contracts/elicit-error.js';
import type { Renderer } from '../contracts/renderer.js';
import { safeJsonStringify } from '../core/safe-json.js';
import { writePrivateFile } from '../files/private-file.js';
import { recordingRenderer } from '../frontends/record/index.js';

export interface RecordFile {
  /** The chosen front-end, wrapped so every answer given through it is recorded. */
  readonly renderer: Renderer;
  /** Waits until the last entries are on disk. */
  close(): Promise<void>;
}

export async function startRecording(
  file: string,
  inner: Renderer,
  warn: (line: string) => void,
): Promise<RecordFile> {
  if (!inner.interactive) {
    throw new ElicitError(
      'usage',
      '--record needs a person to answer: use it with a terminal, --ui plain or --ui browser',
    );
  }
  try {
    await writePrivateFile(file, '[]\n');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ElicitError('usage', `cannot write --record file ${file}: ${code}`, { cause: error });
  }
  let written: Promise<void> = Promise.resolve();
  let failed = false;
  const renderer = recordingRenderer(inner, {
    save(entries) {
      const text = `${safeJsonStringify(entries, 2)}\n`;
      written = written
        .then(() => writePrivateFile(file, text))
        .catch((error: unknown) => {
          if (!failed) warn(`mcp-elicit: warning: cannot write --record ${file}: ${String(error)}`);
          failed = true;
        });
    },
  });
  return { renderer, close: () => written };
}
