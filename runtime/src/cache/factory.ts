/**
 * `SharedInformerFactory`: one shared informer per GroupVersionResource (informer-gen's factory, keyed by
 * resource rather than by type, so a factory never needs to know a TypeScript type at runtime).
 *
 * Contract:
 * - one factory watches one namespace (`namespace`), or all namespaces (`''`, the default); cluster-scoped
 *   resources are always watched cluster-wide. `informerFor` checks, when the client exposes its `namespace`,
 *   that it is the factory's;
 * - `informerFor(descriptor, client)` returns the informer of the descriptor's resource, creating it on first
 *   use with the factory's options (`tweakListOptions` applied to the selectors of every list and watch,
 *   `defaultResyncMs` or `customResyncMs[gvrKey]`, `transform`, clock, reflector options) — or with the call's own
 *   `selector`, `transform` (`null`: none) and `onError`, which take the place of the factory's for that informer
 *   (controller-runtime's per-object cache options). Later calls return the same informer, whatever client and
 *   options they pass;
 * - `start(signal)` runs every informer not yet running; informers created afterwards are run by the next
 *   `start`. An informer stops when `signal` aborts or at `shutdown()`, which resolves once all have stopped;
 *   `start` after `shutdown` throws. A started informer keeps the process alive until it has stopped (see
 *   `SharedIndexInformer.run`): a program that starts a factory runs until it aborts `signal` or calls `shutdown()`;
 * - `waitForCacheSync(signal)` waits for the started informers and answers per resource key.
 */

import type { KubeList, KubeObject, ResourceDescriptor } from '../client/types';
import type { ListOptions } from '../rest/options';
import type { GroupVersionResource } from '../rest/paths';
import type { Logger, Metrics } from '../observe';
import type { Clock } from '../clock/clock';
import { SharedIndexInformer } from './informer';
import type { TransformFunc } from './informer';
import type { ListerWatcher, ReflectorOptions, WatchErrorHandler } from './reflector';
import type { Indexers } from './store';

/** The selectors of a list or watch. */
export type ListSelector = Pick<ListOptions, 'labelSelector' | 'fieldSelector'>;

/** `<group>/<version>/<resource>` (core group: `/v1/pods`). */
export function gvrKey(gvr: GroupVersionResource): string {
  return `${gvr.group}/${gvr.version}/${gvr.resource}`;
}

export interface SharedInformerFactoryOptions {
  /** The one namespace to watch; `''` (default) for all. */
  namespace?: string;
  /** Narrows every list and watch (e.g. a label selector). */
  tweakListOptions?: (selector: ListSelector) => ListSelector;
  /** Resync period of handlers, default 0 (none). */
  defaultResyncMs?: number;
  /** Per resource (`gvrKey`) resync periods. */
  customResyncMs?: Readonly<Record<string, number>>;
  /** Applied to every object of every informer before it is cached; returns an object of the type it was given. */
  transform?: <T extends KubeObject>(obj: T) => T;
  clock?: Clock;
  /** Reflector options of every informer (paging, list semantic, backoff, onError …). */
  reflector?: Omit<ReflectorOptions, 'selector' | 'clock'>;
  onHandlerError?: (err: unknown) => void;
  /** The logger of every informer and reflector (see `SharedInformerOptions.logger`). */
  logger?: Logger;
  /** The metrics of every informer and reflector (see `SharedInformerOptions.metrics`). */
  metrics?: Metrics;
}

export interface InformerForOptions<T> {
  /** Indexers besides the namespace index (added when the informer is created, or later before it starts). */
  indexers?: Indexers<T>;
  /** The selectors of this informer's lists and watches, instead of the factory's `tweakListOptions`. */
  selector?: ListSelector;
  /** This informer's transform, instead of the factory's; `null`: none. */
  transform?: TransformFunc<T> | null;
  /** The reflector's error handler of this informer, instead of `reflector.onError`. */
  onError?: WatchErrorHandler;
}

/** See the module doc. */
export class SharedInformerFactory {
  private readonly informers = new Map<string, SharedIndexInformer<KubeObject>>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly controller = new AbortController();
  private isShutdown = false;

  constructor(private readonly opts: SharedInformerFactoryOptions = {}) {}

