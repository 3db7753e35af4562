/**
 * `Store<T>` and `Indexer<T>`: the local cache of an informer (client-go `tools/cache` store.go, index.go,
 * thread_safe_store.go), generic from the start.
 *
 * Contract:
 * - objects are keyed by a `KeyFunc`, by default `metaNamespaceKeyFunc` (`<namespace>/<name>`, or `<name>` for
 *   cluster-scoped objects); `add` and `update` both insert-or-replace, `delete` of a missing key is a no-op;
 * - single writer: the reflector (through an informer) is the only writer of an informer's store. Everyone else
 *   only reads, and never mutates a returned object — objects are shared with every other reader (copy before
 *   changing one, e.g. with the generated `deepCopy`);
 * - consistent snapshots: every method runs to completion on the one JavaScript thread, so a read never
 *   observes half of a write; `list`, `listKeys` and `byIndex` return fresh arrays;
 * - `replace(items, resourceVersion)` is an atomic swap: the new contents and indices are built aside and then
 *   installed at once, so a reader sees either the old state or the new one, never a mix;
 * - indices: an `IndexFunc` maps an object to zero or more index values; `byIndex(name, value)` returns the
 *   objects with that value. Asking for an index that does not exist throws;
 * - `getByNamespaceAndName(namespace, name)` is `getByKey` of the object's `metaNamespaceKeyFunc` key (`''` namespace:
 *   cluster-scoped). A store keyed by `metaNamespaceKeyFunc` answers it from a namespace → name → object map, without
 *   building the key (what a lister's `get` does on every call); with another key function it builds the key;
 * - `namespaceNames(namespace)` (such a store only) is that namespace's name → object map itself, read only: the writer
 *   changes it in place, and replaces it (a new map, or none) only when `namespaceEpoch` moves — so a reader of one
 *   namespace (a namespace lister) keeps the map and looks names up in it until the epoch changes;
 * - in such a store an index whose function is `metaNamespaceIndexFunc` (the default `namespace` index) is answered
 *   from that namespace → name → object map, not kept a second time: the same answers in the same order (insertion
 *   order), one set entry per object less (measured ~50 bytes per cached object) and no index work per event.
 */

import type { KubeObject } from '../client/types';
import { setOwn } from '../meta/own';

/** Maps an object to its key in a store. */
export type KeyFunc<T> = (obj: T) => string;

/** Maps an object to its values in one index (e.g. its namespace, its owner's uid). */
export type IndexFunc<T> = (obj: T) => readonly string[];

/** Named index functions. */
export type Indexers<T> = Readonly<Record<string, IndexFunc<T>>>;

/** The name of the default index: objects by namespace. */
export const NAMESPACE_INDEX = 'namespace';

/**
 * The final state of a deleted object the informer could not observe (it was deleted while the watch was down,
 * and the relist no longer returned it): the last state in the cache, which may be stale.
 */
export class DeletedFinalStateUnknown<T> {
  constructor(
    /** The store key of the object. */
    readonly key: string,
    /** The last state the cache held. */
    readonly obj: T,
  ) {}
}

/** Whether `value` is a tombstone handed to `onDelete`. */
export function isDeletedFinalStateUnknown<T>(value: T | DeletedFinalStateUnknown<T>): value is DeletedFinalStateUnknown<T> {
  return value instanceof DeletedFinalStateUnknown;
}

/**
 * `<namespace>/` of the namespaces keys were made for, so that a key is the shared prefix joined to the object's name
 * (V8 keeps such a key as a pair of references) instead of a new copy of the prefix per key — 32 bytes per cached
 * object measured at 100,000 objects. Bounded: emptied when it reaches `MAX_KEY_PREFIXES` namespaces.
 */
const keyPrefixes = new Map<string, string>();
const MAX_KEY_PREFIXES = 4096;

function keyPrefix(ns: string): string {
  let prefix = keyPrefixes.get(ns);
  if (prefix === undefined) {
    if (keyPrefixes.size >= MAX_KEY_PREFIXES) keyPrefixes.clear();
    prefix = `${ns}/`;
    keyPrefixes.set(ns, prefix);
  }
  return prefix;
}

