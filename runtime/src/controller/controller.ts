/**
 * `Controller`: a work queue of reconcile requests fed by watches, and workers that reconcile them
 * (controller-runtime `pkg/internal/controller`).
 *
 * Contract:
 * - `watch(source)` before `start`: each source (an informer of a kind, with an event handler and predicates)
 *   turns events into requests on the controller's queue. Requests are `namespace/name` keys, so repeated events
 *   for one object before it is picked up make one reconcile (the queue is stingy);
 * - `start(signal, abort?)`, once: registers the sources' handlers, waits until every source has synced (at most
 *   `cacheSyncTimeoutMs`, else rejects with controller-runtime's message), then runs `maxConcurrentReconciles`
 *   workers. The same request is never reconciled by two workers at once (the queue hands out a key again only
 *   after it is done);
 * - the outcome of a reconcile drives the queue as tabled in `reconcile.ts`; errors are logged
 *   (`Reconciler error`) and counted. Any thrown value is an error (logged through the logger as the value, which
 *   `jsonLogger` prints with `describeThrown`); no value a reconciler throws or returns stops a worker, and neither
 *   does a logger or metrics sink that throws (the request is requeued before they are called);
 * - graceful stop: when `signal` aborts, the queue stops handing out requests (queued ones are dropped), the
 *   reconciles in flight run to
 *   their end, and `start` resolves once they have. The reconciles' own signal is `abort` (default `signal`):
 *   the manager passes one that aborts when its graceful shutdown timeout expires, or at once when leadership
 *   is lost;
 * - the queue is controller-runtime's priority queue (`priorityqueue.ts`): initial-list objects and resyncs wait
 *   behind real changes; a requeue keeps the priority the request had. Its backoff is `rateLimiter` (default:
 *   per-item exponential 5 ms doubling to 1000 s, the priority queue's limiter), on the injected `clock`;
 * - with `freshness` (the builder's default for a typed `for` kind, `freshness.ts`): a request whose object the
 *   manager's clients wrote at a resourceVersion the cache has not reached yet is not reconciled from that stale
 *   copy: it goes back to the queue at its priority, ready again after 5 ms doubling to 100 ms, until the cache has
 *   caught up or the write's record expired (`WrittenVersions.maxAgeMs`). It holds no worker meanwhile, and the
 *   rate limiter does not count it as a failure.
 */

import { isAborted, realClock, type Clock } from '../clock/clock';
import type { HasSynced } from '../cache/informer';
import type { Informer } from '../cache/multinamespace';
import { isDeletedFinalStateUnknown } from '../cache/store';
import type { KubeObject } from '../client/types';
import { ItemExponentialFailureRateLimiter, type RateLimiter } from '../workqueue/rate_limiters';
import type { CreateEvent, DeleteEvent, UpdateEvent } from './events';
import type { EventHandler, RequestQueue } from './handlers';
import { defaultLogger, type Logger } from '../log';
import { noopMetrics, type ControllerMetrics, type QueueState } from '../observe/metrics';
import type { WrittenVersions } from './freshness';
import { evaluate, type Predicate } from './predicates';
import { PriorityQueue, type PriorityItem } from './priorityqueue';
import { isTerminalError, requestFromKey, requestKey, type Reconciler, type Request, type Result } from './reconcile';

/** Something a controller watches: it feeds the queue once started and knows when it has synced. */
export interface Source {
  /** Starts delivering events to `queue`; returns what tells whether the initial state was delivered. */
  start(queue: RequestQueue, signal: AbortSignal): HasSynced;
  /** For messages: e.g. `kind source: *v1.ConfigMap`. */
  toString(): string;
}

/**
 * A source over a shared informer: its events pass `predicates` (all must pass), then `handler` enqueues
 * requests. Tombstones (deletions noticed by a relist) are delete events with `deleteStateUnknown`.
 */
export class KindSource<T extends KubeObject> implements Source {
  constructor(
    readonly informer: Informer<T>,
    readonly handler: EventHandler<T>,
    readonly predicates: readonly Predicate<T>[],
    /** For messages: the kind's name. */
    readonly kind: string,
  ) {}

  start(queue: RequestQueue, signal: AbortSignal): HasSynced {
    const ps = this.predicates;
    const h = this.handler;
    const reg = this.informer.addEventHandler({
      onAdd: (object, isInInitialList) => {
        const e: CreateEvent<T> = { object, isInInitialList };
        if (ps.every((p) => evaluate(p, 'create', e))) h.create?.(e, queue);
      },
      onUpdate: (objectOld, objectNew) => {
        const e: UpdateEvent<T> = { objectOld, objectNew };
        if (ps.every((p) => evaluate(p, 'update', e))) h.update?.(e, queue);
      },
      onDelete: (obj) => {
        const e: DeleteEvent<T> = isDeletedFinalStateUnknown(obj)
          ? { object: obj.obj, deleteStateUnknown: true }
          : { object: obj, deleteStateUnknown: false };
        if (ps.every((p) => evaluate(p, 'delete', e))) h.delete?.(e, queue);
      },
    });
    signal.addEventListener('abort', () => { reg.remove(); }, { once: true });
    return reg;
  }

