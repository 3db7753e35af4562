/**
 * Hostile JSON for property tests: random JSON values whose objects, at any depth, carry the keys that reach
 * prototypes when code treats keys as structure (`__proto__`, `constructor`, `prototype`, the names of
 * `Object.prototype`'s methods), next to ordinary keys. Objects are built as `JSON.parse` builds them: every key an
 * own data property (`Object.fromEntries`), so an own `__proto__` key is a key, not a prototype.
 *
 * With the arbitrary come the checks every hostile-input property makes:
 * - `prototypesUntouched()`: `Object.prototype` and `Array.prototype` have exactly the properties they had when this
 *   module was loaded (nothing added, nothing replaced);
 * - `plainEverywhere(v)`: every object inside `v` has `Object.prototype` as prototype, every array `Array.prototype`
 *   (no attacker-chosen prototype);
 * - `sameJson(a, b)`: the same JSON, key by key as own data properties (order ignored); `contains(a, b)`: `a` holds
 *   every non-null value of `b` (what defaulting must preserve).
 */
import fc from 'fast-check';
import { present } from '../unit/helpers/present';

/** The keys that reach prototypes when misused, and names of `Object.prototype`'s members. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'polluted'] as const;

/** `KUBEGEN_FUZZ_RUNS` (default 100): cases per property. */
export const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 100);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An object with these entries as own data properties (`__proto__` included). */
export function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  return Object.fromEntries(entries);
}

const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_KEYS) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) });
const scalar: fc.Arbitrary<Json> = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -1000, max: 1000 }), fc.string({ maxLength: 8 }));

/** Hostile JSON values (objects at the top with probability ~1/2), nested at most `maxDepth` levels. */
export function hostileJson(maxDepth = 4): fc.Arbitrary<Json> {
  const { value } = fc.letrec<{ value: Json; object: Json; array: Json }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', maxDepth, withCrossShrink: true }, scalar, tie('object'), tie('array')),
    object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((entries) => objectOf(entries) as Json),
    array: fc.array(tie('value'), { maxLength: 4 }),
  }));
  return value;
}

/** Hostile JSON objects: at least one hostile key at the top, hostile values below. */
export function hostileObject(maxDepth = 3): fc.Arbitrary<Record<string, Json>> {
  return fc
    .tuple(fc.constantFrom(...HOSTILE_KEYS), hostileJson(maxDepth), fc.array(fc.tuple(key, hostileJson(maxDepth)), { maxLength: 4 }))
    .map(([k, v, rest]) => objectOf([[k, v], ...rest]) as Record<string, Json>);
}

/** Hostile string maps (labels, annotations): hostile keys, string values. */
export function hostileStringMap(): fc.Arbitrary<Record<string, string>> {
  return fc.array(fc.tuple(key, fc.string({ maxLength: 8 })), { maxLength: 4 }).map((e) => objectOf(e) as Record<string, string>);
}

/** Merges `extra` into `base` as own data properties (keys of `extra` win); returns a new object. */
export function withKeys(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  return objectOf([...Object.entries(base), ...Object.entries(extra)]);
}

function describeProto(p: object): Array<[string, PropertyDescriptor]> {
  return Reflect.ownKeys(p).map((k) => [String(k), present(Object.getOwnPropertyDescriptor(p, k), `the descriptor of own key ${String(k)}`)]);
}

const OBJECT_PROTO = describeProto(Object.prototype);
const ARRAY_PROTO = describeProto(Array.prototype);

/** Throws when `Object.prototype` or `Array.prototype` differ from what they were when this module was loaded. */
export function prototypesUntouched(): void {
  for (const [name, proto, before] of [
    ['Object.prototype', Object.prototype, OBJECT_PROTO],
    ['Array.prototype', Array.prototype, ARRAY_PROTO],
  ] as const) {
    const now = describeProto(proto);
    const added = now.filter(([k]) => !before.some(([b]) => b === k)).map(([k]) => k);
    const changed = now.filter(([k, d]) => {
      const b = before.find(([x]) => x === k)?.[1];
      return b !== undefined && (b.value !== d.value || b.get !== d.get || b.set !== d.set);
    });
    if (added.length > 0 || changed.length > 0 || now.length !== before.length) {
      throw new Error(`${name} was modified: added ${JSON.stringify(added)}, changed ${JSON.stringify(changed.map(([k]) => k))}`);
    }
  }
  if (Object.getPrototypeOf(Object.prototype) !== null || Object.getPrototypeOf(Array.prototype) !== Object.prototype) {
    throw new Error('a prototype chain of Object.prototype or Array.prototype was replaced');
  }
  if (({} as Record<string, unknown>).polluted !== undefined) throw new Error('({}).polluted is defined');
}

/** Throws unless every object inside `v` has `Object.prototype` as prototype and every array `Array.prototype`. */
export function plainEverywhere(v: unknown, path = '$'): void {
  if (typeof v !== 'object' || v === null) return;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) throw new Error(`${path}: an array with another prototype`);
    v.forEach((e, i) => plainEverywhere(e, `${path}[${i}]`));
    return;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) throw new Error(`${path}: an object whose prototype is not Object.prototype`);
  for (const k of Object.keys(v)) {
    const d = present(Object.getOwnPropertyDescriptor(v, k), `the descriptor of ${path}.${k}`);
    if (!('value' in d)) throw new Error(`${path}.${k}: an accessor, not a data property`);
    plainEverywhere(d.value, `${path}.${k}`);
  }
}

/** Own data properties only, keys compared as sets. Returns the first difference (a path), or undefined. */
export function jsonDiff(a: unknown, b: unknown, path = '$'): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return Object.is(a, b) ? undefined : `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  if (ka.join('\u0000') !== kb.join('\u0000')) return `${path}: keys ${JSON.stringify(ka)} ≠ ${JSON.stringify(kb)}`;
  for (const k of ka) {
    if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) return `${path}.${k}: not an own property`;
    const d = jsonDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Throws unless `a` and `b` are the same JSON (own keys, any order). */
export function sameJson(a: unknown, b: unknown): void {
  const d = jsonDiff(a, b);
  if (d) throw new Error(`not the same JSON at ${d}`);
}

/**
 * Throws unless `a` holds every key of `b` whose value is not null as an own property with that value (recursively;
 * a null may be replaced or removed: defaulting replaces it, a merge patch deletes the key).
 */
export function contains(a: unknown, b: unknown, path = '$'): void {
  if (b === null) return;
  if (typeof b !== 'object') {
    if (!Object.is(a, b)) throw new Error(`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
    return;
  }
  if (typeof a !== 'object' || a === null || Array.isArray(a) !== Array.isArray(b)) throw new Error(`${path}: the value changed shape`);
  if (Array.isArray(b) && (a as unknown[]).length !== b.length) throw new Error(`${path}: the array changed length`);
  for (const k of Object.keys(b)) {
    if ((b as Record<string, unknown>)[k] === null) continue;
    if (!Object.hasOwn(a, k)) throw new Error(`${path}.${k}: lost`);
    contains((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
  }
}

/** A JSON copy made by the platform (`JSON.parse` keeps `__proto__` as an own key), independent of kubegen code. */
export function jsonCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
