/**
 * `SharedIndexInformer<T>`: one reflector, one indexer, many event handlers (client-go `tools/cache`
 * shared_informer.go), generic and cancelled by an `AbortSignal` from the start.
 *
 * Contract:
 * - the cache (`getIndexer()`) is eventually consistent with the server: unless the informer is stopped or the
 *   server stays unreachable, every state of an object the server holds is eventually in the cache, or a later
 *   one; the states an object goes through in the cache are a subsequence of its states on the server, in order.
 *   Objects are identified by namespace and name (not uid): a delete and re-create seen only through a relist is
 *   an update — compare `metadata.uid` when it matters;
 * - a handler is notified after the cache (and its indices) reflect the change; the cache may already hold later
 *   changes when the notification runs;
 * - per handler, notifications are delivered one at a time, in order: for one object, in the order of its
 *   changes. A handler may return a promise: its next notification waits for it (and only its — each handler
 *   has its own unbounded queue, so a slow handler never delays another, nor the cache). A handler that throws
 *   or rejects is reported to `onHandlerError` and keeps receiving notifications;
 * - `onAdd(obj, isInInitialList)`: `isInInitialList` is true for the objects of the first list and for the
 *   synthetic adds a handler added later receives for every object already in the cache (false for the adds of
 *   later relists and watches); then it receives every
 *   change after it was added, never a change twice;
 * - `onUpdate(old, new)`: also for resyncs (`old === new`), every `resyncPeriodMs` of the handler, and for a
 *   relist that changed an object. A relist that returns an object at the same resourceVersion notifies nothing;
 * - `onDelete(obj)`: the object's last state as the watch reported it, or a `DeletedFinalStateUnknown`
 *   tombstone (last cached state, maybe stale) when the deletion was only noticed by a relist;
 * - handlers receive the cached objects themselves: never mutate them (copy first; `freezeObjects` makes a
 *   mutation throw in tests);
 * - each received object's `apiVersion`, `kind` and `metadata.namespace` are replaced, before the transform, by equal
 *   strings the informer keeps once (./intern.ts): the cache holds one copy of each, not one per object; an update
 *   at the cached object's `metadata.generation` has its top-level parts other than `metadata` and `status` that are
 *   the same JSON as the cached object's (its spec after a status write) replaced, after the transform, by the cached
 *   object's (`shareUnchanged`): an unchanged spec is not held twice;
 * - `hasSynced()` of the informer: the first list is in the cache; of a registration: that, and the handler has
 *   processed every `isInInitialList` add it was given;
 * - `addIndexers`, `setTransform`, `setWatchErrorHandler` only before `run`; `run(signal)` once. The informer
 *   never stops on errors (see `Reflector`); it stops when `signal` aborts, drops undelivered notifications, and
 *   `run` resolves once the handlers' in-flight promises settled;
 * - while `run` runs, the informer keeps the process alive (its clock's `hold()`, see `clock.ts`), so a program
 *   that awaits `waitForSync` or an event never exits part-way through; aborting `signal` releases it. Its resync
 *   tick never keeps a process alive by itself.
 *
 * There is no DeltaFIFO: the reflector applies each event to the indexer and queues the notifications in the
 * same synchronous step, which is what the FIFO's lock and `Pop` ensure in Go.
 */

import type { KubeObject } from '../client/types';
import { defaultLogger } from '../log/default';
import { noopMetrics, type Logger, type Metrics } from '../observe';
import { realClock, type Clock, type ClockTimer } from '../clock/clock';
import { Fifo } from './fifo';
import { internCommonFields, shareUnchanged, StringInterner } from './intern';
import { Reflector, type ListerWatcher, type ReflectorOptions, type ReflectorStore, type WatchErrorHandler } from './reflector';
import { CacheIndexer, DeletedFinalStateUnknown, metaNamespaceIndexFunc, NAMESPACE_INDEX, type Indexers, type KeyFunc, type ReadonlyIndexer, type ReadonlyStore, type ReplaceBuilder } from './store';