/** `<namespace>/<name>`, or `<name>` when the object has no namespace. Throws when it has no name. */
export function metaNamespaceKeyFunc(obj: KubeObject): string {
  const name = obj.metadata?.name;
  if (!name) throw new TypeError('metaNamespaceKeyFunc: the object has no metadata.name');
  const ns = obj.metadata?.namespace;
  return ns ? keyPrefix(ns) + name : name;
}

/** As `metaNamespaceKeyFunc`, and the key of a tombstone is its recorded key. */
export function deletionHandlingMetaNamespaceKeyFunc(obj: KubeObject | DeletedFinalStateUnknown<KubeObject>): string {
  return obj instanceof DeletedFinalStateUnknown ? obj.key : metaNamespaceKeyFunc(obj);
}

/** The namespace (`''` for cluster-scoped) and name of a key. Throws on a key with more than one `/`. */
export function splitMetaNamespaceKey(key: string): { namespace: string; name: string } {
  const [first, second, ...rest] = key.split('/');
  if (second === undefined) return { namespace: '', name: first ?? '' };
  if (rest.length === 0) return { namespace: first ?? '', name: second };
  throw new TypeError(`unexpected key format: ${JSON.stringify(key)}`);
}

/** The default index function: `[namespace]`, or `[]` for a cluster-scoped object. */
export function metaNamespaceIndexFunc(obj: KubeObject): readonly string[] {
  const ns = obj.metadata?.namespace;
  return ns ? [ns] : [];
}

/**
 * The read side of a cache, what listers, handlers and controllers get (kube-rs splits `reflector::Store` from its
 * single `Writer` the same way). Objects are shared with every other reader, so they come typed `Readonly<T>`: copy
 * one (the generated `deepCopy<Kind>`) before changing it.
 */
export interface ReadonlyStore<T> {
  list(): Readonly<T>[];
  listKeys(): string[];
  get(obj: T): Readonly<T> | undefined;
  getByKey(key: string): Readonly<T> | undefined;
  /** The object `<namespace>/<name>` (`name` alone when `namespace` is `''`), without building the key when it can. */
  getByNamespaceAndName(namespace: string, name: string): Readonly<T> | undefined;
  /**
   * With `namespaceNames`, in a store that keeps its objects by namespace and name: a number that changes whenever a
   * map `namespaceNames` returned stops being the namespace's (the store's contents were swapped, or the namespace's
   * map was made or dropped). `undefined`: the store has no such maps.
   */
  readonly namespaceEpoch?: number | undefined;
  /** The objects of `namespace` (`''`: cluster-scoped) by name, while `namespaceEpoch` stays (see the module doc). */
  namespaceNames?(namespace: string): ReadonlyMap<string, Readonly<T>> | undefined;
  /** The number of objects. */
  readonly size: number;
  /** The resourceVersion of the last `replace` or `bookmark`; `''` before any. */
  readonly resourceVersion: string;
}

/** The read side of an indexed cache. */
export interface ReadonlyIndexer<T> extends ReadonlyStore<T> {
  /** The objects sharing an index value with `obj` under index `name`. */
  index(name: string, obj: T): Readonly<T>[];
  /** The keys of the objects with `value` under index `name`. */
  indexKeys(name: string, value: string): string[];
  /** Every value index `name` currently holds. */
  listIndexFuncValues(name: string): string[];
  /** The objects with `value` under index `name`. */
  byIndex(name: string, value: string): Readonly<T>[];
  getIndexers(): Indexers<T>;
}

/**
 * A keyed cache of objects, with its write side; see the module doc for its contract. Only the cache's writer (an
 * informer's reflector) holds one; readers get a `ReadonlyStore`.
 */
export interface Store<T> extends ReadonlyStore<T> {
  add(obj: T): void;
  update(obj: T): void;
  delete(obj: T): void;
  list(): T[];
  listKeys(): string[];
  get(obj: T): T | undefined;
  getByKey(key: string): T | undefined;
  getByNamespaceAndName(namespace: string, name: string): T | undefined;
  /** Replaces the whole contents atomically; `resourceVersion` is the list's (kept as `resourceVersion`). */
  replace(items: readonly T[], resourceVersion: string): void;
  /** The number of objects. */
  readonly size: number;
  /** The resourceVersion of the last `replace` or `bookmark`; `''` before any. */
  readonly resourceVersion: string;
  /** Records a resourceVersion reached without changes (a watch BOOKMARK). */
  bookmark(resourceVersion: string): void;
}

