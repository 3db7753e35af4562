/**
 * The controller builder (controller-runtime `pkg/builder`): reads like a sentence.
 *
 * ```ts
 * await controllerManagedBy(mgr)
 *   .for(etcdClusterResource, { predicates: [generationChangedPredicate()] })
 *   .owns(configMapResource)
 *   .watches(nodeResource, enqueueRequestsFromMapFunc((n) => clustersOn(n)))
 *   .withOptions({ maxConcurrentReconciles: 4 })
 *   .complete(reconciler);
 * ```
 *
 * Every kind is given by its typed descriptor, from which `for`, `owns` and `watches` infer the object type of their
 * predicates and handler (`n` above is a `Node`): a handler or predicate of another type does not compile — or by
 * its GVK alone: `for(unstructuredKind('example.com/v1', 'Widget'))` (whole objects, `Unstructured`) or
 * `owns(metadataKind('v1', 'ConfigMap'))` (a metadata-only cache, `PartialObjectMetadata`). `{ onlyMetadata: true }`
 * on `for`, `owns` or `watches` does the same for any kind (controller-runtime's `OnlyMetadata`): the kind is cached
 * metadata-only — the informer lists and watches `PartialObjectMetadata`, shared with the manager client's reads of
 * its `metadataKind` — and its predicates and handler get `PartialObjectMetadata`. A kind known by GVK is mapped
 * through the manager's `restMapper` when the controller starts; until the server serves it (a CRD not yet
 * installed) the source logs the mapper's error and asks again with a backoff, and the controller fails only when
 * its cache sync timeout passes, naming the kind and the mapper's last error.
 *
 * Contract (controller-runtime's checks and messages):
 * - `for(kind)` at most once (`For(...) should only be called once, could not assign multiple objects for
 *   reconciliation`): requests for the object itself;
 * - `owns(kind)` needs `for` (`Owns() can only be used together with For()`): requests for the `for` object that
 *   controls the owned object (`controller: true` reference, group + kind of `for`); `{ matchEveryOwner: true }`
 *   takes every owner reference of that kind;
 * - `watches(kind, handler)`: requests from any handler; `watchesSource(source)` a raw source;
 * - no watch at all → `there are no watches configured, controller will never get triggered. Use For(), Owns(),
 *   Watches() or WatchesRawSource() to set them up`;
 * - the name is `named(name)`, else the lowercase kind of `for` (else `one of For() or Named() must be called`);
 *   it must be unique in the manager;
 * - `withEventFilter(p)` predicates apply to every `for` / `owns` / `watches` (not raw sources) BEFORE their
 *   own predicates;
 * - `maxConcurrentReconciles`: the option, else the manager's `groupKindConcurrency["Kind.group"]` of the `for`
 *   kind, else 1;
 * - a typed `for` kind's writes through the manager's clients are recorded (`mgr.writtenVersions`), and the controller
 *   holds a request until its cache has seen the object's last written version (`freshness.ts`), unless
 *   `waitForOwnWrites: false`;
 * - `build(reconciler)` returns the controller, added to the manager; `complete` the same, for chaining;
 * - `withSharding({ ring, shardName, leaseNamespace })` (needs `for`; `@kubegen/runtime/sharding`): the `for` and
 *   `owns` caches watch only this shard's objects, drains are acknowledged before reconciling, the controller runs
 *   while the shard holds its Lease and does not wait for manager leader election. Bad names fail here, in one line.
 */

import type { KubeObject } from '../client/types';
import type { PartialObjectMetadata } from '../client/dynamic';
import type { HasSynced } from '../cache/informer';
import { clockSleep } from '../clock/clock';
import { describeThrown } from '../observe/thrown';
import type { RateLimiter } from '../workqueue/rate_limiters';
import { Controller, KindSource, type ControllerFreshness, type Source } from './controller';
import { resourceId } from './freshness';
import { enqueueRequestForObject, enqueueRequestForOwner, type EventHandler, type RequestQueue } from './handlers';
import { describeKind, isGVKKind, type KindRef } from './kinds';
import type { Manager } from './manager';
import type { Predicate } from './predicates';
import type { ReconcileFunc, Reconciler } from './reconcile';
import { checkShardOptions, runShard, type ResolvedShardOptions, type ShardOptions } from '../sharding/shard';
import { shardPredicate, shardReconciler } from './sharded';
import { shardSelector } from '../sharding/names';
import { leaseResource } from '../leaderelection/lease';

