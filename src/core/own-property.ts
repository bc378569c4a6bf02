// Sets a property that is always the object's own, even for a field named `__proto__` (a server
// or a shared file chooses the names): plain assignment there would change the prototype instead.

export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