/** A store with secondary indices, with its write side (see `Store`); readers get a `ReadonlyIndexer`. */
export interface Indexer<T> extends Store<T> {
  /** The objects sharing an index value with `obj` under index `name`. */
  index(name: string, obj: T): T[];
  /** The keys of the objects with `value` under index `name`. */
  indexKeys(name: string, value: string): string[];
  /** Every value index `name` currently holds. */
  listIndexFuncValues(name: string): string[];
  /** The objects with `value` under index `name`. */
  byIndex(name: string, value: string): T[];
  getIndexers(): Indexers<T>;
  /** Adds indices (names must be new) and indexes the current contents. */
  addIndexers(indexers: Indexers<T>): void;
}

/** The next contents of a store, built aside (`CacheIndexer.beginReplace`). */
export interface ReplaceBuilder<T> {
  /** Adds (or, for a key added before, replaces) an object of the next contents; returns its key. */
  add(obj: T): string;
  /** Installs the next contents at once, as of `resourceVersion`. */
  commit(resourceVersion: string): void;
}

type Indices = Map<string, Map<string, Set<string>>>;

const NO_VALUES: readonly string[] = Object.freeze([]);

/** Objects by namespace (`''`: cluster-scoped), then name. */
type ByNamespace<T> = Map<string, Map<string, T>>;

/** Sets `obj` in its namespace's map; whether that map was made (a new namespace). */
function byNamespaceSet<T extends KubeObject>(map: ByNamespace<T>, obj: T): boolean {
  const ns = obj.metadata?.namespace ?? '';
  const names = map.get(ns);
  if (names) {
    names.set(obj.metadata?.name ?? '', obj);
    return false;
  }
  map.set(ns, new Map([[obj.metadata?.name ?? '', obj]]));
  return true;
}

/** Deletes `obj` from its namespace's map; whether that map was dropped (it is empty). */
function byNamespaceDelete<T extends KubeObject>(map: ByNamespace<T>, obj: T): boolean {
  const ns = obj.metadata?.namespace ?? '';
  const names = map.get(ns);
  if (!names) return false;
  names.delete(obj.metadata?.name ?? '');
  if (names.size > 0) return false;
  map.delete(ns);
  return true;
}

/** Options of `newIndexer`. */
export interface IndexerOptions<T> {
  /** Default `metaNamespaceKeyFunc`. */
  keyFunc?: KeyFunc<T>;
  /** Default `{ namespace: metaNamespaceIndexFunc }`. Pass `{}` for none. */
  indexers?: Indexers<T>;
}

/** The in-memory `Indexer` (client-go's threadSafeMap + cache). */
export class CacheIndexer<T extends KubeObject> implements Indexer<T> {
  private items = new Map<string, T>();
  private indices: Indices = new Map();
  /** With the default key function only: the objects by namespace and name (`getByNamespaceAndName`). */
  private byNamespace: ByNamespace<T> | undefined;
  /** Moves when a map of `byNamespace` is made, dropped or swapped (`namespaceEpoch`). */
  private epoch = 0;
  private readonly indexers = new Map<string, IndexFunc<T>>();
  /** The indexers answered from `byNamespace` (their function is `metaNamespaceIndexFunc`): no entry in `indices`. */
  private readonly namespaceIndexers = new Set<string>();
  /** `indexers` as an array, for `updateIndices`, without `namespaceIndexers`; dropped by `addIndexers`. */
  private indexerEntries: Array<[string, IndexFunc<T>]> | undefined;
  private rv = '';
  readonly keyFunc: KeyFunc<T>;

  constructor(opts: IndexerOptions<T> = {}) {
    this.keyFunc = opts.keyFunc ?? metaNamespaceKeyFunc;
    if (this.keyFunc === metaNamespaceKeyFunc) this.byNamespace = new Map();
    this.addIndexers(opts.indexers ?? { [NAMESPACE_INDEX]: metaNamespaceIndexFunc });
  }

