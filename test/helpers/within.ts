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
