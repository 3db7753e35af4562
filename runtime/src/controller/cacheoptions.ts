/**
 * The manager's cache options, checked once when the manager is made (controller-runtime `pkg/cache`'s `Options`
 * with its `Default*` settings and `ByObject`).
 *
 * Contract:
 * - every kind's informer is configured by its `byObject` entry (matched by group, version and kind — a typed
 *   descriptor, `unstructuredKind` and `metadataKind` of one GVK share it), each setting the entry leaves out falling
 *   back to the cache-wide one: `namespace`, `labelSelector`, `fieldSelector`, `defaultTransform`,
 *   `defaultUnsafeDisableDeepCopy`. A setting given replaces the cache-wide one (selectors are not ANDed), as
 *   controller-runtime's precedence;
 * - the default transform is `stripManagedFields`: cached objects carry no `metadata.managedFields` unless
 *   `defaultTransform: null` (or a kind's `transform: null`) keeps them. controller-runtime leaves its
 *   `DefaultTransform` unset; kubegen strips by default because a cache is read by controllers, which never need
 *   the field managers (server-side apply computes them on the server), and they are often most of an object;
 * - `namespaces` of a kind: one informer per namespace behind one cache (`MultiNamespaceInformer`); `[]` caches
 *   every namespace even when `namespace` narrows the rest. Only for namespaced kinds;
 * - `unsafeDisableDeepCopy`: the manager client's `get` / `list` of the kind return the cached objects themselves
 *   instead of deep copies — the reader promises never to mutate them (freeze them in tests with the informer's
 *   `freezeObjects`);
 * - bad input is refused when the manager is made, with one line naming the setting: a selector that does not parse
 *   (the selector parser's apimachinery messages), a namespace that is not a DNS-1123 label, `namespaces` for a typed
 *   cluster-scoped kind, a kind given twice. A kind known only by GVK is checked for scope when it is mapped.
 */

import type { KubeObject } from '../client/types';
import type { ListSelector } from '../cache/factory';
import type { TransformFunc } from '../cache/informer';
import type { LabelSelector } from '../meta/conditions';
import { formatLabelSelector, parseFieldSelector, parseLabelSelector } from '../meta/selectors';
import { describeThrown } from '../observe/thrown';
import { dns1123LabelErrors } from '../meta/names';
import { describeKind, isGVKKind, type KindRef } from './kinds';

/**
 * A transform of one kind's objects. Declared as a method so that an entry for `ConfigMap` (a transform of
 * ConfigMaps) fits the list of every kind's entries.
 */
export type KindTransform<T extends KubeObject> = { transform(obj: T): T }['transform'];

/** The cache settings of one kind (controller-runtime's `ByObject`); each falls back to the cache-wide one. */
export interface ByObject<T extends KubeObject = KubeObject> {
  /** Cache only these namespaces, one informer each behind one cache; `[]`: all. Namespaced kinds only. */
  namespaces?: readonly string[];
  labelSelector?: string | LabelSelector;
  fieldSelector?: string;
  /** Applied to each object before it is cached; `null`: none (keeps managedFields). */
  transform?: KindTransform<T> | null;
  /** The manager client's reads hand out the cached objects themselves: never mutate them. */
  unsafeDisableDeepCopy?: boolean;
}

/** A `byObject` entry: the kind and its settings. Make it with `byObject(kind, settings)` to type the transform. */
export interface ByObjectEntry<T extends KubeObject = KubeObject> extends ByObject<T> {
  object: KindRef<T>;
}

/** A `byObject` entry whose transform is typed by the kind: `byObject(configMapResource, { transform: (cm) => … })`. */
export function byObject<T extends KubeObject>(object: KindRef<T>, settings: ByObject<T>): ByObjectEntry<T> {
  return { ...settings, object };
}