/** Callbacks of a handler; each may be absent and may return a promise (see the contract). */
/** Objects are the cache's, shared with every reader: `Readonly<T>`, copy before changing one. */
export interface ResourceEventHandler<T> {
  onAdd?(obj: Readonly<T>, isInInitialList: boolean): void | Promise<void>;
  onUpdate?(oldObj: Readonly<T>, newObj: Readonly<T>): void | Promise<void>;
  onDelete?(obj: Readonly<T> | DeletedFinalStateUnknown<Readonly<T>>): void | Promise<void>;
}

/** Something that knows whether it has synced, and can wait for it. */
export interface HasSynced {
  hasSynced(): boolean;
  /** Resolves `true` once `hasSynced()` holds, `false` if `signal` aborts first. */
  waitForSync(signal: AbortSignal): Promise<boolean>;
}

/** What `addEventHandler` returns. */
export interface EventHandlerRegistration extends HasSynced {
  /** Stops notifications to the handler (the undelivered are dropped). Idempotent. */
  remove(): void;
}

export interface AddEventHandlerOptions {
  /** Resync period of this handler (`onUpdate(obj, obj)` for every cached object); 0 for none. Minimum 1 s. */
  resyncPeriodMs?: number;
}

/**
 * Maps each object before it is cached (e.g. to drop managedFields). Runs once per object received; must not
 * throw — an event whose transform throws is skipped and reported to the watch error handler (phase `apply`),
 * and a relist whose transform throws is not applied.
 */
export type TransformFunc<T> = (obj: T) => T;

export interface SharedInformerOptions<T> {
  /** Default resync period of handlers; default 0 (none). */
  resyncPeriodMs?: number;
  /** Indexers besides the namespace index. */
  indexers?: Indexers<T>;
  transform?: TransformFunc<T>;
  /** Default `metaNamespaceKeyFunc`. */
  keyFunc?: KeyFunc<T>;
  /** Passed to the reflector (selector, paging, list semantic, backoff, clock, random, onError). */
  reflector?: ReflectorOptions;
  /** The clock of resyncs and of the reflector; default `realClock`. */
  clock?: Clock;
  /** Called with errors thrown by handlers; default: an error entry on `logger`. Either way the failure is counted. */
  onHandlerError?: (err: unknown) => void;
  /**
   * Where the informer and its reflector log (unless `reflector.logger` is set); default `defaultLogger()` (see
   * `@kubegen/runtime/log`).
   */
  logger?: Logger;
  /**
   * Counters of the informer (`kubegen_informer_handler_errors_total{name}`) and of its reflector (unless
   * `reflector.metrics` is set); default none.
   */
  metrics?: Metrics;
  /**
   * Deep-freezes every cached object (after the transform), so code that mutates a shared object throws a
   * TypeError where it does so — the answer to client-go's cache mutation detector. For tests and development:
   * it costs a walk of each object.
   */
  freezeObjects?: boolean;
}

/** The minimum handler resync period (client-go's minimumResyncPeriod). */
export const MINIMUM_RESYNC_PERIOD_MS = 1000;

type Notification<T> =
  | { type: 'add'; obj: T; initial: boolean }
  | { type: 'update'; old: T; obj: T }
  | { type: 'delete'; obj: T | DeletedFinalStateUnknown<T> };

/** One handler's queue and pump. */
class Listener<T> {
  private readonly buffer = new Fifo<Notification<T>>();
  private pumping: Promise<void> | undefined;
  private stopped = false;
  /** `isInInitialList` adds not yet processed. */
  pendingInitial = 0;
  nextResync = Infinity;

  constructor(
    readonly handler: ResourceEventHandler<T>,
    readonly resyncPeriodMs: number,
    private readonly onError: (err: unknown) => void,
    private readonly onInitialDone: () => void,
  ) {}

  add(n: Notification<T>): void {
    if (this.stopped) return;
    this.buffer.push(n);
    if (n.type === 'add' && n.initial) this.pendingInitial++;
    this.pumping ??= Promise.resolve().then(() => this.pump());
  }

  /** Drops what is queued; resolves when the notification being delivered is done. */
  stop(): Promise<void> {
    this.stopped = true;
    this.buffer.clear();
    return this.pumping ?? Promise.resolve();
  }

  private async pump(): Promise<void> {
    try {
      for (let n = this.buffer.shift(); n !== undefined && !this.stopped; n = this.buffer.shift()) {
        try {
          const r = this.deliver(n);
          if (r !== undefined) await r;
        } catch (err) {
          this.onError(err);
        }
        if (n.type === 'add' && n.initial && --this.pendingInitial === 0) this.onInitialDone();
      }
    } finally {
      this.pumping = undefined;
    }
  }

