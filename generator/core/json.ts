/**
 * JSON data as the compiler holds it — default and example values, enum values, a schema's `properties` map:
 *
 * - objects have a null prototype and only own data properties, so `__proto__`, `constructor` and `prototype`
 *   are ordinary keys kept as data (a user may name a JSON field or a default's key so, as in Go);
 * - an integer a double cannot hold exactly (beyond ±2^53) is a `bigint`, as exact as Go's int64; the YAML
 *   writer prints it digit for digit.
 *
 * Everything here walks values by own keys and bounds nesting depth.
 */

import type { JSONSchemaProps } from './schema';

/** The deepest nesting a JSON value given in a marker may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * `JSON.stringify` typed as it behaves: `undefined` for `undefined`, a function or a symbol (and for what a replacer
 * turns into one), where TypeScript's lib declares a string.
 */
export function jsonStringify(value: unknown, replacer?: (this: unknown, key: string, value: unknown) => unknown): string | undefined {
  return JSON.stringify(value, replacer);
}

/** A fresh null-prototype object: every key, `__proto__` included, is an own data property. */
export function jsonObject<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Sets `key` as an own data property, whatever the key and the object's prototype. */
export function setOwn(obj: object, key: string, value: unknown): void {
  // Only `__proto__` is an accessor on Object.prototype; every other key assigns as an own data property.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else (obj as Record<string, unknown>)[key] = value;
}

/** A deep copy of JSON data by own keys: null-prototype objects, bigints and `__proto__` keys kept. */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out = jsonObject();
  for (const k of Object.keys(value)) setOwn(out, k, cloneJson((value as Record<string, unknown>)[k]));
  return out as T;
}

/**
 * A one-level copy of a JSON object that keeps its prototype (a null-prototype map stays one): the copy-on-write
 * step before changing a node that may be shared with other schemas.
 */
export function shallowCopy<T extends object>(value: T): T {
  const out = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const k of Object.keys(value)) setOwn(out, k, (value as Record<string, unknown>)[k]);
  return out as T;
}

/** The int64 range (Go's `int64`, the apiserver's integers). */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/**
 * The value of a decimal integer literal: a number when a double holds it exactly, else a bigint; undefined
 * when it does not fit int64.
 */
export function exactInteger(digits: string): number | bigint | undefined {
  const big = BigInt(digits);
  if (big < INT64_MIN || big > INT64_MAX) return undefined;
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

/** A problem found by parseJsonExact, at `offset` into the text. */
export class JsonValueError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'JsonValueError';
  }
}

/**
 * Parses JSON text exactly: objects as null-prototype objects (a `__proto__` key is data; a repeated key keeps
 * the last value, as Go's encoding/json does), integers beyond ±2^53 as bigints when they fit int64 (else the
 * nearest double, Go's float64). Nesting deeper than MAX_JSON_DEPTH is a JsonValueError; so is any syntax error.
 */
export function parseJsonExact(text: string): unknown {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new JsonValueError(message, at);
  };
  const space = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const describe = () => (i >= text.length ? 'end of JSON input' : `token ${JSON.stringify(text[i])}`);
  const value = (depth: number): unknown => {
    if (depth > MAX_JSON_DEPTH) fail(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      const out = jsonObject();
      space();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail(`unexpected ${describe()}, expected a string key`);
        const key = string();
        space();
        if (text[i] !== ':') fail(`unexpected ${describe()}, expected ":"`);
        i++;
        setOwn(out, key, value(depth + 1));
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return out;
        }
        fail(`unexpected ${describe()}, expected "," or "}"`);
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value(depth + 1));
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return out;
        }
        fail(`unexpected ${describe()}, expected "," or "]"`);
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    const m = /^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 4096));
    if (!m) return fail(`unexpected ${describe()}`);
    // an integer literal beyond int64 is a float64, as Go's encoding/json reads it (an int64 field refuses it)
    const n = (m[1] === undefined && m[2] === undefined ? exactInteger(m[0]) : undefined) ?? Number(m[0]);
    // beyond float64 Go's encoding/json refuses the number (strconv.ParseFloat: value out of range)
    if (typeof n === 'number' && !Number.isFinite(n)) return fail(`number ${m[0].length > 40 ? m[0].slice(0, 40) + '…' : m[0]} is out of range for float64`);
    i += m[0].length;
    return n;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail('control character in string');
      i++;
    }
    if (i >= text.length) fail('unterminated string', start);
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch (e) {
      return fail(`invalid string: ${(e as Error).message}`, start);
    }
  };
  const out = value(0);
  space();
  if (i < text.length) fail(`unexpected ${describe()} after the JSON value`);
  return out;
}

/**
 * A `+default` JSON value as kubegen writes it: integers beyond ±2^53 stay exact (bigint) where the schema says
 * `integer`, and elsewhere become the nearest double, as Go's encoding/json reads every JSON number into a
 * float64. (controller-gen rounds them on integer fields too — `+default=9223372036854775807` on an int64 comes
 * out as 9223372036854776000, which the apiserver rejects — kubegen keeps the integer the user wrote.)
 */
export function defaultNumbersForSchema(value: unknown, schema: JSONSchemaProps | undefined): unknown {
  if (typeof value === 'bigint') return schema?.type === 'integer' ? value : Number(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => defaultNumbersForSchema(v, schema?.items));
  const out = jsonObject();
  for (const k of Object.keys(value)) {
    const props = schema?.properties;
    const sub = props && Object.hasOwn(props, k) ? props[k] : typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    setOwn(out, k, defaultNumbersForSchema((value as Record<string, unknown>)[k], sub));
  }
  return out;
}
