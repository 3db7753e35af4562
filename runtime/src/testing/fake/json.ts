/**
 * JSON helpers of the fake tracker: deep copy and equality of JSON values as they are on the wire (`undefined`
 * fields dropped). They work on plain JSON (objects, arrays, strings, numbers, booleans, null), by own keys only;
 * every key is data (`__proto__` included, see `meta/own`). The patches (RFC 6902, RFC 7386) are the runtime's one
 * implementation, `meta/jsonpatch`.
 */

import { hasOwn } from '../../meta/own';

export type JsonObject = { [key: string]: unknown };

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A deep copy with `undefined` fields dropped, as on the wire. */
export function jsonClone<V>(v: V): V {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as V);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}