export interface WatchOptions<T extends KubeObject> {
  /** ANDed after the builder's `withEventFilter` predicates. */
  predicates?: readonly Predicate<T>[];
}

export interface OwnsOptions<T extends KubeObject> extends WatchOptions<T> {
  /** Every owner reference of the `for` kind, not only the controller one. */
  matchEveryOwner?: boolean;
}

/** Whole objects (the default): predicates and handler get the kind's objects. */
export interface WholeObjects {
  onlyMetadata?: false;
}

/**
 * Cache and watch the kind metadata-only: predicates and handler get `PartialObjectMetadata`. TypeScript types an
 * inline arrow function by the first overload it tries (whole objects): annotate its parameter
 * (`(m: PartialObjectMetadata) => …`) or declare the predicate or handler apart.
 */
export interface OnlyMetadata {
  onlyMetadata: true;
}

export interface BuilderControllerOptions {
  maxConcurrentReconciles?: number;
  rateLimiter?: RateLimiter<string>;
  cacheSyncTimeoutMs?: number;
  reconciliationTimeoutMs?: number;
  /** Default true: the controller runs only while the manager leads. */
  needLeaderElection?: boolean;
  /**
   * Default true, for a typed `for` kind: a request whose object the manager's clients wrote at a version the cache
   * has not seen yet waits for the cache (at most 2 s) rather than reconciling from the stale copy (`freshness.ts`).
   */
  waitForOwnWrites?: boolean;
}

/**
 * A watch declared on the builder, made into its source by `build`: a closure over the watch's descriptor, handler
 * and predicates, so each keeps its own object type. `forKind` is the `for` descriptor (for `owns`), `filters` the
 * builder's `withEventFilter` predicates.
 */
type PendingWatch = (forKind: KindRef | undefined, filters: readonly Predicate[]) => Source;

/** Makes a watch's handler once its kinds are known (`owns` needs the `for` kind's scope). */
type HandlerMaker<T extends KubeObject> = { now: EventHandler<T> } | { later: (signal: AbortSignal) => Promise<EventHandler<T>> };

/** The first delay between attempts of a deferred source, doubled up to {@link MAX_RETRY_MS}. */
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;

/**
 * A source whose informer and handler are made when it starts (a kind known by GVK, mapped then): until `make`
 * succeeds it logs each error and tries again with a backoff; it has synced once the source it made has.
 */
class DeferredSource implements Source {
  private lastError: unknown;
  private made = false;

  constructor(
    private readonly kind: string,
    private readonly make: (signal: AbortSignal) => Promise<Source>,
    private readonly mgr: Manager,
  ) {}

  start(queue: RequestQueue, signal: AbortSignal): HasSynced {
    let inner: HasSynced | undefined;
    const ready = (async (): Promise<boolean> => {
      for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_MS)) {
        try {
          const source = await this.make(signal);
          if (signal.aborted) return false;
          inner = source.start(queue, signal);
          this.made = true;
          return true;
        } catch (err) {
          if (signal.aborted) return false;
          this.lastError = err;
          this.mgr.logger.error(err, 'if kind is a CRD, it should be installed before calling Start', { kind: this.kind, retryInMs: delay });
          if (!(await clockSleep(this.mgr.clock, delay, signal))) return false;
        }
      }
    })();
    return {
      hasSynced: () => inner?.hasSynced() ?? false,
      waitForSync: async (s) => {
        const aborted = new Promise<boolean>((resolve) => {
          if (s.aborted) resolve(false);
          else s.addEventListener('abort', () => { resolve(false); }, { once: true });
        });
        const ok = await Promise.race([ready, aborted]);
        return ok && inner !== undefined ? inner.waitForSync(s) : false;
      },
    };
  }

  toString(): string {
    const why = !this.made && this.lastError !== undefined ? ` (${describeThrown(this.lastError)})` : '';
    return `kind source: ${this.kind}${why}`;
  }
}

/** A builder error (controller-runtime's messages). */
export class BuilderError extends Error {
  override readonly name = 'BuilderError';
}

