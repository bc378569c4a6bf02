// `{"$env": "NAME"}` in an answers entry's content: the value comes from an environment variable at
// replay time, so a recorded file never has to hold a secret (issue 14).

/** An answers-file content value read from the environment variable it names at replay time. */
export interface EnvRef {
  /** The environment variable's name (letters, digits and `_`, not starting with a digit). */
  readonly $env: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True for an object with exactly one key, `$env`, naming a plausible environment variable. */
export function isEnvRef(value: unknown): value is EnvRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const name = (value as { $env?: unknown }).$env;
  return keys.length === 1 && keys[0] === '$env' && typeof name === 'string' && NAME.test(name);
}

/** True for something that tries to be a reference (has `$env`) whatever its shape. */
export function looksLikeEnvRef(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, '$env');
}