  get size(): number {
    return this.items.size;
  }

  get resourceVersion(): string {
    return this.rv;
  }

  add(obj: T): void {
    this.update(obj);
  }

  update(obj: T): void {
    this.upsert(obj);
  }

  /** Adds or replaces `obj`, as `update`, and returns the object it replaced (the key is computed once). */
  upsert(obj: T): T | undefined {
    const key = this.keyFunc(obj);
    const old = this.items.get(key);
    this.items.set(key, obj);
    if (this.byNamespace && byNamespaceSet(this.byNamespace, obj)) this.epoch++;
    this.updateIndices(this.indices, old, obj, key);
    return old;
  }

  delete(obj: T): void {
    this.deleteKey(this.keyFunc(obj));
  }

  /** Deletes by key; a missing key is a no-op. */
  deleteKey(key: string): void {
    const old = this.items.get(key);
    if (old === undefined) return;
    this.items.delete(key);
    if (this.byNamespace && byNamespaceDelete(this.byNamespace, old)) this.epoch++;
    this.updateIndices(this.indices, old, undefined, key);
  }

  list(): T[] {
    return [...this.items.values()];
  }

  listKeys(): string[] {
    return [...this.items.keys()];
  }

  get(obj: T): T | undefined {
    return this.items.get(this.keyFunc(obj));
  }

  getByKey(key: string): T | undefined {
    return this.items.get(key);
  }

  getByNamespaceAndName(namespace: string, name: string): T | undefined {
    if (this.byNamespace) return this.byNamespace.get(namespace)?.get(name);
    return this.items.get(namespace === '' ? name : `${namespace}/${name}`);
  }

  get namespaceEpoch(): number | undefined {
    return this.byNamespace ? this.epoch : undefined;
  }

  namespaceNames(namespace: string): ReadonlyMap<string, T> | undefined {
    return this.byNamespace?.get(namespace);
  }

  replace(items: readonly T[], resourceVersion: string): void {
    const b = this.beginReplace();
    for (const obj of items) b.add(obj);
    b.commit(resourceVersion);
  }

  /**
   * Builds the next contents aside, object by object (a paged list applies each page as it arrives), and swaps them
   * in at `commit` exactly as `replace` does: until then readers see the old contents. Start a new builder for each
   * replace; a builder that was not committed changes nothing.
   */
  beginReplace(): ReplaceBuilder<T> {
    const next = new Map<string, T>();
    const indices: Indices = new Map();
    for (const name of this.indexers.keys()) if (!this.namespaceIndexers.has(name)) indices.set(name, new Map());
    const byNamespace: ByNamespace<T> | undefined = this.byNamespace ? new Map() : undefined;
    let committed = false;
    return {
      add: (obj) => {
        if (committed) throw new Error('beginReplace: add after commit');
        const key = this.keyFunc(obj);
        const old = next.get(key);
        next.set(key, obj);
        this.updateIndices(indices, old, obj, key);
        // the default key function only: the same key is the same namespace and name, so this replaces `old`
        if (byNamespace) byNamespaceSet(byNamespace, obj);
        return key;
      },
      commit: (resourceVersion) => {
        if (committed) throw new Error('beginReplace: commit called twice');
        committed = true;
        // the swap
        this.items = next;
        this.indices = indices;
        this.byNamespace = byNamespace;
        this.epoch++;
        this.rv = resourceVersion;
      },
    };
  }

  bookmark(resourceVersion: string): void {
    this.rv = resourceVersion;
  }

  index(name: string, obj: T): T[] {
    const fn = this.indexFunc(name);
    if (this.namespaceIndexers.has(name)) {
      const values = fn(obj);
      return values.length === 1 && values[0] !== undefined ? this.byIndex(name, values[0]) : [...new Set(values.flatMap((v) => this.byIndex(name, v)))];
    }
    const index = indexNamed(this.indices, name);
    const keys = new Set<string>();
    for (const value of fn(obj)) for (const k of index.get(value) ?? []) keys.add(k);
    return this.objects(keys);
  }