/** See the module doc. */
export class ControllerBuilder {
  private forKind: { descriptor: KindRef; watch: PendingWatch } | undefined;
  private readonly owned: PendingWatch[] = [];
  private readonly watched: PendingWatch[] = [];
  private readonly rawSources: Source[] = [];
  private readonly globalPredicates: Predicate[] = [];
  private name: string | undefined;
  private options: BuilderControllerOptions = {};
  private forCalls = 0;
  private readonly ownedKinds: KindRef[] = [];
  /** Whether `for` caches its kind metadata-only (the freshness check reads that informer). */
  private forOnlyMetadata = false;
  private sharding: ResolvedShardOptions | undefined;

  constructor(private readonly mgr: Manager) {}

  /** The kind this controller reconciles; `{ onlyMetadata: true }` caches it metadata-only. */
  for<T extends KubeObject>(descriptor: KindRef<T>, opts?: WatchOptions<T> & WholeObjects): this;
  for<T extends KubeObject>(descriptor: KindRef<T>, opts: WatchOptions<PartialObjectMetadata> & OnlyMetadata): this;
  for<T extends KubeObject>(descriptor: KindRef<T>, opts: (WatchOptions<T> & WholeObjects) | (WatchOptions<PartialObjectMetadata> & OnlyMetadata) = {}): this {
    this.forCalls++;
    if (this.forCalls === 1) this.forOnlyMetadata = opts.onlyMetadata === true;
    // a shard's drained objects pass whatever the predicates say: the drain must be acknowledged
    const watch: PendingWatch = opts.onlyMetadata === true
      ? (_, filters) => {
          const ring = this.sharding?.ring;
          const predicates = opts.predicates ?? [];
          return ring === undefined
            ? this.metadataSource(descriptor, { now: enqueueRequestForObject() }, filters, predicates)
            : this.metadataSource(descriptor, { now: enqueueRequestForObject() }, [], [shardPredicate<PartialObjectMetadata>(ring, [...filters, ...predicates])]);
        }
      : (_, filters) => {
          const ring = this.sharding?.ring;
          const predicates = opts.predicates ?? [];
          return ring === undefined
            ? this.source(descriptor, { now: enqueueRequestForObject() }, filters, predicates)
            : this.source(descriptor, { now: enqueueRequestForObject() }, [], [shardPredicate<T>(ring, [...filters, ...predicates])]);
        };
    this.forKind ??= { descriptor, watch };
    return this;
  }

  /**
   * A kind this controller creates and controls; its events reconcile the controlling `for` object.
   * `{ onlyMetadata: true }` caches it metadata-only (owner references are metadata).
   */
  owns<T extends KubeObject>(descriptor: KindRef<T>, opts?: OwnsOptions<T> & WholeObjects): this;
  owns<T extends KubeObject>(descriptor: KindRef<T>, opts: OwnsOptions<PartialObjectMetadata> & OnlyMetadata): this;
  owns<T extends KubeObject>(descriptor: KindRef<T>, opts: (OwnsOptions<T> & WholeObjects) | (OwnsOptions<PartialObjectMetadata> & OnlyMetadata) = {}): this {
    const onlyController = !opts.matchEveryOwner;
    this.ownedKinds.push(descriptor);
    const ownerHandler = <U extends KubeObject>(forKind: KindRef): HandlerMaker<U> =>
      isGVKKind(forKind)
        ? { later: async (signal) => enqueueRequestForOwner<U>(await this.mgr.descriptorFor(forKind, signal), { onlyController }) }
        : { now: enqueueRequestForOwner<U>(forKind, { onlyController }) };
    this.owned.push((forKind, filters) => {
      if (!forKind) throw new BuilderError('Owns() can only be used together with For()');
      return opts.onlyMetadata === true
        ? this.metadataSource(descriptor, ownerHandler(forKind), filters, opts.predicates ?? [])
        : this.source(descriptor, ownerHandler<T>(forKind), filters, opts.predicates ?? []);
    });
    return this;
  }

