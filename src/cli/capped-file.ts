// Reads a file a person was handed (answers, config) with a size cap: a huge or endless file
// (100 MB, /dev/zero, a FIFO) is refused with a clear error instead of exhausting the heap.
import { open } from 'node:fs/promises';
import { ElicitError } from '../contracts/elicit-error.js';

/** The cap for answers and config files: far beyond any real one, far below a heap's limit. */
export const MAX_INPUT_FILE_BYTES = 8 * 1024 * 1024;

const CHUNK = 64 * 1024;

/**
 * The text of `file`, read at most `cap` bytes (stopping at `cap + 1`, so a growing or endless
 * file cannot run on); `what` names the file in errors ("--answers file", "config file").
 */
export async function readCappedFile(
  file: string,
  what: string,
  code: 'usage' | 'config',
  cap: number = MAX_INPUT_FILE_BYTES,
): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new ElicitError(code, `cannot read ${what} ${file}: ${reason(error)}`, { cause: error });
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= cap) {
      const buffer = Buffer.alloc(Math.min(CHUNK, cap + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    if (total > cap)
      throw new ElicitError(code, `${what} ${file} is larger than the ${mebibytes(cap)} limit`);
    return Buffer.concat(chunks, total).toString('utf8');
  } catch (error) {
    if (error instanceof ElicitError) throw error;
    throw new ElicitError(code, `cannot read ${what} ${file}: ${reason(error)}`, { cause: error });
  } finally {
    await handle.close();
  }
}

function reason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

function mebibytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes}-byte`;
}
