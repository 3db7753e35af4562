/**
 * Reads that an invariant of kubegen's own code guarantees — a key taken from the same map, a declaration the model
 * index was built from — made visible: when the invariant is broken (a bug, never bad input) they throw an internal
 * error that names what was missing, instead of reading on with `undefined`.
 */

/** A broken invariant of kubegen's own code; its message starts with `internal:`. */
export class InternalError extends Error {
  constructor(message: string) {
    super(`internal: ${message}`);
    this.name = 'InternalError';
  }
}

/** `value`, which the caller's invariant guarantees is there; an {@link InternalError} naming `what` when it is not. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new InternalError(`${what} is missing`);
  return value;
}

/** `map.get(key)` for a key the caller knows `map` holds; an {@link InternalError} naming the key when it does not. */
export function lookup<K, V>(map: ReadonlyMap<K, V>, key: K, what = 'the map'): V {
  const value = map.get(key);
  if (value === undefined) throw new InternalError(`${what} has no entry ${typeof key === 'string' ? JSON.stringify(key) : String(key)}`);
  return value;
}

/** The list `map` holds at `key`, created empty on first use (a group-by). */
export function listAt<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (list === undefined) {
    list = [];
    map.set(key, list);
  }
  return list;
}
