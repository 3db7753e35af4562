/**
 * JSON merge patches (RFC 7386) computed from two states, as controller-runtime's `client.MergeFrom`.
 *
 * Contract of `createMergePatch(original, modified)`: `undefined` when the two are equal; otherwise the patch
 * that turns `original` into `modified` when applied: changed and added keys carry their new value (objects
 * recursively), removed keys are `null`, arrays and scalars are replaced whole. Keys are walked as own keys only.
 */

import type { JsonValue } from '../meta/json';

/** The runtime's JSON value type (`@kubegen/runtime`'s), re-exported where merge patches take it. */
export type { JsonValue };

function isObject(v: unknown): v is Record<string, JsonValue> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return false;
}

/** See the module doc. */
export function createMergePatch(original: JsonValue, modified: JsonValue): JsonValue | undefined {
  if (equal(original, modified)) return undefined;
  if (!isObject(original) || !isObject(modified)) return modified;
  const patch: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
  for (const k of Object.keys(original)) {
    if (!Object.hasOwn(modified, k) || modified[k] === undefined) patch[k] = null;
  }
  for (const k of Object.keys(modified)) {
    const m = modified[k];
    if (m === undefined) continue;
    if (!Object.hasOwn(original, k)) {
      patch[k] = m;
      continue;
    }
    const sub = isObject(original[k]) && isObject(m) ? createMergePatch(original[k], m) : equal(original[k], m) ? undefined : m;
    if (sub !== undefined) patch[k] = sub;
  }
  return Object.keys(patch).length === 0 ? undefined : { ...patch };
}
