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
 *   leaves alone an object that is not extensible (frozen or sealed: someone else's) and never throws.
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