  toString(): string {
    return `kind source: ${this.kind}`;
  }
}

export interface ControllerOptions {
  /** Unique among a manager's controllers; labels metrics and logs. */
  name: string;
  reconciler: Reconciler;
  /** Default 1. */
  maxConcurrentReconciles?: number;
  /** Default per-item exponential 5 ms … 1000 s. */
  rateLimiter?: RateLimiter<string>;
  /** How long `start` waits for the sources to sync; default 2 minutes. */
  cacheSyncTimeoutMs?: number;
  /** A deadline for each reconcile (its signal aborts); default none. */
  reconciliationTimeoutMs?: number;
  /** Whether the controller runs only while its manager leads; default true. */
  needLeaderElection?: boolean;
  clock?: Clock;
  logger?: Logger;
  metrics?: ControllerMetrics;
  /** Holds requests whose object the cache has not seen at the version last written (see the module doc). */
  freshness?: ControllerFreshness;
}

/** What a controller needs to hold requests of objects its cache has not seen at their last written version. */
export interface ControllerFreshness {
  versions: WrittenVersions;
  /** The `resourceId` of the kind the requests name. */
  resource: string;
  /** The resourceVersion of the object of a queue key in the cache; `undefined` when absent. */
  cachedVersion(key: string): string | undefined;
}

/** The first and the longest wait of a request held for the cache to catch up with a write (ms). */
const FRESHNESS_FIRST_WAIT_MS = 5;
const FRESHNESS_MAX_WAIT_MS = 100;

/** The queue of a controller, instrumented for `workqueue_*` metrics. */
class ControllerQueue extends PriorityQueue implements QueueState {
  private readonly addedAt = new Map<string, number>();
  private readonly startedAt = new Map<string, number>();

  constructor(
    private readonly controller: string,
    rateLimiter: RateLimiter<string>,
    private readonly queueClock: Clock,
    private readonly metrics: () => ControllerMetrics,
  ) {
    super(rateLimiter, queueClock, {
      added: (key) => {
        this.addedAt.set(key, this.queueClock.now());
        this.metrics().queueAdded(this.controller);
      },
      retried: () => { this.metrics().queueRetried(this.controller); },
    });
  }

  override async get(): Promise<PriorityItem> {
    const got = await super.get();
    if (!got.shutdown) {
      const now = this.queueClock.now();
      const at = this.addedAt.get(got.item);
      this.addedAt.delete(got.item);
      if (at !== undefined) this.metrics().queueWaited(this.controller, (now - at) / 1000);
      this.startedAt.set(got.item, now);
    }
    return got;
  }

  override done(item: string): void {
    const at = this.startedAt.get(item);
    if (at !== undefined) {
      this.startedAt.delete(item);
      this.metrics().queueWorked(this.controller, (this.queueClock.now() - at) / 1000);
    }
    super.done(item);
  }

  depthByPriority(): ReadonlyMap<number, number> {
    return this.readyByPriority();
  }

  unfinishedWorkSeconds(): number {
    const now = this.queueClock.now();
    let sum = 0;
    for (const at of this.startedAt.values()) sum += now - at;
    return sum / 1000;
  }

  longestRunningProcessorSeconds(): number {
    const now = this.queueClock.now();
    let max = 0;
    for (const at of this.startedAt.values()) max = Math.max(max, now - at);
    return max / 1000;
  }
}

/**
 * Runs a logger or metrics call of a worker: a sink that throws changes nothing about the request (already requeued
 * or forgotten as its outcome says) and does not stop the worker. What it threw is dropped: the sink that would
 * report it is the one that failed.
 */
function quietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // see above
  }
}

/**
 * What a reconciler's return value asks of the queue, read once. A value that cannot be read (a throwing getter, a
 * revoked Proxy) throws, and a `requeueAfterMs` that is not a number is refused: both count as a reconcile error.
 */
function readResult(result: unknown): { requeueAfterMs: number | undefined; requeue: boolean } {
  if (result === undefined || result === null) return { requeueAfterMs: undefined, requeue: false };
  const r = result as Result;
  const requeueAfterMs: unknown = r.requeueAfterMs;
  const requeue: unknown = r.requeue;
  if (requeueAfterMs !== undefined && typeof requeueAfterMs !== 'number') {
    throw new TypeError(`the reconciler returned a requeueAfterMs that is not a number (${typeof requeueAfterMs})`);
  }
  return { requeueAfterMs, requeue: Boolean(requeue) };
}

