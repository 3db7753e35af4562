/**
 * Field sets, after sigs.k8s.io/structured-merge-diff's `fieldpath`: a set of paths into an object, where a path is
 * a list of elements — a field name (`f:spec`), the key of an associative list's item (`k:{"name":"a"}`), a set
 * item's value (`v:"a"`) or an index (`i:0`, atomic lists never get one here).
 *
 * Contract: a `FieldSet` is a tree — `members` are the paths that end at a node, `children` the nodes below it; an
 * element is kept as its serialized text (the key of `fieldsV1`), so two equal elements are the same string.
 * `toFieldsV1` writes the apiserver's encoding byte for byte: elements in structured-merge-diff's order (field names,
 * then keys, then values, then indexes, each by value), a node that is both member and parent written as
 * `{".":{},…}`. `fromFieldsV1` reads it back and refuses what is not that encoding.
 */

import { type JsonObject, isJsonObject } from '@kubegen/runtime';

/** The serialized text of one path element (`f:name`, `k:{…}`, `v:…`, `i:0`). */
export type PathElement = string;
export type Path = readonly PathElement[];

/** Go's encoding/json escaping on top of JSON.stringify (HTML characters and line separators), as fieldsV1 is written. */
export function goJson(v: unknown): string {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const fieldElement = (name: string): PathElement => `f:${name}`;
export const valueElement = (v: unknown): PathElement => `v:${goJson(v)}`;
/** An associative list item's key: its key fields sorted by name (a value missing is `null`). */
export function keyElement(fields: ReadonlyArray<readonly [string, unknown]>): PathElement {
  const sorted = [...fields].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `k:{${sorted.map(([k, v]) => `${goJson(k)}:${goJson(v)}`).join(',')}}`;
}

const KIND_RANK: Record<string, number> = { f: 0, k: 1, v: 2, i: 3 };

/** value.Compare's total order: numbers, strings, booleans, lists, maps, null. */
function compareValues(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : Array.isArray(v) ? 3 : v === null ? 5 : 4);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const ta = goJson(a);
  const tb = goJson(b);
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FieldPathError(`invalid path element ${JSON.stringify(text)}`);
  }
}

/** PathElement.Compare: by kind (field, key, value, index), then by the value of the element. */
export function compareElements(a: PathElement, b: PathElement): number {
  const ka = KIND_RANK[a.slice(0, 1)] ?? 4;
  const kb = KIND_RANK[b.slice(0, 1)] ?? 4;
  if (ka !== kb) return ka - kb;
  const ta = a.slice(2);
  const tb = b.slice(2);
  if (ka === 0) return ta < tb ? -1 : ta > tb ? 1 : 0;
  if (ka === 3) return Number(ta) - Number(tb);
  if (ka === 2) return compareValues(parseJsonText(ta), parseJsonText(tb));
  // keys: field by field, name then value (sorted already), the shorter first
  const fa = entriesOf(parseJsonText(ta));
  const fb = entriesOf(parseJsonText(tb));
  for (let i = 0; ; i++) {
    const x = fa[i];
    const y = fb[i];
    if (!x && !y) return 0;
    if (!x) return -1;
    if (!y) return 1;
    if (x[0] !== y[0]) return x[0] < y[0] ? -1 : 1;
    const c = compareValues(x[1], y[1]);
    if (c !== 0) return c;
  }
}

function entriesOf(v: unknown): Array<[string, unknown]> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return [];
  return Object.entries(v).map(([k, x]): [string, unknown] => [k, x]);
}

/** Go's `%v` of a value in a path (value.ToString): strings quoted, the rest as JSON. */
function valueString(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : goJson(v);
}

/** Path.String: `.spec.containers[name="a"].image`, `.spec.tags[="x"]`, `.items[0]`. */
export function pathString(path: Path): string {
  return path
    .map((e) => {
      const text = e.slice(2);
      switch (e.slice(0, 1)) {
        case 'f':
          return `.${text}`;
        case 'k':
          return `[${entriesOf(parseJsonText(text)).map(([k, v]) => `${k}=${valueString(v)}`).join(',')}]`;
        case 'v':
          return `[=${valueString(parseJsonText(text))}]`;
        default:
          return `[${text}]`;
      }
    })
    .join('');
}

