/**
 * Interning of the strings every cached object of a kind repeats: an informer's cache holds one copy of its
 * `apiVersion`, `kind` and each `metadata.namespace` instead of one per object.
 *
 * Why: `JSON.parse` makes a new string for every string value longer than a few characters, so 100,000 cached
 * CronTabs of one namespace held 100,000 copies of `"stable.example.com/v1"` and of the namespace (measured with a
 * heap snapshot of the scale benchmark's cache: 72 of its ~840 bytes per object). Strings have no identity in
 * JavaScript, so replacing one by an equal one changes nothing a reader can see.
 *
 * Contract:
 * - `StringInterner.intern(s)` returns a string equal to `s`: the first one it was given while it had room (at most
 *   `maxEntries`, default 4096 distinct strings; past that it returns `s` itself, so a stream of distinct values
 *   cannot grow it without bound);
 * - `internCommonFields(obj, interner)` replaces, in place, the top-level `apiVersion` and `kind` and
 *   `metadata.namespace` of a freshly decoded object (own string properties only) with their interned equals. It
 *   leaves alone an object that is not extensible (frozen or sealed: someone else's) and never throws;
 * - `shareUnchanged(old, obj)` makes a freshly decoded update of a cached object reuse its unchanged spec: when both
 *   carry the same `metadata.generation` (which the API server bumps on every change of the spec), each top-level
 *   object-valued property of `obj` other than `metadata` and `status` (the spec, a ConfigMap-like `data`, …) that is
 *   the same JSON as `old`'s (own keys in the same order, arrays in order, at most 64 levels deep) is replaced, in place, by
 *   `old`'s — the generation only says when to look, the comparison decides. Why: a status write, the commonest
 *   update, leaves the spec as it was, yet the decoded event holds a whole new spec; kept, it replaces the cached
 *   one, and the old one — long-lived, in V8's old space — becomes garbage, so a controller writing the status of
 *   every cached object churns (and, until the next full collection, holds) about a second copy of its cache
 *   (measured: the scale bench's shard replicas peaked during their status-write epoch, not their initial sync).
 *   Shared, the decoded copy dies young. Its cost: one comparison per such update, ≈8 µs for the scale bench's 3 KB
 *   CronTab (≈0.4× its JSON.parse), none when the generation moved. Values have no identity a reader may rely on
 *   (cached objects are shared and never mutated), so this changes nothing a reader can see. Same conditions as
 *   `internCommonFields`: only writable records, never throws.
 */

/** A bounded table of canonical strings; see the module doc. */
export class StringInterner {
  private readonly table = new Map<string, string>();
  private readonly maxEntries: number;

  constructor(maxEntries = 4096) {
    this.maxEntries = maxEntries;
  }

  /** The number of strings kept. */
  get size(): number {
    return this.table.size;
  }

  intern(s: string): string {
    const kept = this.table.get(s);
    if (kept !== undefined) return kept;
    if (this.table.size < this.maxEntries) this.table.set(s, s);
    return s;
  }
}

/** Sets `o[key]` to the interned equal of its own string value, when that is another string. */
function replaceOwn(o: Record<string, unknown>, key: string, interner: StringInterner): void {
  if (!Object.hasOwn(o, key)) return;
  const v = o[key];
  if (typeof v !== 'string') return;
  o[key] = interner.intern(v);
}

/** An object whose own properties may be written: not frozen, sealed or made non-extensible (someone else's). */
function isWritableRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.isExtensible(v);
}

/** Interns `apiVersion`, `kind` and `metadata.namespace` of `obj` in place (see the module doc). */
export function internCommonFields(obj: unknown, interner: StringInterner): void {
  if (!isWritableRecord(obj)) return;
  try {
    replaceOwn(obj, 'apiVersion', interner);
    replaceOwn(obj, 'kind', interner);
    if (!Object.hasOwn(obj, 'metadata')) return;
    const meta = obj.metadata;
    if (isWritableRecord(meta)) replaceOwn(meta, 'namespace', interner);
  } catch {
    // a property made read-only (defineProperty): the object keeps its own strings
  }
}

/**
 * Whether two decoded JSON values are the same document: own keys in the same order (so a shared value serializes as
 * the update did), arrays in order; false past `depth` levels.
 */
function jsonEqual(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth <= 0) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], depth - 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] ?? '';
    if (kb[i] !== k) return false;
    if (!jsonEqual(Reflect.get(a, k), Reflect.get(b, k), depth - 1)) return false;
  }
  return true;
}

/** `metadata.generation` of a decoded object, when it is a number. */
function generationOf(o: object): number | undefined {
  const meta: unknown = Object.hasOwn(o, 'metadata') ? Reflect.get(o, 'metadata') : undefined;
  const g: unknown = typeof meta === 'object' && meta !== null && Object.hasOwn(meta, 'generation') ? Reflect.get(meta, 'generation') : undefined;
  return typeof g === 'number' ? g : undefined;
}

/** Makes `obj` reuse the unchanged spec (and like parts) of `old` in place (see the module doc). */
export function shareUnchanged(old: unknown, obj: unknown): void {
  if (old === obj || typeof old !== 'object' || old === null || !isWritableRecord(obj)) return;
  const generation = generationOf(obj);
  if (generation === undefined || generationOf(old) !== generation) return;
  try {
    for (const k of Object.keys(obj)) {
      if (k === 'metadata' || k === 'status' || !Object.hasOwn(old, k)) continue;
      const v = obj[k];
      const was: unknown = Reflect.get(old, k);
      if (typeof v === 'object' && v !== null && v !== was && jsonEqual(was, v, 64)) obj[k] = was;
    }
  } catch {
    // a property made read-only (defineProperty): the object keeps its own values
  }
}
