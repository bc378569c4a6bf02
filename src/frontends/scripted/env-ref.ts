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
  return keys.length === 1 && keys[0] === '$env' && typeof name === 'string' && isVariableName(name);
}

/** A name an environment variable can have, and not one every object has (`constructor`, `__proto__`). */
export function isVariableName(name: string): boolean {
  return NAME.test(name) && !(name in Object.prototype);
}

/** The variable's value, read as the environment's own key only (never `Object.prototype`'s). */
export function readEnv(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = Object.hasOwn(env, name) ? env[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** True for something that tries to be a reference (has `$env`) whatever its shape. */
export function looksLikeEnvRef(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, '$env');
}