  /** The factory's namespace (`''`: all). */
  get namespace(): string {
    return this.opts.namespace ?? '';
  }

  /** The informer of `descriptor`'s resource, created with `client` on first use; its type is the descriptor's. */
  informerFor<T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(
    descriptor: ResourceDescriptor<T, TList>,
    client: ListerWatcher<T>,
    opts: InformerForOptions<T> = {},
  ): SharedIndexInformer<T> {
    const key = gvrKey(descriptor);
    const existing = this.informerOf(descriptor);
    if (existing) {
      const have = existing.getIndexer().getIndexers();
      const missing = Object.fromEntries(Object.entries(opts.indexers ?? {}).filter(([name]) => !Object.hasOwn(have, name)));
      if (Object.keys(missing).length > 0) existing.addIndexers(missing);
      return existing;
    }
    const clientNs = (client as { namespace?: unknown }).namespace;
    if (descriptor.namespaced && typeof clientNs === 'string' && clientNs !== this.namespace) {
      throw new TypeError(
        `informerFor ${key}: the client watches namespace ${JSON.stringify(clientNs)}, the factory ${JSON.stringify(this.namespace)}`,
      );
    }
    const selector = opts.selector ?? (this.opts.tweakListOptions ? this.opts.tweakListOptions({}) : {});
    const transform = opts.transform === undefined ? this.opts.transform : opts.transform;
    const informer = new SharedIndexInformer<T>(client, {
      resyncPeriodMs: this.opts.customResyncMs?.[key] ?? this.opts.defaultResyncMs ?? 0,
      ...(opts.indexers ? { indexers: opts.indexers } : {}),
      ...(transform ? { transform } : {}),
      ...(this.opts.clock ? { clock: this.opts.clock } : {}),
      ...(this.opts.onHandlerError ? { onHandlerError: this.opts.onHandlerError } : {}),
      ...(this.opts.logger ? { logger: this.opts.logger } : {}),
      ...(this.opts.metrics ? { metrics: this.opts.metrics } : {}),
      reflector: { name: `reflector ${key}`, ...this.opts.reflector, ...(opts.onError ? { onError: opts.onError } : {}), selector },
    });
    // informers of every T share one map keyed by resource; `informerFor` hands each back typed as the T it was created for
    this.informers.set(key, informer as unknown as SharedIndexInformer<KubeObject>); // cast-ok: one map for informers of every T
    return informer;
  }

  /**
   * The informer of `descriptor`'s resource, if one was created, typed as the descriptor's kind: informers are keyed
   * by resource, and every informer of a resource is created by `informerFor` from a descriptor of that resource.
   */
  informerOf<T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(descriptor: ResourceDescriptor<T, TList>): SharedIndexInformer<T> | undefined {
    return this.informers.get(gvrKey(descriptor)) as SharedIndexInformer<T> | undefined;
  }

  /** The informer of a resource, if one was created (client-go's ForResource). */
  forResource(gvr: GroupVersionResource): SharedIndexInformer<KubeObject> | undefined {
    return this.informers.get(gvrKey(gvr));
  }

  /**
   * Runs every informer not yet running, until `signal` aborts or `shutdown()`; until then the informers keep the
   * process alive.
   */
  start(signal: AbortSignal): void {
    if (this.isShutdown) throw new Error('start: the factory has been shut down');
    const combined = AbortSignal.any([signal, this.controller.signal]);
    for (const [key, informer] of this.informers) {
      if (this.running.has(key) || informer.isStarted) continue;
      this.running.set(key, informer.run(combined));
    }
  }

  /** Waits for the started informers: per resource key, whether it synced before `signal` aborted. */
  async waitForCacheSync(signal: AbortSignal): Promise<Map<string, boolean>> {
    const synced = await Promise.all(
      [...this.running.keys()].map(async (k): Promise<[string, boolean]> => {
        const informer = this.informers.get(k);
        if (informer === undefined) throw new Error(`internal: informer ${k} is running but not registered`);
        return [k, await informer.waitForSync(signal)];
      }),
    );
    return new Map(synced);
  }

  /** Stops every informer and resolves once all have stopped. Idempotent. */
  async shutdown(): Promise<void> {
    this.isShutdown = true;
    this.controller.abort();
    await Promise.all(this.running.values());
  }
}
