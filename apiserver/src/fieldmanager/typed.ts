/**
 * Objects read through their schema, after structured-merge-diff's `typed` package as the apiserver builds it for a
 * CRD: the version's structural schema (properties: a struct; additionalProperties: a map; `items`: a list whose
 * `x-kubernetes-list-type` is `atomic` (the default), `set` or `map` with its `x-kubernetes-list-map-keys`;
 * `x-kubernetes-map-type: atomic`; `x-kubernetes-preserve-unknown-fields`: what is not declared is deduced — maps
 * granular, lists and scalars atomic), and ObjectMeta's own schema for `metadata`.
 *
 * Contract: `fieldSetOf` is TypedValue.ToFieldSet (leaves, list items and map entries are paths; a struct's field is
 * a path only when it is null or an empty object); `compare` is TypedValue.Compare (added, modified, removed);
 * `merge` is TypedValue.Merge (the config wins, associative lists merge item by item in the config's order); `remove`
 * is RemoveItems. None of them mutates its input.
 */

import { type JsonObject, isJsonObject } from '@kubegen/runtime';
import { FieldPathError, FieldSet, type Path, type PathElement, fieldElement, keyElement, valueElement } from './fieldpath';

export type TypeNode =
  | { readonly kind: 'scalar' }
  | { readonly kind: 'untyped' }
  | { readonly kind: 'map'; readonly fields: ReadonlyMap<string, TypeNode>; readonly elem: TypeNode | undefined; readonly atomic: boolean }
  | { readonly kind: 'list'; readonly elem: TypeNode; readonly listType: 'atomic' | 'set' | 'map'; readonly keys: readonly string[] };

const SCALAR: TypeNode = { kind: 'scalar' };
const UNTYPED: TypeNode = { kind: 'untyped' };
const STRING_MAP: TypeNode = { kind: 'map', fields: new Map(), elem: SCALAR, atomic: false };

/** ObjectMeta as the apiserver's models declare it (only what is not a scalar matters here). */
export const OBJECT_META: TypeNode = {
  kind: 'map',
  fields: new Map<string, TypeNode>([
    ['labels', STRING_MAP],
    ['annotations', STRING_MAP],
    ['finalizers', { kind: 'list', elem: SCALAR, listType: 'set', keys: [] }],
    // an OwnerReference is an atomic struct
    ['ownerReferences', { kind: 'list', elem: { kind: 'map', fields: new Map(), elem: SCALAR, atomic: true }, listType: 'map', keys: ['uid'] }],
    ['managedFields', { kind: 'list', elem: UNTYPED, listType: 'atomic', keys: [] }],
  ]),
  elem: SCALAR,
  atomic: false,
};

const resolved = new WeakMap<object, TypeNode>();

