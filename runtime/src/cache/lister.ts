/**
 * Listers: typed reads of an informer's cache (client-go `tools/cache` listers.go, `listers.ResourceIndexer[T]`).
 * Generated per-kind listers are aliases of these, bound to a type and a GroupResource.
 *
 * Contract:
 * - reads only the cache: never calls the server, never waits for sync (check `hasSynced` first);
 * - `list(selector?)` returns the objects whose labels match a label selector (a string such as
 *   `app=web,tier in (a,b)`, or a metav1.LabelSelector); no selector matches everything. Namespaced lists use
 *   the namespace index. Order is unspecified;
 * - `get(name)` throws a 404 `StatusError` (`isNotFound`) naming the lister's group and resource, as the
 *   apiserver would;
 * - returned objects are the cache's, typed `Readonly<T>`: never mutate them (deep-copy first).
 */

import type { KubeObject } from '../client/types';
import { formatLabelSelector, matchLabels, parseLabelSelector, type LabelRequirement } from '../meta/selectors';
import { newNotFound, type GroupResource } from '../errors/errors';
import type { LabelSelector } from '../meta/conditions';
import { NAMESPACE_INDEX, type ReadonlyIndexer } from './store';

/** A label selector as listers accept it. */
export type ListerSelector = string | LabelSelector;

function requirements(selector: ListerSelector | undefined): LabelRequirement[] | undefined {
  if (selector === undefined) return undefined;
  const reqs = parseLabelSelector(typeof selector === 'string' ? selector : formatLabelSelector(selector));
  return reqs.length === 0 ? undefined : reqs;
}

function filter<T extends KubeObject>(items: Readonly<T>[], reqs: LabelRequirement[] | undefined): Readonly<T>[] {
  return reqs ? items.filter((o) => matchLabels(reqs, o.metadata?.labels)) : items;
}

/** Every cached object matching `selector` (client-go's ListAll). */
export function listAll<T extends KubeObject>(indexer: ReadonlyIndexer<T>, selector?: ListerSelector): Readonly<T>[] {
  return filter(indexer.list(), requirements(selector));
}

/**
 * The cached objects of one namespace matching `selector` (client-go's ListAllByNamespace); `''` means all
 * namespaces. Uses the namespace index when the indexer has it.
 */
export function listAllByNamespace<T extends KubeObject>(indexer: ReadonlyIndexer<T>, namespace: string, selector?: ListerSelector): Readonly<T>[] {
  const reqs = requirements(selector);
  if (namespace === '') return filter(indexer.list(), reqs);
  if (NAMESPACE_INDEX in indexer.getIndexers()) return filter(indexer.byIndex(NAMESPACE_INDEX, namespace), reqs);
  return filter(
    indexer.list().filter((o) => o.metadata?.namespace === namespace),
    reqs,
  );
}

/** Reads of one namespace. */
export class NamespaceLister<T extends KubeObject> {
  /** The indexer's `namespaceEpoch` when `names` was taken. */
  private epoch: number | undefined;
  /** The namespace's name → object map of the indexer (`namespaceNames`), while the epoch stays. */
  private names: ReadonlyMap<string, Readonly<T>> | undefined;

  constructor(
    private readonly indexer: ReadonlyIndexer<T>,
    private readonly resource: GroupResource,
    readonly namespace: string,
  ) {}

  list(selector?: ListerSelector): Readonly<T>[] {
    return listAllByNamespace(this.indexer, this.namespace, selector);
  }

  /**
   * The object `name` of this namespace; a NotFound `StatusError` when absent. One map lookup: the namespace's map of
   * names is kept while the indexer's `namespaceEpoch` stays (no key built, no namespace looked up, nothing copied).
   */
  get(name: string): Readonly<T> {
    const ix = this.indexer;
    const epoch = ix.namespaceEpoch;
    let obj: Readonly<T> | undefined;
    if (epoch !== undefined && epoch === this.epoch) obj = this.names?.get(name);
    else if (epoch !== undefined && ix.namespaceNames) {
      this.names = ix.namespaceNames(this.namespace);
      this.epoch = epoch;
      obj = this.names?.get(name);
    } else obj = ix.getByNamespaceAndName(this.namespace, name);
    if (obj === undefined) throw newNotFound(this.resource, name, { stack: false });
    return obj;
  }
}

/**
 * Reads of a kind across the cache. For a namespaced kind use `list` and `namespace(ns)`; for a
 * cluster-scoped kind `list` and `get` (see `NamespacedLister` / `ClusterLister`).
 */
export class Lister<T extends KubeObject> {
  constructor(
    private readonly indexer: ReadonlyIndexer<T>,
    /** The group and (plural) resource named by NotFound errors. */
    readonly resource: GroupResource,
  ) {}

  list(selector?: ListerSelector): Readonly<T>[] {
    return listAll(this.indexer, selector);
  }

  /** A cluster-scoped object by name; a NotFound `StatusError` when absent. */
  get(name: string): Readonly<T> {
    const obj = this.indexer.getByKey(name);
    if (obj === undefined) throw newNotFound(this.resource, name, { stack: false });
    return obj;
  }

  namespace(namespace: string): NamespaceLister<T> {
    return new NamespaceLister(this.indexer, this.resource, namespace);
  }
}

/** The lister of a namespaced kind (lister-gen's `TLister` + `TNamespaceLister`). */
export type NamespacedLister<T extends KubeObject> = Pick<Lister<T>, 'list' | 'namespace'>;

/** The lister of a cluster-scoped kind. */
export type ClusterLister<T extends KubeObject> = Pick<Lister<T>, 'list' | 'get'>;