/** See the module doc. */
export class Controller {
  readonly name: string;
  readonly maxConcurrentReconciles: number;
  private readonly reconciler: Reconciler;
  private readonly sources: Source[] = [];
  private readonly clock: Clock;
  private readonly log: Logger;
  private metrics: ControllerMetrics;
  private readonly cacheSyncTimeoutMs: number;
  private readonly reconciliationTimeoutMs: number | undefined;
  private readonly needsLeader: boolean;
  readonly queue: ControllerQueue;
  private started = false;
  private reconcileSeq = 0;
  private readonly freshness: ControllerFreshness | undefined;
  /** The requests held for the cache to catch up, and how often each was. */
  private readonly held = new Map<string, number>();

  constructor(opts: ControllerOptions) {
    const max = opts.maxConcurrentReconciles ?? 1;
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`controller ${opts.name}: maxConcurrentReconciles must be an integer ≥ 1, not ${max}`);
    this.name = opts.name;
    this.maxConcurrentReconciles = max;
    this.reconciler = opts.reconciler;
    this.clock = opts.clock ?? realClock;
    this.log = (opts.logger ?? defaultLogger()).withValues({ controller: opts.name });
    this.metrics = opts.metrics ?? noopMetrics;
    this.cacheSyncTimeoutMs = opts.cacheSyncTimeoutMs ?? 120_000;
    this.reconciliationTimeoutMs = opts.reconciliationTimeoutMs;
    this.needsLeader = opts.needLeaderElection ?? true;
    this.freshness = opts.freshness;
    this.queue = new ControllerQueue(opts.name, opts.rateLimiter ?? new ItemExponentialFailureRateLimiter<string>(5, 1_000_000), this.clock, () => this.metrics);
  }

  /** Whether the controller runs only while the manager leads. */
  needLeaderElection(): boolean {
    return this.needsLeader;
  }

  /** Sets the metrics sink (the manager does, before `start`). */
  setMetrics(metrics: ControllerMetrics): void {
    this.metrics = metrics;
  }

  /** Adds a source; only before `start`. */
  watch(source: Source): void {
    if (this.started) throw new Error(`controller ${this.name}: cannot add a watch after the controller was started`);
    this.sources.push(source);
  }

  /** The queue as event handlers see it. */
  requestQueue(): RequestQueue {
    return {
      add: (r, priority) => { this.queue.add(requestKey(r), priority !== undefined ? { priority } : {}); },
      addAfter: (r, ms, priority) => { this.queue.add(requestKey(r), { afterMs: ms, ...(priority !== undefined ? { priority } : {}) }); },
      addRateLimited: (r, priority) => { this.queue.add(requestKey(r), { rateLimited: true, ...(priority !== undefined ? { priority } : {}) }); },
    };
  }

  /** Runs the controller until `signal` aborts; see the module doc. */
  async start(signal: AbortSignal, abort: AbortSignal = signal): Promise<void> {
    if (this.started) throw new Error('controller was started more than once. This is likely to be caused by being added to a manager multiple times');
    this.started = true;
    if (signal.aborted) {
      this.queue.shutDown();
      return;
    }
    const onStop = (): void => { this.queue.shutDown(); };
    signal.addEventListener('abort', onStop, { once: true });
    try {
      this.metrics.controllerStarted(this.name, this.maxConcurrentReconciles, this.queue);
      this.log.info('Starting EventSource');
      const q = this.requestQueue();
      const synced = this.sources.map((s) => ({ s, h: s.start(q, signal) }));
      this.log.info('Starting Controller');
      // every source waits in parallel, within one cacheSyncTimeout
      const timeout = new AbortController();
      const timer = this.clock.setTimer(() => { timeout.abort(); }, this.cacheSyncTimeoutMs);
      const waitSignal = AbortSignal.any([signal, timeout.signal]);
      const results = await Promise.all(synced.map(({ h }) => h.waitForSync(waitSignal)));
      this.clock.clearTimer(timer);
      if (isAborted(signal)) return;
      const failed = synced.find((_, i) => !results[i]);
      if (failed) {
        const err = new Error(`failed to wait for ${this.name} caches to sync ${failed.s.toString()}: timed out waiting for cache to be synced`);
        this.log.error(err, 'Could not wait for Cache to sync');
        throw err;
      }
      this.log.info('Starting workers', { 'worker count': this.maxConcurrentReconciles });
      const workers: Promise<void>[] = [];
      for (let i = 0; i < this.maxConcurrentReconciles; i++) workers.push(this.worker(abort));
      await Promise.all(workers);
      this.log.info('All workers finished');
    } finally {
      signal.removeEventListener('abort', onStop);
      this.queue.shutDown();
    }
  }

  private async worker(abort: AbortSignal): Promise<void> {
    for (;;) {
      const got = await this.queue.get();
      if (got.shutdown) return;
      if (this.queue.shuttingDown()) {
        // stopping: queued requests are dropped, as by controller-runtime's priority queue
        this.queue.done(got.item);
        return;
      }
      if (this.holdForCache(got.item, got.priority)) continue;
      quietly(() => { this.metrics.activeWorkers(this.name, 1); });
      try {
        await this.reconcileHandler(got.item, got.priority, abort);
      } catch (err) {
        // the reconciler's own throws are handled in reconcileHandler, whatever they are; this is a custom rate
        // limiter or logger that threw: the worker goes on
        quietly(() => { this.log.error(err, 'Reconcile bookkeeping failed', { key: got.item }); });
      } finally {
        this.queue.done(got.item);
        quietly(() => { this.metrics.activeWorkers(this.name, -1); });
      }
    }
  }

  /**
   * Whether the request's object was written at a version the cache has not reached: then it is queued again, after a
   * wait that doubles each time, and given back (`done`). Whatever the freshness source throws lets the request run.
   */
  private holdForCache(key: string, priority: number): boolean {
    const f = this.freshness;
    if (!f) return false;
    let stale: boolean;
    try {
      stale = f.versions.pending(f.resource, key, f.cachedVersion(key));
    } catch {
      stale = false; // see above
    }
    if (!stale) {
      if (this.held.size > 0) this.held.delete(key);
      return false;
    }
    const times = this.held.get(key) ?? 0;
    this.held.set(key, times + 1);
    this.queue.add(key, { afterMs: Math.min(FRESHNESS_MAX_WAIT_MS, FRESHNESS_FIRST_WAIT_MS * 2 ** times), priority });
    this.queue.done(key);
    return true;
  }

  private async reconcileHandler(key: string, priority: number, abort: AbortSignal): Promise<void> {
    const req: Request = requestFromKey(key);
    const values = { namespace: req.namespace, name: req.name, reconcileID: `${this.name}-${++this.reconcileSeq}` };
    let log = this.log;
    quietly(() => { log = this.log.withValues(values); });
    const start = this.clock.now();
    let signal = abort;
    let timedOut = false;
    let timer: ReturnType<Clock['setTimer']> | undefined;
    if (this.reconciliationTimeoutMs !== undefined && this.reconciliationTimeoutMs > 0) {
      const deadline = new AbortController();
      timer = this.clock.setTimer(() => {
        timedOut = true;
        deadline.abort(new Error(`reconcile of ${key} exceeded ${this.reconciliationTimeoutMs}ms`));
      }, this.reconciliationTimeoutMs);
      signal = AbortSignal.any([abort, deadline.signal]);
    }
    let outcome: { requeueAfterMs: number | undefined; requeue: boolean } = { requeueAfterMs: undefined, requeue: false };
    let failed = false;
    let error: unknown;
    quietly(() => { log.v(1).info('Reconciling'); });
    try {
      outcome = readResult(await this.reconciler.reconcile(req, signal));
    } catch (err) {
      failed = true;
      error = err;
    } finally {
      if (timer !== undefined) this.clock.clearTimer(timer);
    }
    const seconds = (this.clock.now() - start) / 1000;
    if (failed) {
      const terminal = isTerminalError(error);
      if (!terminal) this.queue.add(key, { rateLimited: true, priority });
      quietly(() => { this.metrics.reconciled(this.name, 'error', seconds, { terminal, timeout: timedOut }); });
      // a logger takes `undefined` as "no error" (logr's nil): a reconciler that threw it still failed
      quietly(() => { log.error(error === undefined ? new Error('the reconciler threw undefined') : error, 'Reconciler error'); });
      return;
    }
    const after = outcome.requeueAfterMs;
    if (after !== undefined && after > 0) {
      this.queue.forget(key);
      this.queue.add(key, { afterMs: after, priority });
      quietly(() => { log.v(5).info('Reconcile done, requeueing after', { requeueAfter: after }); });
      quietly(() => { this.metrics.reconciled(this.name, 'requeue_after', seconds); });
      return;
    }
    if (outcome.requeue) {
      this.queue.add(key, { rateLimited: true, priority });
      quietly(() => { log.v(5).info('Reconcile done, requeueing'); });
      quietly(() => { this.metrics.reconciled(this.name, 'requeue', seconds); });
      return;
    }
    this.queue.forget(key);
    quietly(() => { log.v(5).info('Reconcile successful'); });
    quietly(() => { this.metrics.reconciled(this.name, 'success', seconds); });
  }
}