  /** Any kind, with a handler deciding which requests its events make; `{ onlyMetadata: true }` as for `for`. */
  watches<T extends KubeObject>(descriptor: KindRef<T>, handler: EventHandler<T>, opts?: WatchOptions<T> & WholeObjects): this;
  watches<T extends KubeObject>(descriptor: KindRef<T>, handler: EventHandler<PartialObjectMetadata>, opts: WatchOptions<PartialObjectMetadata> & OnlyMetadata): this;
  watches<T extends KubeObject>(
    descriptor: KindRef<T>,
    handler: EventHandler<T> | EventHandler<PartialObjectMetadata>,
    opts: (WatchOptions<T> & WholeObjects) | (WatchOptions<PartialObjectMetadata> & OnlyMetadata) = {},
  ): this {
    this.watched.push(
      opts.onlyMetadata === true
        ? (_, filters) => this.metadataSource(descriptor, { now: handler }, filters, opts.predicates ?? [])
        : (_, filters) => this.source(descriptor, { now: handler }, filters, opts.predicates ?? []),
    );
    return this;
  }

  /** A source the builder does not wrap (no global predicates). */
  watchesRawSource(source: Source): this {
    this.rawSources.push(source);
    return this;
  }

  /** Predicates for every `for` / `owns` / `watches` (of any kind), applied before their own. */
  withEventFilter(p: Predicate): this {
    this.globalPredicates.push(p);
    return this;
  }

  withOptions(opts: BuilderControllerOptions): this {
    this.options = { ...this.options, ...opts };
    return this;
  }

  /** Makes this controller one shard of a ring (see the module doc); the options are checked here. */
  withSharding(opts: ShardOptions): this {
    this.sharding = checkShardOptions(opts);
    return this;
  }

  /** The controller's name (metrics, logs); default the lowercase kind of `for`. */
  named(name: string): this {
    this.name = name;
    return this;
  }

  /** Builds the controller, adds it to the manager, and returns it. */
  build(reconciler: Reconciler | ReconcileFunc): Controller {
    if (this.forCalls > 1) throw new BuilderError('For(...) should only be called once, could not assign multiple objects for reconciliation');
    if (this.owned.length > 0 && !this.forKind) throw new BuilderError('Owns() can only be used together with For()');
    if (!this.forKind && this.owned.length === 0 && this.watched.length === 0 && this.rawSources.length === 0) {
      throw new BuilderError('there are no watches configured, controller will never get triggered. Use For(), Owns(), Watches() or WatchesRawSource() to set them up');
    }
    const sharding = this.sharding;
    if (sharding && !this.forKind) throw new BuilderError('withSharding() can only be used together with For()');
    const name = this.name ?? this.forKind?.descriptor.kind.toLowerCase();
    if (!name) throw new BuilderError('one of For() or Named() must be called');
    this.mgr.registerControllerName(name);
    const defaults = this.mgr.controllerDefaults;
    const gk = this.forKind ? `${this.forKind.descriptor.kind}.${this.forKind.descriptor.group}` : undefined;
    const max = this.options.maxConcurrentReconciles ?? (gk !== undefined ? defaults.groupKindConcurrency?.[gk] : undefined) ?? 1;
    const userReconciler = typeof reconciler === 'function' ? { reconcile: reconciler } : reconciler;
    const forDescriptor = this.forKind?.descriptor;
    // a shard's caches are narrowed before any informer of its kinds is made (the freshness check's below)
    if (sharding && forDescriptor) for (const k of [forDescriptor, ...this.ownedKinds]) this.mgr.selectKind(k, shardSelector(sharding.ring, sharding.shardName));
    const mgrForShard = this.mgr;
    let freshness: ControllerFreshness | undefined;
    if (forDescriptor && !isGVKKind(forDescriptor) && this.options.waitForOwnWrites !== false) {
      const resource = resourceId(forDescriptor);
      this.mgr.writtenVersions.track(resource);
      const informer = this.forOnlyMetadata ? this.mgr.metadataInformerFor(forDescriptor) : this.mgr.informerFor(forDescriptor);
      freshness = { versions: this.mgr.writtenVersions, resource, cachedVersion: (key) => informer.getIndexer().getByKey(key)?.metadata?.resourceVersion };
    }
    const controller = new Controller({
      name,
      reconciler:
        sharding && forDescriptor
          ? shardReconciler(
              {
                informer: (signal) => mgrForShard.informerForKind(forDescriptor, signal),
                client: async (namespace, signal) => mgrForShard.clientFor(await mgrForShard.descriptorFor(forDescriptor, signal), namespace),
              },
              sharding,
              userReconciler,
              this.mgr.logger,
            )
          : userReconciler,
      maxConcurrentReconciles: max,
      ...(this.options.rateLimiter ? { rateLimiter: this.options.rateLimiter } : {}),
      cacheSyncTimeoutMs: this.options.cacheSyncTimeoutMs ?? defaults.cacheSyncTimeoutMs ?? 120_000,
      ...((this.options.reconciliationTimeoutMs ?? defaults.reconciliationTimeoutMs) !== undefined
        ? { reconciliationTimeoutMs: this.options.reconciliationTimeoutMs ?? defaults.reconciliationTimeoutMs }
        : {}),
      needLeaderElection: sharding ? false : (this.options.needLeaderElection ?? true),
      ...(freshness ? { freshness } : {}),
      clock: this.mgr.clock,
      logger: this.mgr.logger,
    });
    const forKind = this.forKind?.descriptor;
    const filters = [...this.globalPredicates];
    for (const w of [...(this.forKind ? [this.forKind.watch] : []), ...this.owned, ...this.watched]) controller.watch(w(forKind, filters));
    for (const s of this.rawSources) controller.watch(s);
    const mgr = this.mgr;
    mgr.add({
      start: (signal, abort) => {
        controller.setMetrics(mgr.metrics);
        if (!sharding) return controller.start(signal, abort);
        const deps = { leaseClient: (ns: string) => mgr.clientFor(leaseResource, ns), clock: mgr.clock, logger: mgr.logger };
        return runShard(deps, sharding, (stop, abortNow) => controller.start(stop, abortNow), signal, abort);
      },
      needLeaderElection: () => controller.needLeaderElection(),
    });
    return controller;
  }

