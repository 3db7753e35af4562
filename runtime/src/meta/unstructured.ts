/**
 * Field access of unstructured objects (apimachinery `pkg/apis/meta/v1/unstructured` helpers.go): nested reads that
 * check the type they find, writes that create the maps on the way, removal.
 *
 * An object is data from a user or a cluster: paths are walked by own keys (`__proto__` is an ordinary key, read and
 * written as data), a read never reaches a prototype, and a write never goes through a value that is not a plain
 * JSON object (it throws instead: apimachinery's `value cannot be set because … is not a map[string]interface{}`).
 *
 * Reads return `{ value, found }`: `found` is false when a key of the path is absent or an intermediate value is not an
 * object (apimachinery returns `found == false` then too); a value of another type than asked is a
 * {@link FieldTypeError} (`.spec.replicas accessor error: "3" is of the type string, expected int64`).
 * `nestedField` / `nestedMap` / `nestedSlice` return deep copies; the `NoCopy` read returns the object's own value.
 */

import { cloneJSON, isJsonObject, type JsonObject, type JsonValue } from './json';
import { getOwn, setOwn } from './own';

/** What a nested read found. */
export interface Nested<V> {
  value: V | undefined;
  found: boolean;
}

/** A value of another type than the accessor reads. */
export class FieldTypeError extends TypeError {
  override readonly name = 'FieldTypeError';
  constructor(
    readonly path: readonly string[],
    readonly value: unknown,
    readonly expected: string,
  ) {
    super(`${jsonPath(path)} accessor error: ${preview(value)} is of the type ${typeName(value)}, expected ${expected}`);
  }
}

/** `.spec.template.metadata` for a path. */
export function jsonPath(path: readonly string[]): string {
  return path.map((p) => `.${p}`).join('');
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v === 'object' ? 'object' : typeof v;
}

function preview(v: unknown): string {
  // undefined, functions, symbols and bigints have no JSON text
  const text = typeof v === 'object' || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? JSON.stringify(v) : typeof v;
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The value at `path` in `obj`, the object's own (not a copy). */
export function nestedFieldNoCopy(obj: unknown, ...path: string[]): Nested<unknown> {
  let cur: unknown = obj;
  for (const key of path) {
    if (!isJsonObject(cur) || !Object.hasOwn(cur, key)) return { value: undefined, found: false };
    cur = getOwn(cur, key);
  }
  return { value: cur, found: true };
}

/** A deep copy of the value at `path`. */
export function nestedField(obj: unknown, ...path: string[]): Nested<JsonValue> {
  const { value, found } = nestedFieldNoCopy(obj, ...path);
  return found ? { value: cloneJSON(value as JsonValue), found } : { value: undefined, found };
}

function typed<V>(obj: unknown, path: string[], expected: string, is: (v: unknown) => v is V, copy = false): Nested<V> {
  const { value, found } = nestedFieldNoCopy(obj, ...path);
  if (!found) return { value: undefined, found };
  if (!is(value)) throw new FieldTypeError(path, value, expected);
  return { value: copy ? cloneJSON(value) : value, found };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isArray = (v: unknown): v is JsonValue[] => Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isStringMap = (v: unknown): v is Record<string, string> => isJsonObject(v) && Object.keys(v).every((k) => isString(getOwn(v, k)));

export const nestedString = (obj: unknown, ...path: string[]): Nested<string> => typed(obj, path, 'string', isString);
export const nestedBool = (obj: unknown, ...path: string[]): Nested<boolean> => typed(obj, path, 'bool', isBool);
/** An integer (JSON numbers beyond 2^53 have lost precision already). */
export const nestedInt64 = (obj: unknown, ...path: string[]): Nested<number> => typed(obj, path, 'int64', isInt);
export const nestedFloat64 = (obj: unknown, ...path: string[]): Nested<number> => typed(obj, path, 'float64', isNumber);
export const nestedStringSlice = (obj: unknown, ...path: string[]): Nested<string[]> => typed(obj, path, '[]string', isStringArray, true);
export const nestedSlice = (obj: unknown, ...path: string[]): Nested<JsonValue[]> => typed(obj, path, '[]interface {}', isArray, true);
export const nestedMap = (obj: unknown, ...path: string[]): Nested<JsonObject> => typed(obj, path, 'map[string]interface {}', isJsonObject, true);
export const nestedStringMap = (obj: unknown, ...path: string[]): Nested<Record<string, string>> =>
  typed(obj, path, 'map[string]string', isStringMap, true);

/**
 * Sets the value at `path`, creating the objects on the way; `value` is stored as given (not copied). Throws a
 * `TypeError` naming the path when a value on the way is not an object.
 */
export function setNestedField(obj: JsonObject, value: unknown, ...path: string[]): void {
  const last = path.at(-1);
  if (last === undefined) throw new TypeError('setNestedField: an empty path');
  let cur: JsonObject = obj;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] ?? '';
    if (!Object.hasOwn(cur, key) || getOwn(cur, key) === null || getOwn(cur, key) === undefined) {
      cur = setOwn(cur, key, {});
      continue;
    }
    const next = getOwn(cur, key);
    if (!isJsonObject(next)) throw new TypeError(`value cannot be set because ${jsonPath(path.slice(0, i + 1))} is not an object (it is ${typeName(next)})`);
    cur = next;
  }
  setOwn(cur, last, value);
}

/** Removes the value at `path` (nothing when absent). */
export function removeNestedField(obj: JsonObject, ...path: string[]): void {
  const last = path.at(-1);
  if (last === undefined) return;
  const parent = nestedFieldNoCopy(obj, ...path.slice(0, -1)).value;
  if (isJsonObject(parent) && Object.hasOwn(parent, last)) {
    Reflect.deleteProperty(parent, last);
  }
}
