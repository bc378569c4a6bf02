// A step that never settles fails with its own name, before the runner's whole-file deadline
// (scripts/run-tests.mjs) kills the file with no subtest reported.

/** `promise`, or an error naming `what` once `ms` have passed without it settling. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not settled within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Polls `check` until it holds, failing after `ms` with what was awaited (for state no event announces). */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 15_000,
  everyMs = 25,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not seen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
