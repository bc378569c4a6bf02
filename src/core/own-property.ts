// Sets a property that is always the object's own, even for a field named `__proto__` (a server
// chooses the names): plain assignment there would change the prototype instead.
import type { FieldValue } from './form-model.js';

export function setOwn(target: Record<string, FieldValue>, key: string, value: FieldValue): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