export class FieldPathError extends Error {
  override readonly name = 'FieldPathError';
}

/** A set of paths (see the module's contract). Mutable: build with `insert`, combine with the set operations. */
export class FieldSet {
  readonly members = new Set<PathElement>();
  readonly children = new Map<PathElement, FieldSet>();

  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  insert(path: Path): void {
    const [e, ...rest] = path;
    if (e === undefined) return;
    if (rest.length === 0) this.members.add(e);
    else this.child(e).insert(rest);
  }

  private child(e: PathElement): FieldSet {
    let c = this.children.get(e);
    if (!c) {
      c = new FieldSet();
      this.children.set(e, c);
    }
    return c;
  }

  has(path: Path): boolean {
    const [e, ...rest] = path;
    if (e === undefined) return false;
    if (rest.length === 0) return this.members.has(e);
    return this.children.get(e)?.has(rest) ?? false;
  }

  get empty(): boolean {
    if (this.members.size > 0) return false;
    for (const c of this.children.values()) if (!c.empty) return false;
    return true;
  }

  /** Every path, in no particular order. */
  paths(prefix: PathElement[] = []): Path[] {
    const out: Path[] = [];
    for (const m of this.members) out.push([...prefix, m]);
    for (const [e, c] of this.children) out.push(...c.paths([...prefix, e]));
    return out;
  }

  /** Every path in structured-merge-diff's iteration order (members and children interleaved by element). */
  sortedPaths(prefix: PathElement[] = []): Path[] {
    const out: Path[] = [];
    const elements = [...new Set([...this.members, ...this.children.keys()])].sort(compareElements);
    for (const e of elements) {
      if (this.members.has(e)) out.push([...prefix, e]);
      const c = this.children.get(e);
      if (c) out.push(...c.sortedPaths([...prefix, e]));
    }
    return out;
  }

  clone(): FieldSet {
    const s = new FieldSet();
    for (const m of this.members) s.members.add(m);
    for (const [e, c] of this.children) s.children.set(e, c.clone());
    return s;
  }

  union(other: FieldSet): FieldSet {
    const s = this.clone();
    for (const p of other.paths()) s.insert(p);
    return s;
  }

  intersection(other: FieldSet): FieldSet {
    return FieldSet.of(...this.paths().filter((p) => other.has(p)));
  }

  /** The paths of this set that are not in `other` (paths below one of other's stay). */
  difference(other: FieldSet): FieldSet {
    return FieldSet.of(...this.paths().filter((p) => !other.has(p)));
  }

  /** The paths of this set that are neither in `other` nor below one of its paths. */
  recursiveDifference(other: FieldSet): FieldSet {
    return FieldSet.of(...this.paths().filter((p) => !p.some((_, i) => other.has(p.slice(0, i + 1)))));
  }

  /** The fieldsV1 object of this set (see the module's contract). */
  toFieldsV1(): JsonObject {
    return this.emit(false);
  }

  private emit(self: boolean): JsonObject {
    const out: JsonObject = {};
    if (self) out['.'] = {};
    const elements = [...new Set([...this.members, ...this.children.keys()])].sort(compareElements);
    for (const e of elements) {
      const c = this.children.get(e);
      Object.defineProperty(out, e, { value: c && !c.empty ? c.emit(this.members.has(e)) : {}, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  static fromFieldsV1(v: unknown, depth = 0): FieldSet {
    const s = new FieldSet();
    if (!isJsonObject(v)) throw new FieldPathError('expected an object');
    if (depth > 128) throw new FieldPathError('fieldsV1 nested too deeply');
    for (const k of Object.keys(v)) {
      if (k === '.') continue;
      if (!/^[fkvi]:/.test(k)) throw new FieldPathError(`unknown path element prefix ${JSON.stringify(k)}`);
      const c = v[k];
      const child = FieldSet.fromFieldsV1(c, depth + 1);
      const isMember = isJsonObject(c) && (Object.keys(c).length === 0 || Object.hasOwn(c, '.'));
      if (isMember) s.members.add(k);
      if (!child.empty) s.children.set(k, child);
    }
    return s;
  }
}
