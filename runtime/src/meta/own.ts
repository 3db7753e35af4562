/**
 * The safe-object discipline for untrusted JSON, used by every part of the runtime and by generated code that
 * walks objects from a user or a cluster.
 *
 * JSON keys are data, never structure:
 * - iterate own keys only (`Object.keys`), never `for … in` (it visits inherited enumerable keys);
 * - read a key with `getOwn` (or after `hasOwn`): `obj[key]` for an absent key reads `Object.prototype`
 *   (`constructor`, `toString`, `__proto__` …);
 * - write a key with `setOwn`: `obj['__proto__'] = v` does not create a key, it replaces the prototype of `obj`
 *   (or is ignored when `v` is not an object); `setOwn` keeps `__proto__` as an own data property, as
 *   `JSON.parse` does;
 * - maps private to the runtime are `Map`s or `nullObject()`s, so that no key can reach a prototype.
 */

/** Whether `key` is an own property of `obj` (`Object.hasOwn`). */
export function hasOwn(obj: object, key: PropertyKey): boolean {
  return Object.hasOwn(obj, key);
}

/** `obj[key]` when `key` is an own property of `obj`, else `undefined` (never an inherited value). */
export function getOwn(obj: object, key: string): unknown {
  return Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

/**
 * Sets `obj[key] = value` as an own, enumerable, writable data property — also for `key === '__proto__'`, which
 * an assignment would turn into a change of `obj`'s prototype. Returns `value`.
 */
export function setOwn<V>(obj: object, key: string, value: V): V {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (obj as Record<string, unknown>)[key] = value;
  }
  return value;
}

/** An object without a prototype, for maps keyed by untrusted strings (no key reaches `Object.prototype`). */
export function nullObject<V = unknown>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}
