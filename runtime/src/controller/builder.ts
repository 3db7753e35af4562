/**
 * The controller builder (controller-runtime `pkg/builder`): reads like a sentence.
 *
 * ```ts
 * await controllerManagedBy(mgr)
 *   .for<EtcdCluster>(etcdClusterResource, { predicates: [generationChangedPredicate()] })
 *   .owns<ConfigMap>(configMapResource)
 *   .watches<Node>(nodeResource, enqueueRequestsFromMapFunc((n) => clustersOn(n)))
 *   .withOptions({ maxConcurrentReconciles: 4 })
 *   .complete(reconciler);
 * ```
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
 * - `build(reconciler)` returns the controller, added to the manager; `complete` the same, for chaining.
 */

import type { KubeObject, ResourceDescriptor } from '../client/types';
import type { RateLimiter } from '../workqueue/rate_limiters';
import { Controller, KindSource, type Source } from './controller';
import { enqueueRequestForObject, enqueueRequestForOwner, type EventHandler } from './handlers';
import type { Manager } from './manager';
import type { Predicate } from './predicates';
import type { ReconcileFunc, Reconciler } from './reconcile';

export interface WatchOptions<T extends KubeObject> {
  /** ANDed after the builder's `withEventFilter` predicates. */
  predicates?: readonly Predicate<T>[];
}

export interface OwnsOptions<T extends KubeObject> extends WatchOptions<T> {
  /** Every owner reference of the `for` kind, not only the controller one. */
  matchEveryOwner?: boolean;
}

export interface BuilderControllerOptions {
  maxConcurrentReconciles?: number;
  rateLimiter?: RateLimiter<string>;
  cacheSyncTimeoutMs?: number;
  reconciliationTimeoutMs?: number;
  /** Default true: the controller runs only while the manager leads. */
  needLeaderElection?: boolean;
}

interface PendingWatch {
  descriptor: ResourceDescriptor;
  handler: EventHandler | ((forKind: ResourceDescriptor) => EventHandler);
  predicates: readonly Predicate[];
}

/** A builder error (controller-runtime's messages). */
export class BuilderError extends Error {
  override readonly name = 'BuilderError';
}

/** See the module doc. */
export class ControllerBuilder {
  private forKind: { descriptor: ResourceDescriptor; predicates: readonly Predicate[] } | undefined;
  private readonly owned: PendingWatch[] = [];
  private readonly watched: PendingWatch[] = [];
  private readonly rawSources: Source[] = [];
  private readonly globalPredicates: Predicate[] = [];
  private name: string | undefined;
  private options: BuilderControllerOptions = {};
  private forCalls = 0;

  constructor(private readonly mgr: Manager) {}

  /** The kind this controller reconciles. */
  for<T extends KubeObject>(descriptor: ResourceDescriptor, opts: WatchOptions<T> = {}): this {
    this.forCalls++;
    this.forKind ??= { descriptor, predicates: (opts.predicates ?? []) };
    return this;
  }

  /** A kind this controller creates and controls; its events reconcile the controlling `for` object. */
  owns<T extends KubeObject>(descriptor: ResourceDescriptor, opts: OwnsOptions<T> = {}): this {
    this.owned.push({
      descriptor,
      handler: (forKind) => enqueueRequestForOwner(forKind, { onlyController: !opts.matchEveryOwner }),
      predicates: (opts.predicates ?? []),
    });
    return this;
  }

  /** Any kind, with a handler deciding which requests its events make. */
  watches<T extends KubeObject>(descriptor: ResourceDescriptor, handler: EventHandler<T>, opts: WatchOptions<T> = {}): this {
    this.watched.push({ descriptor, handler: handler, predicates: (opts.predicates ?? []) });
    return this;
  }

  /** A source the builder does not wrap (no global predicates). */
  watchesRawSource(source: Source): this {
    this.rawSources.push(source);
    return this;
  }

  /** Predicates for every `for` / `owns` / `watches`, applied before their own. */
  withEventFilter<T extends KubeObject>(p: Predicate<T>): this {
    this.globalPredicates.push(p);
    return this;
  }

  withOptions(opts: BuilderControllerOptions): this {
    this.options = { ...this.options, ...opts };
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
    const name = this.name ?? this.forKind?.descriptor.kind.toLowerCase();
    if (!name) throw new BuilderError('one of For() or Named() must be called');
    this.mgr.registerControllerName(name);
    const defaults = this.mgr.controllerDefaults;
    const gk = this.forKind ? `${this.forKind.descriptor.kind}.${this.forKind.descriptor.group}` : undefined;
    const max = this.options.maxConcurrentReconciles ?? (gk !== undefined ? defaults.groupKindConcurrency?.[gk] : undefined) ?? 1;
    const controller = new Controller({
      name,
      reconciler: typeof reconciler === 'function' ? { reconcile: reconciler } : reconciler,
      maxConcurrentReconciles: max,
      ...(this.options.rateLimiter ? { rateLimiter: this.options.rateLimiter } : {}),
      cacheSyncTimeoutMs: this.options.cacheSyncTimeoutMs ?? defaults.cacheSyncTimeoutMs ?? 120_000,
      ...((this.options.reconciliationTimeoutMs ?? defaults.reconciliationTimeoutMs) !== undefined
        ? { reconciliationTimeoutMs: this.options.reconciliationTimeoutMs ?? defaults.reconciliationTimeoutMs }
        : {}),
      needLeaderElection: this.options.needLeaderElection ?? true,
      clock: this.mgr.clock,
      logger: this.mgr.logger,
    });
    const source = (d: ResourceDescriptor, handler: EventHandler, ps: readonly Predicate[]): KindSource<KubeObject> =>
      new KindSource(this.mgr.informerFor<KubeObject>(d), handler, [...this.globalPredicates, ...ps], `${d.group || 'core'}/${d.version}, Kind=${d.kind}`);
    if (this.forKind) controller.watch(source(this.forKind.descriptor, enqueueRequestForObject(), this.forKind.predicates));
    for (const w of this.owned) {
      const handler = typeof w.handler === 'function' ? w.handler(this.forKind!.descriptor) : w.handler;
      controller.watch(source(w.descriptor, handler, w.predicates));
    }
    for (const w of this.watched) controller.watch(source(w.descriptor, w.handler as EventHandler, w.predicates));
    for (const s of this.rawSources) controller.watch(s);
    const mgr = this.mgr;
    mgr.add({
      start: (signal, abort) => {
        controller.setMetrics(mgr.metrics);
        return controller.start(signal, abort);
      },
      needLeaderElection: () => controller.needLeaderElection(),
    });
    return controller;
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