  private deliver(n: Notification<T>): void | Promise<void> {
    const h = this.handler;
    switch (n.type) {
      case 'add':
        return h.onAdd?.(n.obj, n.initial);
      case 'update':
        return h.onUpdate?.(n.old, n.obj);
      case 'delete':
        return h.onDelete?.(n.obj);
    }
  }
}

function rvOf(obj: unknown): string | undefined {
  return (obj as KubeObject | undefined)?.metadata?.resourceVersion;
}

/** Waiters re-checked whenever sync state may have changed. */
class SyncWaiters {
  private readonly waiters = new Set<() => void>();

  wait(check: () => boolean, signal: AbortSignal): Promise<boolean> {
    if (check()) return Promise.resolve(true);
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = (): void => {
        if (!check()) return;
        done(true);
      };
      const onAbort = (): void => { done(false); };
      const done = (v: boolean): void => {
        this.waiters.delete(waiter);
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      };
      this.waiters.add(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  notify(): void {
    for (const w of [...this.waiters]) w();
  }
}

/** A shared informer with indices; see the module doc. */
export class SharedIndexInformer<T extends KubeObject> implements HasSynced {
  private readonly indexer: CacheIndexer<T>;
  private readonly reflector: Reflector<T>;
  private readonly listeners = new Set<Listener<T>>();
  private readonly clock: Clock;
  private readonly defaultResyncMs: number;
  private readonly onHandlerError: (err: unknown) => void;
  private readonly syncWaiters = new SyncWaiters();
  private transform: TransformFunc<T> | undefined;
  private readonly freeze: boolean;
  /** The cached objects' `apiVersion`, `kind` and namespaces, one copy each (./intern.ts). */
  private readonly interner = new StringInterner();
  private started = false;
  private stopped = false;
  private synced = false;
  private resyncTimer: ClockTimer | undefined;

  constructor(lw: ListerWatcher<T>, opts: SharedInformerOptions<T> = {}) {
    this.clock = opts.clock ?? realClock;
    this.defaultResyncMs = opts.resyncPeriodMs ?? 0;
    this.transform = opts.transform;
    this.freeze = opts.freezeObjects ?? false;
    const name = opts.reflector?.name ?? 'informer';
    const logger = opts.logger ?? defaultLogger();
    const metrics = opts.metrics ?? noopMetrics;
    const report = opts.onHandlerError ?? ((err: unknown) => { logger.error(err, 'an event handler failed', { informer: name }); });
    this.onHandlerError = (err) => {
      metrics.count('kubegen_informer_handler_errors_total', { name });
      report(err);
    };
    this.indexer = new CacheIndexer<T>({
      ...(opts.keyFunc ? { keyFunc: opts.keyFunc } : {}),
      indexers: { [NAMESPACE_INDEX]: metaNamespaceIndexFunc, ...opts.indexers },
    });
    this.reflector = new Reflector<T>(lw, this.storeAdapter(), { clock: this.clock, logger, metrics, ...opts.reflector });
  }

  /** Adds a handler; see the contract for what it receives. Throws once the informer has stopped. */
  addEventHandler(handler: ResourceEventHandler<T>, opts: AddEventHandlerOptions = {}): EventHandlerRegistration {
    if (this.stopped) throw new Error('the informer has stopped; the handler was not added');
    let period = opts.resyncPeriodMs ?? this.defaultResyncMs;
    if (period > 0 && period < MINIMUM_RESYNC_PERIOD_MS) period = MINIMUM_RESYNC_PERIOD_MS;
    const listener = new Listener<T>(handler, period, this.onHandlerError, () => { this.syncWaiters.notify(); });
    if (period > 0) listener.nextResync = this.clock.now() + period;
    this.listeners.add(listener);
    if (this.started) {
      for (const obj of this.indexer.list()) listener.add({ type: 'add', obj, initial: true });
      this.scheduleResync();
    }
    const check = (): boolean => this.synced && listener.pendingInitial === 0;
    return {
      hasSynced: check,
      waitForSync: (signal) => this.syncWaiters.wait(check, signal),
      remove: () => {
        if (!this.listeners.delete(listener)) return;
        void listener.stop();
        this.scheduleResync();
      },
    };
  }

  /** Adds indices; only before `run`. */
  addIndexers(indexers: Indexers<T>): void {
    if (this.started) throw new Error('addIndexers: the informer has already started');
    this.indexer.addIndexers(indexers);
  }

  /** Sets the transform; only before `run`. */
  setTransform(transform: TransformFunc<T>): void {
    if (this.started) throw new Error('setTransform: the informer has already started');
    this.transform = transform;
  }

  /** Sets the reflector's error handler; only before `run`. */
  setWatchErrorHandler(handler: WatchErrorHandler): void {
    if (this.started) throw new Error('setWatchErrorHandler: the informer has already started');
    this.reflector.setWatchErrorHandler(handler);
  }

  /** The cache, read only (its writer is the informer's reflector); never mutate what it returns. */
  getIndexer(): ReadonlyIndexer<T> {
    return this.indexer;
  }

  /** The cache, as a read-only store. */
  getStore(): ReadonlyStore<T> {
    return this.indexer;
  }

  hasSynced(): boolean {
    return this.synced;
  }

  waitForSync(signal: AbortSignal): Promise<boolean> {
    return this.syncWaiters.wait(() => this.synced, signal);
  }

  get lastSyncResourceVersion(): string {
    return this.reflector.lastSyncResourceVersion;
  }

  get isStarted(): boolean {
    return this.started;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Lists, watches and notifies until `signal` aborts; see the contract. Resolves when stopped. While it runs it
   * holds the process alive (its clock's `hold()`), as client-go's `Run` blocks until its stop channel closes:
   * aborting `signal` is what lets the process exit.
   */
  async run(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error('the informer has already been started');
    if (this.stopped) throw new Error('the informer has stopped');
    this.started = true;
    const now = this.clock.now();
    for (const l of this.listeners) if (l.resyncPeriodMs > 0) l.nextResync = now + l.resyncPeriodMs;
    const hold = this.clock.hold();
    try {
      this.scheduleResync();
      await this.reflector.run(signal);
    } finally {
      this.stopped = true;
      if (this.resyncTimer) this.clock.clearTimer(this.resyncTimer);
      this.resyncTimer = undefined;
      const listeners = [...this.listeners];
      this.listeners.clear();
      try {
        await Promise.all(listeners.map((l) => l.stop()));
        this.syncWaiters.notify();
      } finally {
        hold.release();
      }
    }
  }

  private distribute(n: Notification<T>): void {
    for (const l of this.listeners) l.add(n);
  }

  /**
   * The informer's object of a received one: its common strings interned, transformed, frozen (unless disabled).
   * `store`, when given, caches the transformed object and returns the one it replaced, whose unchanged parts the
   * object then shares (./intern.ts) before it is frozen — the same object, so the cache holds it as finished; sharing
   * replaces parts by equal ones, so what the indexers computed from it stands.
   */
  private apply(obj: T, store?: (transformed: T) => T | undefined): T {
    // the received object is the informer's own (freshly decoded): its repeated strings are made shared ones
    internCommonFields(obj, this.interner);
    const out = this.transform ? this.transform(obj) : obj;
    if (store !== undefined) shareUnchanged(store(out), out);
    return this.freeze ? deepFreeze(out) : out;
  }

  /** The store the reflector writes: updates the indexer, then queues notifications. */
  private storeAdapter(): ReflectorStore<T> {
    const upsert = (received: T): void => {
      // one key and one lookup: the indexer's upsert returns the object replaced
      let old: T | undefined;
      const obj = this.apply(received, (o) => (old = this.indexer.upsert(o)));
      this.distribute(old !== undefined ? { type: 'update', old, obj } : { type: 'add', obj, initial: false });
    };
    /**
     * A relist, object by object: the next cache is built aside (`CacheIndexer.beginReplace`) and its notifications
     * collected while the pages arrive; `commit` swaps the cache and then queues them. The old cache does not change
     * meanwhile (the reflector is its only writer and applies nothing else during a list).
     */
    const beginReplace = (): ReplaceBuilder<T> => {
      const initial = !this.synced;
      const next = this.indexer.beginReplace();
      const notifications: Notification<T>[] = [];
      /** Keys of the list, to find the deleted: not needed when the cache is empty. */
      const seen = this.indexer.size > 0 ? new Set<string>() : undefined;
      return {
        add: (received: T): string => {
          const obj = this.apply(received);
          const key = next.add(obj);
          if (seen === undefined) {
            notifications.push({ type: 'add', obj, initial });
            return key;
          }
          seen.add(key);
          const old = this.indexer.getByKey(key);
          if (old === undefined) notifications.push({ type: 'add', obj, initial });
          else if (rvOf(old) !== rvOf(obj) || rvOf(obj) === undefined) notifications.push({ type: 'update', old, obj });
          return key;
        },
        commit: (rv: string): void => {
          if (seen !== undefined) {
            for (const key of this.indexer.listKeys()) {
              const last = seen.has(key) ? undefined : this.indexer.getByKey(key);
              if (last !== undefined) notifications.push({ type: 'delete', obj: new DeletedFinalStateUnknown(key, last) });
            }
          }
          next.commit(rv);
          for (const n of notifications) this.distribute(n);
          if (!this.synced) {
            this.synced = true;
            this.syncWaiters.notify();
          }
        },
      };
    };
    return {
      add: upsert,
      update: upsert,
      delete: (received: T) => {
        const obj = this.apply(received);
        this.indexer.delete(obj);
        this.distribute({ type: 'delete', obj });
      },
      bookmark: (rv: string) => { this.indexer.bookmark(rv); },
      replace: (received: readonly T[], rv: string) => {
        const b = beginReplace();
        for (const o of received) b.add(o);
        b.commit(rv);
      },
      beginReplace,
    };
  }

  /** (Re)arms the resync timer for the listener due first. */
  private scheduleResync(): void {
    if (this.resyncTimer) this.clock.clearTimer(this.resyncTimer);
    this.resyncTimer = undefined;
    if (!this.started || this.stopped) return;
    let next = Infinity;
    for (const l of this.listeners) next = Math.min(next, l.nextResync);
    if (next === Infinity) return;
    // housekeeping: the running informer holds the process, its resync tick does not
    this.resyncTimer = this.clock.setTimer(() => { this.resync(); }, Math.max(0, next - this.clock.now()), { keepAlive: false });
  }

  private resync(): void {
    this.resyncTimer = undefined;
    const now = this.clock.now();
    const due = [...this.listeners].filter((l) => l.nextResync <= now);
    for (const l of due) l.nextResync = now + l.resyncPeriodMs;
    if (this.synced) {
      for (const obj of this.indexer.list()) for (const l of due) l.add({ type: 'update', old: obj, obj });
    }
    this.scheduleResync();
  }
}

function deepFreeze<V>(value: V): V {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

/** Alias: every shared informer here has indices. */
export type SharedInformer<T extends KubeObject> = SharedIndexInformer<T>;

/**
 * Waits until every informer (or registration) has synced: `true`, or `false` when `signal` aborts first
 * (client-go's WaitForCacheSync).
 */
export async function waitForCacheSync(signal: AbortSignal, ...informers: HasSynced[]): Promise<boolean> {
  const results = await Promise.all(informers.map((i) => i.waitForSync(signal)));
  return results.every(Boolean);
}

/**
 * A handler that sees only objects `filter` accepts (client-go's FilteringResourceEventHandler): an update
 * from an accepted to a rejected state is delivered as a delete, from rejected to accepted as an add.
 */
export function filteringHandler<T>(filter: (obj: T | DeletedFinalStateUnknown<T>) => boolean, handler: ResourceEventHandler<T>): ResourceEventHandler<T> {
  return {
    onAdd: (obj, initial) => (filter(obj) ? handler.onAdd?.(obj, initial) : undefined),
    onUpdate: (oldObj, newObj) => {
      const was = filter(oldObj);
      const is = filter(newObj);
      if (was && is) return handler.onUpdate?.(oldObj, newObj);
      if (is) return handler.onAdd?.(newObj, false);
      if (was) return handler.onDelete?.(oldObj);
      return undefined;
    },
    onDelete: (obj) => (filter(obj) ? handler.onDelete?.(obj) : undefined),
  };
}
