/**
 * Helpers of generated deepcopy, defaulting and conversion code (exported by `@kubegen/runtime/internal`, not by
 * the root): views between typed API objects and the JSON objects they are, and the copy of flat types.
 */
import { cloneJSON, type JsonObject, type JsonValue } from './json';
import { setOwn } from './own';

/**
 * `obj` seen as the JSON value it is on the wire — an array as an array of JSON values, any other object as a JSON
 * object — to walk and write by own keys. API types are interfaces, which TypeScript gives no string index signature,
 * although every value of one is a JSON object. The view is the same object: generated code writes through it only
 * copies of values of the declared field types, or JSON it carries over unchanged, so `obj` stays a value of its type.
 */
export function jsonView(obj: readonly unknown[]): JsonValue[];
export function jsonView(obj: object): JsonObject;
export function jsonView(obj: object): JsonObject | JsonValue[] {
  return obj as JsonObject;
}

/**
 * The JSON object (or array) `o` seen as a value of its declared type `T` (inferred from where it is used): what generated
 * conversions return and hand to hand-written functions, which receive objects of their declared types as
 * client-go's do. `o` is not validated: it was built field by field from a value of the matching type, or is an
 * object from a client or a cluster, which is untrusted JSON whatever its type says.
 */
export function asDeclared<T extends object>(o: JsonObject | JsonValue[]): T {
  return o as T;
}

/**
 * A copy of a JSON object whose declared fields are scalars: scalars copied, any object value cloned. The same
 * result as `cloneJSON` of an object, in a loop of its own on purpose: its inline caches see only the flat API
 * types generated code hands it, not every JSON shape `cloneJSON` walks (this keeps the deepcopy benchmark's ratio).
 */
export function copyFlat<T extends object>(in_: T): T {
  const src = jsonView(in_);
  const out: JsonObject = {};
  for (const key of Object.keys(src)) {
    const v = src[key];
    // undefined is not JSON: a key holding it is dropped, as JSON.stringify drops it
    if (v === undefined) continue;
    const c = typeof v === 'object' && v !== null ? cloneJSON(v) : v;
    if (key === '__proto__') setOwn(out, key, c);
    else out[key] = c;
  }
  return out as T;
}