  indexKeys(name: string, value: string): string[] {
    this.indexFunc(name);
    if (this.namespaceIndexers.has(name)) {
      const names = value === '' ? undefined : this.byNamespace?.get(value);
      return names ? [...names.keys()].map((n) => keyPrefix(value) + n) : [];
    }
    return [...(indexNamed(this.indices, name).get(value) ?? [])];
  }

  listIndexFuncValues(name: string): string[] {
    this.indexFunc(name);
    if (this.namespaceIndexers.has(name)) return [...(this.byNamespace?.keys() ?? [])].filter((ns) => ns !== '');
    return [...indexNamed(this.indices, name).keys()];
  }

  byIndex(name: string, value: string): T[] {
    this.indexFunc(name);
    if (this.namespaceIndexers.has(name)) {
      // `metaNamespaceIndexFunc` gives cluster-scoped objects no value: `''` holds none
      const names = value === '' ? undefined : this.byNamespace?.get(value);
      return names ? [...names.values()] : [];
    }
    return this.objects(indexNamed(this.indices, name).get(value) ?? []);
  }

  getIndexers(): Indexers<T> {
    const out: Record<string, IndexFunc<T>> = {};
    for (const [name, fn] of this.indexers) setOwn(out, name, fn);
    return out;
  }

  addIndexers(indexers: Indexers<T>): void {
    const names = Object.keys(indexers);
    const clash = names.filter((n) => this.indexers.has(n));
    if (clash.length > 0) throw new Error(`indexer conflict: ${clash.join(', ')}`);
    for (const [name, fn] of Object.entries(indexers)) {
      this.indexers.set(name, fn);
      this.indexerEntries = undefined;
      if (fn === metaNamespaceIndexFunc && this.byNamespace) {
        this.namespaceIndexers.add(name);
        continue;
      }
      const index = new Map<string, Set<string>>();
      this.indices.set(name, index);
      for (const [key, obj] of this.items) addToIndex(index, fn(obj), key);
    }
  }

  private indexFunc(name: string): IndexFunc<T> {
    const fn = this.indexers.get(name);
    if (!fn) throw new Error(`index with name ${name} does not exist`);
    return fn;
  }

  private objects(keys: Iterable<string>): T[] {
    const out: T[] = [];
    for (const k of keys) {
      const o = this.items.get(k);
      if (o !== undefined) out.push(o);
    }
    return out;
  }

  private updateIndices(indices: Indices, old: T | undefined, obj: T | undefined, key: string): void {
    // runs for every watch event: a loop over an array (no Map iterator, no destructuring: ~0.5 µs an event)
    const entries = (this.indexerEntries ??= [...this.indexers].filter(([name]) => !this.namespaceIndexers.has(name)));
    for (const entry of entries) {
      const fn = entry[1];
      const before = old === undefined ? NO_VALUES : fn(old);
      const after = obj === undefined ? NO_VALUES : fn(obj);
      if (before.length === 1 && after.length === 1 && before[0] === after[0]) continue;
      const index = indexNamed(indices, entry[0]);
      for (const v of before) {
        const set = index.get(v);
        if (!set) continue;
        set.delete(key);
        if (set.size === 0) index.delete(v);
      }
      addToIndex(index, after, key);
    }
  }
}

/** The index kept for indexer `name`; every registered indexer has one, so a miss is a broken invariant. */
function indexNamed(indices: Indices, name: string): Map<string, Set<string>> {
  const index = indices.get(name);
  if (index === undefined) throw new Error(`internal: indexer ${name} has no index`);
  return index;
}

function addToIndex(index: Map<string, Set<string>>, values: readonly string[], key: string): void {
  for (const v of values) {
    let set = index.get(v);
    if (!set) {
      set = new Set();
      index.set(v, set);
    }
    set.add(key);
  }
}

/** An indexer keyed by `metaNamespaceKeyFunc` with the namespace index (plus `indexers`). */
export function newIndexer<T extends KubeObject>(indexers: Indexers<T> = {}): CacheIndexer<T> {
  return new CacheIndexer<T>({ indexers: { [NAMESPACE_INDEX]: metaNamespaceIndexFunc, ...indexers } });
}

/** A store keyed by `metaNamespaceKeyFunc`, without indices. */
export function newStore<T extends KubeObject>(): Store<T> {
  return new CacheIndexer<T>({ indexers: {} });
}