/** The type of a structural schema node (`undefined`: nothing declared, deduced from the value). */
export function typeOf(schema: unknown, root = false): TypeNode {
  if (!isJsonObject(schema)) return UNTYPED;
  const known = resolved.get(schema);
  if (known) return known;
  let node: TypeNode;
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  if (schema['x-kubernetes-int-or-string'] === true) node = SCALAR;
  else if (schema.type === 'array') {
    const lt = schema['x-kubernetes-list-type'];
    const listType = lt === 'set' || lt === 'map' ? lt : 'atomic';
    const keys = Array.isArray(schema['x-kubernetes-list-map-keys']) ? schema['x-kubernetes-list-map-keys'].filter((k) => typeof k === 'string') : [];
    node = { kind: 'list', elem: typeOf(schema.items), listType, keys };
  } else if (schema.type === 'object' || isJsonObject(schema.properties) || preserve) {
    const fields = new Map<string, TypeNode>();
    if (isJsonObject(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) fields.set(k, typeOf(v));
    if (root || schema['x-kubernetes-embedded-resource'] === true) {
      fields.set('metadata', OBJECT_META);
      if (!fields.has('apiVersion')) fields.set('apiVersion', SCALAR);
      if (!fields.has('kind')) fields.set('kind', SCALAR);
    }
    const additional = schema.additionalProperties;
    const elem = isJsonObject(additional) ? typeOf(additional) : additional === true || preserve ? UNTYPED : fields.size === 0 ? UNTYPED : undefined;
    node = { kind: 'map', fields, elem, atomic: schema['x-kubernetes-map-type'] === 'atomic' };
  } else if (typeof schema.type === 'string' && schema.type !== '') node = SCALAR;
  else node = UNTYPED;
  resolved.set(schema, node);
  return node;
}

/** An untyped node's type from its value (deduced: maps granular, everything else atomic). */
function concrete(t: TypeNode, v: unknown): TypeNode {
  if (t.kind !== 'untyped') return t;
  if (isJsonObject(v)) return { kind: 'map', fields: new Map(), elem: UNTYPED, atomic: false };
  return SCALAR;
}

/** The type of a map's entry. */
function entryType(t: TypeNode & { kind: 'map' }, key: string): TypeNode {
  return t.fields.get(key) ?? t.elem ?? UNTYPED;
}

/** The path element of a list item (a key for `map`, its value for `set`); `undefined` for an atomic list. */
export function itemElement(t: TypeNode & { kind: 'list' }, item: unknown): PathElement | undefined {
  if (t.listType === 'set') return valueElement(item);
  if (t.listType === 'map') {
    if (!isJsonObject(item)) throw new FieldPathError('an associative list item is not an object');
    return keyElement(t.keys.map((k) => [k, Object.hasOwn(item, k) ? item[k] : null] as const));
  }
  return undefined;
}

const own = (o: JsonObject, k: string) => (Object.hasOwn(o, k) ? o[k] : undefined);

/** TypedValue.ToFieldSet. */
export function fieldSetOf(value: unknown, t: TypeNode): FieldSet {
  const set = new FieldSet();
  const walk = (v: unknown, type: TypeNode, path: PathElement[], depth: number): void => {
    if (depth > 256) throw new FieldPathError('object nested too deeply');
    const ct = concrete(type, v);
    if (ct.kind === 'map' && isJsonObject(v) && !ct.atomic) {
      for (const k of Object.keys(v)) {
        const child = v[k];
        const p = [...path, fieldElement(k)];
        walk(child, entryType(ct, k), p, depth + 1);
        if (child === null || (isJsonObject(child) && Object.keys(child).length === 0) || !ct.fields.has(k)) set.insert(p);
      }
      return;
    }
    if (ct.kind === 'list' && Array.isArray(v) && ct.listType !== 'atomic') {
      for (const item of v) {
        const p = [...path, itemElement(ct, item) ?? ''];
        walk(item, ct.elem, p, depth + 1);
        set.insert(p);
      }
      return;
    }
    if (path.length > 0) set.insert(path);
  };
  walk(value, t, [], 0);
  return set;
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/** Deep equality of JSON values (object key order aside). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Items of a granular list by their path element, in order. */
function itemsOf(t: TypeNode & { kind: 'list' }, v: unknown): Array<[PathElement, unknown]> {
  return Array.isArray(v) ? v.map((item): [PathElement, unknown] => [itemElement(t, item) ?? '', item]) : [];
}

/** TypedValue.Compare: what `rhs` added, modified and removed relative to `lhs`. */
export function compare(lhs: unknown, rhs: unknown, t: TypeNode): Comparison {
  const out: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  const walk = (l: unknown, r: unknown, type: TypeNode, path: PathElement[], depth: number): void => {
    if (depth > 256) throw new FieldPathError('object nested too deeply');
    const lt = concrete(type, l);
    const rt = concrete(type, r);
    const granularMap = (x: unknown, xt: TypeNode) => xt.kind === 'map' && !xt.atomic && isJsonObject(x);
    const granularList = (x: unknown, xt: TypeNode) => xt.kind === 'list' && xt.listType !== 'atomic' && Array.isArray(x);
    const lm = l !== undefined && granularMap(l, lt);
    const rm = r !== undefined && granularMap(r, rt);
    const ll = l !== undefined && granularList(l, lt);
    const rl = r !== undefined && granularList(r, rt);
    const leaf = !(lm || rm || ll || rl);
    if (leaf) {
      if (path.length === 0) return;
      if (l === undefined) out.added.insert(path);
      else if (r === undefined) out.removed.insert(path);
      else if (!jsonEqual(l, r)) out.modified.insert(path);
      return;
    }
    const lo = lm && isJsonObject(l) ? l : undefined;
    const ro = rm && isJsonObject(r) ? r : undefined;
    if (lo || ro) {
      const mt = lm ? lt : rt;
      if (mt.kind === 'map') {
        const keys = new Set([...(lo ? Object.keys(lo) : []), ...(ro ? Object.keys(ro) : [])]);
        for (const k of keys) walk(lo ? own(lo, k) : undefined, ro ? own(ro, k) : undefined, entryType(mt, k), [...path, fieldElement(k)], depth + 1);
      }
    } else {
      const listT = ll ? lt : rt;
      if (listT.kind === 'list') {
        const li = new Map(ll ? itemsOf(listT, l) : []);
        const ri = new Map(rl ? itemsOf(listT, r) : []);
        for (const pe of new Set([...li.keys(), ...ri.keys()])) walk(li.get(pe), ri.get(pe), listT.elem, [...path, pe], depth + 1);
      }
    }
    // a granular node on one side only: it is added or removed itself; against a leaf on the other side, modified
    if (path.length === 0) return;
    if (l === undefined) out.added.insert(path);
    else if (r === undefined) out.removed.insert(path);
    else if ((lm || ll) !== (rm || rl) && !jsonEqual(l, r)) out.modified.insert(path);
  };
  walk(lhs, rhs, t, [], 0);
  return out;
}

/** TypedValue.Merge: `config` over `live`; granular maps and lists merged, everything else replaced. */
export function merge(live: unknown, config: unknown, t: TypeNode): unknown {
  const walk = (l: unknown, r: unknown, type: TypeNode, depth: number): unknown => {
    if (depth > 256) throw new FieldPathError('object nested too deeply');
    if (r === undefined) return l;
    if (l === undefined) return r;
    const ct = concrete(type, r);
    if (ct.kind === 'map' && !ct.atomic && isJsonObject(l) && isJsonObject(r)) {
      const out: JsonObject = {};
      const set = (k: string, v: unknown) => Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      for (const k of Object.keys(l)) set(k, Object.hasOwn(r, k) ? walk(l[k], r[k], entryType(ct, k), depth + 1) : l[k]);
      for (const k of Object.keys(r)) if (!Object.hasOwn(l, k)) set(k, r[k]);
      return out;
    }
    if (ct.kind === 'list' && ct.listType !== 'atomic' && Array.isArray(l) && Array.isArray(r)) return mergeList(ct, l, r, (a, b) => walk(a, b, ct.elem, depth + 1));
    return r;
  };
  return walk(live, config, t, 0);
}

/** Two granular lists merged as structured-merge-diff merges them: the live order kept, the config's items in theirs. */
function mergeList(t: TypeNode & { kind: 'list' }, l: unknown[], r: unknown[], both: (a: unknown, b: unknown) => unknown): unknown[] {
  const li = itemsOf(t, l);
  const ri = itemsOf(t, r);
  const lKeys = new Map(li);
  const rKeys = new Map(ri);
  const done = new Set<PathElement>();
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < li.length || j < ri.length) {
    const lItem = li[i];
    const rItem = ri[j];
    if (lItem && done.has(lItem[0])) {
      i++;
      continue;
    }
    if (lItem && rItem && lItem[0] === rItem[0]) {
      out.push(both(lItem[1], rItem[1]));
      done.add(lItem[0]);
      i++;
      j++;
    } else if (lItem && !rKeys.has(lItem[0])) {
      out.push(lItem[1]);
      done.add(lItem[0]);
      i++;
    } else if (rItem) {
      out.push(lKeys.has(rItem[0]) ? both(lKeys.get(rItem[0]), rItem[1]) : rItem[1]);
      done.add(rItem[0]);
      j++;
    } else i++;
  }
  return out;
}

/**
 * The value without the paths of `set` that `keep` does not hold, nor holds anything below (a field, list item or map
 * entry removed; the structs on the way kept).
 */
export function removePaths(value: unknown, t: TypeNode, set: FieldSet, keep: FieldSet): unknown {
  const walk = (v: unknown, type: TypeNode, node: FieldSet, kept: FieldSet | undefined, depth: number): unknown => {
    if (depth > 256) throw new FieldPathError('object nested too deeply');
    const ct = concrete(type, v);
    const drop = (e: PathElement) => node.members.has(e) && !kept?.members.has(e) && (kept?.children.get(e)?.empty ?? true);
    if (ct.kind === 'map' && isJsonObject(v)) {
      const out: JsonObject = {};
      for (const k of Object.keys(v)) {
        const e = fieldElement(k);
        if (drop(e)) continue;
        const below = node.children.get(e);
        const value = below ? walk(v[k], entryType(ct, k), below, kept?.children.get(e), depth + 1) : v[k];
        Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    if (ct.kind === 'list' && ct.listType !== 'atomic' && Array.isArray(v)) {
      const out: unknown[] = [];
      for (const [e, item] of itemsOf(ct, v)) {
        if (drop(e)) continue;
        const below = node.children.get(e);
        out.push(below ? walk(item, ct.elem, below, kept?.children.get(e), depth + 1) : item);
      }
      return out;
    }
    return v;
  };
  return walk(value, t, set, keep, 0);
}

export type { Path };
