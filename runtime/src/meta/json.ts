/**
 * JSON objects as the runtime and generated code handle them: walked by own keys, `__proto__` kept as data (see
 * `./own`).
 */
import { setOwn } from './own';

/**
 * A JSON value: what `JSON.parse` returns, and what generated code reads from the objects it walks. A read of a
 * JsonObject's key is a JsonValue, which `typeof` / `Array.isArray` narrow to an array or a JsonObject: generated
 * copies hand those to functions that take JSON (`deepCopy<Type>`'s JSON signature) without a type assertion.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/**
 * A JSON object as generated code handles it: values are JSON values. A value of an API type (an interface, which
 * TypeScript gives no index signature) is one; the runtime's `jsonView` sees it as one.
 */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Whether `v` is a JSON object (not null, not an array). */
export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A deep copy of any JSON value (objects, arrays, strings, numbers, booleans, null), own keys only, `__proto__`
 * kept as data. Other values are returned as they are (functions, class instances are not JSON and are not
 * expected in API objects).
 */
export function cloneJSON<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const e: unknown = value[i];
      out[i] = typeof e === 'object' && e !== null ? cloneJSON(e) : e;
    }
    return out as T;
  }
  const out: JsonObject = {};
  const src = value as JsonObject;
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