/** A transform dropping `metadata.managedFields` (controller-runtime's `TransformStripManagedFields`). */
export function stripManagedFields<T extends KubeObject>(obj: T): T {
  if (!obj.metadata?.managedFields) return obj;
  const { managedFields: _m, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}

/** The cache-wide settings of `CacheOptions` this module resolves. */
export interface CacheSettings {
  namespace?: string;
  labelSelector?: string | LabelSelector;
  fieldSelector?: string;
  /** Default `stripManagedFields`; `null`: none. */
  defaultTransform?: (<T extends KubeObject>(obj: T) => T) | null;
  defaultUnsafeDisableDeepCopy?: boolean;
  byObject?: readonly ByObjectEntry[];
}

/** What one kind's informer is made with. */
export interface KindCache {
  /** `undefined`: the cache-wide namespace; `[]`: all; else these (deduplicated, in the order given). */
  namespaces: readonly string[] | undefined;
  selector: ListSelector;
  /** `null`: none. */
  transform: TransformFunc<KubeObject> | null;
  unsafeDisableDeepCopy: boolean;
  /** Where its settings come from, for messages: `cache.byObject[<kind>]` or `cache`. */
  origin: string;
}

function gvkKey(k: { group: string; version: string; kind: string }): string {
  return `${k.group}/${k.version}/${k.kind}`;
}

function labelSelectorText(where: string, sel: string | LabelSelector): string {
  try {
    const text = typeof sel === 'string' ? sel : formatLabelSelector(sel);
    parseLabelSelector(text);
    return text;
  } catch (err) {
    throw new Error(`${where}: labelSelector ${JSON.stringify(typeof sel === 'string' ? sel : formatLabelSelectorOrEmpty(sel))}: ${describeThrown(err)}`, { cause: err });
  }
}

/** A LabelSelector as text for a message, `''` when it cannot be formatted (its error says why). */
function formatLabelSelectorOrEmpty(sel: LabelSelector): string {
  try {
    return formatLabelSelector(sel);
  } catch {
    return '';
  }
}

function fieldSelectorText(where: string, sel: string): string {
  try {
    parseFieldSelector(sel);
    return sel;
  } catch (err) {
    throw new Error(`${where}: fieldSelector ${JSON.stringify(sel)}: ${describeThrown(err)}`, { cause: err });
  }
}

function checkNamespace(where: string, ns: string): void {
  const errs = dns1123LabelErrors(ns);
  if (errs.length > 0) throw new Error(`${where}: namespace ${JSON.stringify(ns)}: ${errs.join('; ')}`);
}

/** The resolved cache options; see the module doc. Throws the first bad setting as one line. */
export class CacheConfig {
  readonly namespace: string;
  private readonly defaults: KindCache;
  private readonly byGVK = new Map<string, KindCache>();

  constructor(opts: CacheSettings) {
    this.namespace = opts.namespace ?? '';
    if (this.namespace !== '') checkNamespace('cache', this.namespace);
    const transform = opts.defaultTransform === undefined ? stripManagedFields : opts.defaultTransform;
    const labelSelector = opts.labelSelector === undefined ? '' : labelSelectorText('cache', opts.labelSelector);
    const fieldSelector = opts.fieldSelector === undefined ? '' : fieldSelectorText('cache', opts.fieldSelector);
    this.defaults = {
      namespaces: undefined,
      selector: { ...(labelSelector ? { labelSelector } : {}), ...(fieldSelector ? { fieldSelector } : {}) },
      transform,
      unsafeDisableDeepCopy: opts.defaultUnsafeDisableDeepCopy ?? false,
      origin: 'cache',
    };
    for (const entry of opts.byObject ?? []) {
      const kind: KindRef = entry.object;
      const where = `cache.byObject[${describeKind({ group: kind.group, version: kind.version, kind: kind.kind })}]`;
      const key = gvkKey(kind);
      if (this.byGVK.has(key)) throw new Error(`${where}: the kind is given twice`);
      if (entry.namespaces !== undefined && !isGVKKind(kind) && !kind.namespaced) {
        throw new Error(`${where}: the kind is not namespaced, but its namespaces setting is set`);
      }
      for (const ns of entry.namespaces ?? []) checkNamespace(where, ns);
      const labelSelector = entry.labelSelector === undefined ? this.defaults.selector.labelSelector : labelSelectorText(where, entry.labelSelector);
      const fieldSelector = entry.fieldSelector === undefined ? this.defaults.selector.fieldSelector : fieldSelectorText(where, entry.fieldSelector);
      this.byGVK.set(key, {
        namespaces: entry.namespaces === undefined ? undefined : [...new Set(entry.namespaces)],
        selector: { ...(labelSelector ? { labelSelector } : {}), ...(fieldSelector ? { fieldSelector } : {}) },
        transform: entry.transform === undefined ? this.defaults.transform : entry.transform,
        unsafeDisableDeepCopy: entry.unsafeDisableDeepCopy ?? this.defaults.unsafeDisableDeepCopy,
        origin: where,
      });
    }
  }

  /** The settings of a kind: its `byObject` entry's, else the cache-wide ones. */
  forKind(k: { group: string; version: string; kind: string }): KindCache {
    return this.byGVK.get(gvkKey(k)) ?? this.defaults;
  }

  /**
   * The namespaces a kind's informers watch (`''`: all, or a cluster-scoped kind); throws when a kind mapped late
   * (known only by GVK) turns out cluster-scoped with `namespaces` set.
   */
  namespacesOf(k: { group: string; version: string; kind: string; namespaced: boolean }): readonly string[] {
    const c = this.forKind(k);
    if (!k.namespaced) {
      if (c.namespaces !== undefined) throw new Error(`${c.origin}: the kind is not namespaced, but its namespaces setting is set`);
      return [''];
    }
    if (c.namespaces === undefined) return [this.namespace];
    return c.namespaces.length === 0 ? [''] : c.namespaces;
  }
}
