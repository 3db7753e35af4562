/**
 * `MultiNamespaceInformer<T>`: one informer per namespace behind one cache (controller-runtime's multi-namespace
 * cache, `pkg/cache/multi_namespace_cache.go`), for a kind cached in several namespaces but not cluster-wide.
 *
 * Contract:
 * - it is made of informers that each watch one namespace (their list and watch requests name it); it owns none of
 *   them: whoever made them (a `SharedInformerFactory` per namespace) runs and stops them;
 * - `getIndexer()` reads all of them as one cache: `getByNamespaceAndName` and the `namespace` index ask only the
 *   namespace's informer; `list`, `listKeys`, `byIndex` and `size` are the union (objects of different namespaces
 *   never share a key). `resourceVersion` is `''`: the member caches have no common resourceVersion;
 * - `addEventHandler` adds the handler to every member: it sees the events of every namespace, in order per object
 *   (an object lives in one namespace); the registration has synced once every member's has, and `remove` removes
 *   all of them;
 * - `hasSynced()` / `waitForSync(signal)`: every member has synced; `isStarted`: every member runs; `isStopped`: one
 *   has stopped.
 */

import type { KubeObject } from '../client/types';
import type { AddEventHandlerOptions, EventHandlerRegistration, HasSynced, ResourceEventHandler } from './informer';
import { NAMESPACE_INDEX, type Indexers, type ReadonlyIndexer } from './store';

/** What readers of a shared informer use: a `SharedIndexInformer`, or a `MultiNamespaceInformer`. */
export interface Informer<T extends KubeObject> extends HasSynced {
  addEventHandler(handler: ResourceEventHandler<T>, opts?: AddEventHandlerOptions): EventHandlerRegistration;
  /** The cache, read only: never mutate what it returns. */
  getIndexer(): ReadonlyIndexer<T>;
  readonly isStarted: boolean;
  readonly isStopped: boolean;
}

/** The caches of several namespaces read as one (see the module doc). */
class MultiNamespaceIndexer<T extends KubeObject> implements ReadonlyIndexer<T> {
  constructor(private readonly members: ReadonlyMap<string, ReadonlyIndexer<T>>) {}

  private all<R>(f: (i: ReadonlyIndexer<T>) => R[]): R[] {
    const out: R[] = [];
    for (const i of this.members.values()) out.push(...f(i));
    return out;
  }

  private of(namespace: string | undefined): ReadonlyIndexer<T> | undefined {
    return namespace === undefined ? undefined : this.members.get(namespace);
  }

  list(): Readonly<T>[] {
    return this.all((i) => i.list());
  }

  listKeys(): string[] {
    return this.all((i) => i.listKeys());
  }

  get(obj: T): Readonly<T> | undefined {
    return this.of(obj.metadata?.namespace)?.get(obj);
  }

  getByKey(key: string): Readonly<T> | undefined {
    const slash = key.indexOf('/');
    return slash < 0 ? undefined : this.of(key.slice(0, slash))?.getByKey(key);
  }

  getByNamespaceAndName(namespace: string, name: string): Readonly<T> | undefined {
    return this.of(namespace)?.getByNamespaceAndName(namespace, name);
  }

  get size(): number {
    let n = 0;
    for (const i of this.members.values()) n += i.size;
    return n;
  }

  get resourceVersion(): string {
    return '';
  }

  index(name: string, obj: T): Readonly<T>[] {
    if (name === NAMESPACE_INDEX) return this.of(obj.metadata?.namespace)?.index(name, obj) ?? [];
    return this.all((i) => i.index(name, obj));
  }

  indexKeys(name: string, value: string): string[] {
    if (name === NAMESPACE_INDEX) return this.of(value)?.indexKeys(name, value) ?? [];
    return this.all((i) => i.indexKeys(name, value));
  }

  listIndexFuncValues(name: string): string[] {
    return [...new Set(this.all((i) => i.listIndexFuncValues(name)))];
  }

  byIndex(name: string, value: string): Readonly<T>[] {
    if (name === NAMESPACE_INDEX) return this.of(value)?.byIndex(name, value) ?? [];
    return this.all((i) => i.byIndex(name, value));
  }

  getIndexers(): Indexers<T> {
    const first = this.members.values().next();
    return first.done === true ? {} : first.value.getIndexers();
  }
}

/** See the module doc. */
export class MultiNamespaceInformer<T extends KubeObject> implements Informer<T> {
  private readonly indexer: MultiNamespaceIndexer<T>;

  /** `members`: namespace → the informer watching it (at least one). */
  constructor(private readonly members: ReadonlyMap<string, Informer<T>>) {
    if (members.size === 0) throw new TypeError('MultiNamespaceInformer: no namespace');
    this.indexer = new MultiNamespaceIndexer(new Map([...members].map(([ns, i]) => [ns, i.getIndexer()])));
  }

  /** The namespaces it watches. */
  get namespaces(): string[] {
    return [...this.members.keys()];
  }

  addEventHandler(handler: ResourceEventHandler<T>, opts: AddEventHandlerOptions = {}): EventHandlerRegistration {
    const regs = [...this.members.values()].map((i) => i.addEventHandler(handler, opts));
    return {
      hasSynced: () => regs.every((r) => r.hasSynced()),
      waitForSync: async (signal) => (await Promise.all(regs.map((r) => r.waitForSync(signal)))).every(Boolean),
      remove: () => { for (const r of regs) r.remove(); },
    };
  }

  getIndexer(): ReadonlyIndexer<T> {
    return this.indexer;
  }

  hasSynced(): boolean {
    return [...this.members.values()].every((i) => i.hasSynced());
  }

  async waitForSync(signal: AbortSignal): Promise<boolean> {
    return (await Promise.all([...this.members.values()].map((i) => i.waitForSync(signal)))).every(Boolean);
  }

  get isStarted(): boolean {
    return [...this.members.values()].every((i) => i.isStarted);
  }

  get isStopped(): boolean {
    return [...this.members.values()].some((i) => i.isStopped);
  }
}