  /**
   * The source of one kind: its shared informer, the handler, the builder's filters, then the watch's own
   * predicates. A typed kind's is made now; a kind known by GVK (or a handler needing one) is made at start.
   */
  private source<T extends KubeObject>(kind: KindRef<T>, handler: HandlerMaker<T>, filters: readonly Predicate[], predicates: readonly Predicate<T>[]): Source {
    const name = isGVKKind(kind) ? describeKind(kind) : `${kind.group || 'core'}/${kind.version}, Kind=${kind.kind}`;
    const all = [...filters, ...predicates];
    if (!isGVKKind(kind) && 'now' in handler) return new KindSource<T>(this.mgr.informerFor(kind), handler.now, all, name);
    const mgr = this.mgr;
    return new DeferredSource(
      name,
      async (signal) => {
        const informer = await mgr.informerForKind(kind, signal);
        return new KindSource<T>(informer, 'now' in handler ? handler.now : await handler.later(signal), all, name);
      },
      mgr,
    );
  }

  /**
   * The metadata-only source of a kind: a typed descriptor's metadata informer is made now (no mapping needed), a kind
   * known by GVK is mapped at start as its `metadataKind`.
   */
  private metadataSource(kind: KindRef, handler: HandlerMaker<PartialObjectMetadata>, filters: readonly Predicate[], predicates: readonly Predicate<PartialObjectMetadata>[]): Source {
    if (isGVKKind(kind)) return this.source<PartialObjectMetadata>({ group: kind.group, version: kind.version, kind: kind.kind, form: 'metadata' }, handler, filters, predicates);
    const name = `${kind.group || 'core'}/${kind.version}, Kind=${kind.kind} (metadata)`;
    const all = [...filters, ...predicates];
    const mgr = this.mgr;
    if ('now' in handler) return new KindSource<PartialObjectMetadata>(mgr.metadataInformerFor(kind), handler.now, all, name);
    const later = handler.later;
    return new DeferredSource(name, async (signal) => new KindSource<PartialObjectMetadata>(mgr.metadataInformerFor(kind), await later(signal), all, name), mgr);
  }

  /** `build`, for chaining in the controller-runtime style. */
  complete(reconciler: Reconciler | ReconcileFunc): void {
    this.build(reconciler);
  }
}

/** Starts a builder for a controller managed by `mgr` (controller-runtime's `ControllerManagedBy`). */
export function controllerManagedBy(mgr: Manager): ControllerBuilder {
  return new ControllerBuilder(mgr);
}
