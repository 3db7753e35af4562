/**
 * The watch cache of one resource in front of the etcd storage (k8s.io/apiserver/pkg/storage/cacher: Cacher, the
 * CacheDelegator's choices, watchCache, cacheWatcher). It implements the same storage interface (./interface.ts).
 *
 * A reflector lists the resource's prefix from the backend and watches it from the list's revision; the events fill
 * the store of current objects and the sliding window of recent events (./watch_cache.ts); a watch that ends is
 * resumed from the revision reached, one that fails with 410 Expired relists (and ends every watcher, as the
 * apiserver does). Progress notifications (BOOKMARKs of the backend's watch, asked for while a read waits) move the
 * cache's revision on when other resources write.
 *
 * Served from the cache, as the apiserver 1.37 decides (delegator.go, ShouldDelegateList with the cacher as its Helper):
 * - `getList` with resourceVersion `"0"` (any: the cache as it is; a limit is ignored, as upstream) or `NotOlderThan`
 *   (waiting until the cache reaches it: 504 "Too large resource version" after 3 s), and consistent lists (unset
 *   resourceVersion: the backend's current revision, then the cache once it reaches it — ConsistentListFromCache —
 *   or the backend when it does not within the timeout);
 * - `Exact`, a legacy resourceVersion with a `limit`, and `continue` pages (at their token's revision) from the cache's
 *   snapshots (ListFromCacheSnapshot, ./watch_cache.ts): a revision it has not reached yet is waited for; one older
 *   than its oldest snapshot (before its list, out of a full window, or compacted as the backend's `compactRevision`
 *   says, read every 15 s) goes to the backend, and so does a list of one key; a token of revision -1 (a compacted
 *   page's) reads on consistently;
 * - `get` with a resourceVersion (at least that one); an unset one reads the backend;
 * - `watch`: from a revision still in the window, the events after it, then the following ones; from an older one,
 *   one ERROR (410 "too old resource version: n (oldest)"); unset or `"0"` (and `sendInitialEvents`) the cache's
 *   objects as ADDED first (with `sendInitialEvents` and bookmarks, after the cache reached the backend's revision,
 *   then a BOOKMARK annotated `k8s.io/initial-events-end`); a predicate turns entering and leaving the selection into
 *   ADDED and DELETED; watchers that allow bookmarks get one (at the revision of the last event dispatched, so never
 *   ahead of an event still queued) about every `bookmarkFrequencyMs` (a minute) and, with a `timeoutMs`, about 2 s
 *   before that deadline (none when it is closer than that at the start); a watcher ends at its deadline.
 * - Slow watchers: each has two channels of `suggestedWatchChannelSize` events (the window's capacity over its fresh
 *   duration, 10 to 100), its input and its result, and holds one more between them; an event that finds the input
 *   full waits for room as long as the dispatch budget allows (a shared timeBudget: empty at the start, refilled at
 *   50 ms/s up to 100 ms, what a wait used is gone), meanwhile nothing else is dispatched, and then ends the watcher (its consumer still reads the result channel, then its client
 *   watches again from the last revision it saw) — no buffer grows without bound, and slow watchers cost the others
 *   50 ms a second at most.
 *
 * Not ready (before its first list, during a relist; ResilientWatchCacheInitialization): a watch is refused with 429
 * "storage is (re)initializing" and a Retry-After growing with the downtime (1 to 30 s), a list too unless it is a page
 * without selectors (shouldDelegateListOnNotReadyCache: the backend serves it), a get goes to the backend. Writes
 * always go to the backend.
 */

import { StatusError, isJsonObject, newInternalError, newTooManyRequests } from '@kubegen/runtime';
import { realClock, type Clock, type ClockTimer } from '@kubegen/runtime/cache';
import { parseResourceVersion } from './errors';
import { decodeContinue, encodeContinue } from './continue';
import type { DeleteOptions, GetOptions, ListOptions, ListResult, Predicate, Storage, StoredObject, UpdateOptions, Watch, WatchEvent, WatchOptions } from './interface';
import { type CacheEvent, WatchCache, type WatchCacheOptions, withRevision } from './watch_cache';

export interface CacherOptions {
  /** The backend: every write, and the reads the cache does not serve. */
  storage: Storage;
  /** The key prefix of the resource, `/registry/<group>/<resource>/`. */
  resourcePrefix: string;
  /** The clock of bookmarks, the freshness timeout and the event window (default: the real one). */
  clock?: Clock;
  /** How often a watcher that allows bookmarks gets one (default 60 s, the apiserver's). */
  bookmarkFrequencyMs?: number;
  /**
   * The dispatch budget (timeBudget): how long, at most, events that find watchers' buffers full wait for room before
   * those watchers are ended (default 100 ms); it starts empty and refills at half of it per second (50 ms/s), what a
   * wait did not use is given back.
   */
  dispatchTimeoutMs?: number;
  /** How often progress is asked of the backend while a read waits for the cache (default 100 ms). */
  progressIntervalMs?: number;
  /** The event window: capacity bounds, fresh duration, read timeout (the apiserver's defaults). */
  window?: Omit<WatchCacheOptions, 'clock'>;
}

const DEFAULT_BOOKMARK_FREQUENCY_MS = 60_000;
const DEFAULT_DISPATCH_TIMEOUT_MS = 100;
const DEFAULT_PROGRESS_INTERVAL_MS = 100;
/** How often the cacher looks for watchers due a bookmark (the apiserver's one-second timer, jittered by up to 25%). */
const BOOKMARK_TICK_MS = 1_000;
const BOOKMARK_TICK_JITTER = 0.25;
/** A watcher with a deadline gets its last bookmark this long before it (nextBookmarkTime's rule (a)). */
const PRE_TIMEOUT_BOOKMARK_MS = 2_000;
/** How often the cacher reads the backend's compaction revision (compactorPollPeriod). */
const COMPACTOR_POLL_MS = 15_000;
const MIN_WATCH_CHAN_SIZE = 10;
const MAX_WATCH_CHAN_SIZE = 100;
/** The reflector's backoff after a failed list or watch. */
const RETRY_MS = [100, 200, 400, 800, 1600, 3200, 5000];

function bookmarkObject(rv: bigint, initialEventsEnd: boolean): StoredObject {
  return {
    metadata: {
      resourceVersion: rv.toString(),
      ...(initialEventsEnd ? { annotations: { 'k8s.io/initial-events-end': 'true' } } : {}),
    },
  };
}

function statusOf(err: StatusError): StoredObject {
  const parsed: unknown = JSON.parse(JSON.stringify(err.status));
  return isJsonObject(parsed) ? parsed : {};
}

/** One event a watcher may emit: a window event, or a bookmark at a revision. */
type Pending = CacheEvent | { type: 'BOOKMARK'; resourceVersion: bigint; initialEventsEnd: boolean };

/**
 * What the dispatcher takes in order (the apiserver's `incoming` channel and its bookmark timer, one loop): window
 * events; `PROGRESS`, the revision the cache reached without an event of its own (a list, a progress notification);
 * `TICK`, the bookmark timer. A bookmark carries the revision of the last one processed, so it never overtakes an
 * event still queued for dispatch.
 */
type Incoming = CacheEvent | { type: 'PROGRESS'; resourceVersion: bigint } | { type: 'TICK' };

/**
 * timeBudget: the time the dispatcher may spend waiting for blocked watchers. It starts empty, refills at half its
 * maximum per second (on the clock, as time passes), and a wait takes all of it, giving back what it did not use.
 */
class TimeBudget {
  private budget = 0;
  private last: number;

  constructor(
    private readonly clock: Clock,
    private readonly maxMs: number,
  ) {
    this.last = clock.now();
  }

  takeAvailable(): number {
    const now = this.clock.now();
    this.budget = Math.min(this.maxMs, this.budget + (Math.max(0, now - this.last) / 1000) * (this.maxMs / 2));
    this.last = now;
    const out = this.budget;
    this.budget = 0;
    return out;
  }

  returnUnused(unusedMs: number): void {
    if (unusedMs > 0) this.budget = Math.min(this.maxMs, this.budget + unusedMs);
  }
}

/**
 * watcherBookmarkTimeBuckets: the watchers that allow bookmarks, by the second (since the queue was made) of their next
 * bookmark; a watcher due at X gets it within (X-1 s, X+1 s) plus the timer's jitter. A stopped watcher stays until its
 * bucket is popped (and is skipped then).
 */
class BookmarkTimeBuckets<W extends { nextBookmarkTime(now: number, frequencyMs: number): number | undefined }> {
  private readonly buckets = new Map<number, W[]>();
  private readonly createTime: number;
  private startBucket = 0;

  constructor(
    private readonly clock: Clock,
    private readonly frequencyMs: number,
  ) {
    this.createTime = clock.now();
  }

  /** Queues `w` for its next bookmark; false when it gets none (its deadline is too close). */
  add(w: W): boolean {
    const next = w.nextBookmarkTime(this.clock.now(), this.frequencyMs);
    if (next === undefined) return false;
    const bucket = Math.max(Math.floor((next - this.createTime) / 1000), this.startBucket);
    const list = this.buckets.get(bucket);
    if (list) list.push(w);
    else this.buckets.set(bucket, [w]);
    return true;
  }

  /** The watchers of every bucket up to the current second, which leave the queue. */
  popExpired(): W[] {
    const current = Math.floor((this.clock.now() - this.createTime) / 1000);
    const out: W[] = [];
    for (; this.startBucket <= current; this.startBucket++) {
      const list = this.buckets.get(this.startBucket);
      if (!list) continue;
      this.buckets.delete(this.startBucket);
      out.push(...list);
    }
    return out;
  }
}

/**
 * A watch served by the cacher (cacheWatcher): filters, buffers and hands events to its consumer. Its two channels of
 * `chanSize`, as upstream's: `input`, the raw events the dispatcher adds, and `result`, the converted events (the
 * initial ones first) waiting for the consumer — plus the one its goroutine holds while `result` is full. The
 * dispatcher finds it blocked when `input` is full: 2 × chanSize + 1 unread events. When it ends, `input` is dropped and
 * `result` (up to chanSize events) is still read: a closed Go channel delivers what it holds.
 */
class CacheWatcher implements Watch {
  /** The result channel, from `head` on (with the event in hand: up to chanSize + 1 once the initial ones are read). */
  private result: WatchEvent[] = [];
  private head = 0;
  private readonly input: Pending[] = [];
  private waiting: ((r: IteratorResult<WatchEvent>) => void) | undefined;
  private roomWaiters: (() => void)[] = [];
  ended = false;

  constructor(
    private readonly key: string,
    private readonly predicate: Predicate | undefined,
    /** Events at or before this revision are not sent: the watch starts after it, its initial events cover it. */
    private startRV: bigint,
    readonly allowBookmarks: boolean,
    readonly chanSize: number,
    /** When the watch ends (the cacher's clock), if it has a timeout. */
    readonly deadline: number | undefined,
    private readonly forget: (w: CacheWatcher) => void,
  ) {}

  /**
   * nextBookmarkTime: when this watcher gets its next bookmark — in `frequencyMs` (rule (b), about a minute), but no
   * later than 2 s before its deadline (rule (a): the client resumes from a revision as close to the end as possible);
   * none once that is past. (Rule (c), at once while an initial-events-end bookmark is awaited, has no use here: that
   * bookmark is sent right after the initial events, the cache having reached their revision first.)
   */
  nextBookmarkTime(now: number, frequencyMs: number): number | undefined {
    let next = now + frequencyMs;
    if (this.deadline === undefined) return next;
    const preTimeout = this.deadline - PRE_TIMEOUT_BOOKMARK_MS;
    if (preTimeout < next) next = preTimeout;
    return next < now ? undefined : next;
  }

  /** The events sent first, which cover everything up to `coveredRV` (later window events are not sent twice). */
  setInitial(events: WatchEvent[], coveredRV: bigint): void {
    this.result = events;
    this.head = 0;
    if (coveredRV > this.startRV) this.startRV = coveredRV;
  }

  private get resultSize(): number {
    return this.result.length - this.head;
  }

  private matches(key: string, obj: StoredObject | undefined): boolean {
    if (!obj) return false;
    if (this.key.endsWith('/') ? !key.startsWith(this.key) : key !== this.key) return false;
    return !this.predicate || this.predicate.matches(obj);
  }

  /** convertToWatchEvent: the event this watcher sends for `ev`, if any. */
  convert(ev: Pending): WatchEvent | undefined {
    if (ev.type === 'BOOKMARK') {
      return ev.resourceVersion > this.startRV || ev.initialEventsEnd ? { type: 'BOOKMARK', object: bookmarkObject(ev.resourceVersion, ev.initialEventsEnd) } : undefined;
    }
    if (ev.resourceVersion <= this.startRV) return undefined;
    const cur = ev.type !== 'DELETED' && this.matches(ev.key, ev.object);
    const old = this.matches(ev.key, ev.prevObject);
    if (cur) return { type: old ? 'MODIFIED' : 'ADDED', object: ev.object };
    if (old && ev.prevObject) return { type: 'DELETED', object: withRevision(ev.prevObject, ev.resourceVersion) };
    return undefined;
  }

  /** nonblockingAdd: false when the input channel is full. */
  tryAdd(ev: Pending): boolean {
    if (this.ended) return true;
    if (this.input.length >= this.chanSize) return false;
    this.input.push(ev);
    this.pump();
    return true;
  }

  /**
   * The watcher's goroutine (process): converts input events into the result channel while it has room (chanSize, and
   * one in hand), and hands the first result to a consumer that waits.
   */
  private pump(): void {
    for (;;) {
      while (this.input.length > 0 && this.resultSize <= this.chanSize) {
        const ev = this.input.shift();
        const out = ev && this.convert(ev);
        if (out) this.result.push(out);
      }
      const w = this.waiting;
      const out = w && this.take();
      if (!w || !out) break;
      this.waiting = undefined;
      w({ value: out, done: false });
    }
    this.signalRoom();
  }

  /** The first event of the result channel, if any. */
  private take(): WatchEvent | undefined {
    if (this.head >= this.result.length) return undefined;
    const ev = this.result[this.head++];
    if (this.head >= this.result.length) {
      this.result = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.result.length) {
      this.result = this.result.slice(this.head);
      this.head = 0;
    }
    return ev;
  }

  /** Resolves when the input channel has room (or the watcher ended); the cacher races it against its budget. */
  room(): Promise<void> {
    if (this.ended || this.input.length < this.chanSize) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  private signalRoom(): void {
    if (this.roomWaiters.length === 0 || this.input.length >= this.chanSize) return;
    const waiters = this.roomWaiters;
    this.roomWaiters = [];
    for (const r of waiters) r();
  }

  private next(): Promise<IteratorResult<WatchEvent>> {
    const ev = this.take();
    if (ev) {
      if (!this.ended) this.pump();
      return Promise.resolve({ value: ev, done: false });
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /**
   * Ends the watch (stopLocked): the input channel and the event in hand are dropped, the consumer still reads what the
   * result channel holds (up to chanSize events), then its iteration ends.
   */
  stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.input.length = 0;
    this.result = this.result.slice(this.head, this.head + this.chanSize);
    this.head = 0;
    this.forget(this);
    const w = this.waiting;
    this.waiting = undefined;
    w?.({ value: undefined, done: true });
    for (const r of this.roomWaiters) r();
    this.roomWaiters = [];
  }

  [Symbol.asyncIterator](): AsyncIterator<WatchEvent> {
    return {
      next: () => this.next(),
      return: () => {
        this.stop();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}

/** A watch that ends at once (the apiserver's immediateCloseWatcher). */
function closedWatch(): Watch {
  return {
    stop() {},
    [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ value: undefined, done: true }) }),
  };
}

/** A watch that yields one ERROR event and ends (the apiserver's errWatcher). */
function errorWatch(err: StatusError): Watch {
  let sent = false;
  return {
    stop() {
      sent = true;
    },
    [Symbol.asyncIterator]: () => ({
      next: () => {
        if (sent) return Promise.resolve({ value: undefined, done: true });
        sent = true;
        return Promise.resolve({ value: { type: 'ERROR', object: statusOf(err) }, done: false });
      },
    }),
  };
}

export class Cacher implements Storage {
  readonly resourcePrefix: string;
  private readonly storage: Storage;
  private readonly clock: Clock;
  private readonly cache: WatchCache;
  private readonly bookmarkFrequencyMs: number;
  private readonly dispatchBudget: TimeBudget;
  private readonly progressIntervalMs: number;

  private readonly watchers = new Set<CacheWatcher>();
  private readonly incoming: Incoming[] = [];
  private dispatching = false;
  /** The revision of the last event (or progress) the dispatcher processed: the revision of its bookmarks. */
  private lastProcessedRV = 0n;
  /** The watchers that allow bookmarks, by the time of their next one. */
  private readonly bookmarkWatchers: BookmarkTimeBuckets<CacheWatcher>;
  /** The ready state (ready.go): pending until the first list, ready, pending again during a relist; stopped at the end. */
  private state: 'pending' | 'ready' | 'stopped' = 'pending';
  /** How many times the cache became ready (a watch registered across a relist is dropped). */
  private generation = 0;
  /** When the state last changed (the clock's time): the longer the downtime, the longer the Retry-After. */
  private lastStateChange: number;
  /** Why the last list failed, while pending. */
  private lastErr: string | undefined;
  private compactTimer: ClockTimer | undefined;
  private compactedAt = 0n;
  private stopped = false;
  private started = false;
  private reflectorWatch: Watch | undefined;
  private bookmarkTimer: ClockTimer | undefined;
  private progressTimer: ClockTimer | undefined;
  private retryTimer: ClockTimer | undefined;
  private wake: (() => void) | undefined;
  private readonly readyWaiters: (() => void)[] = [];
  /** Settles when the reflector has stopped. */
  private running: Promise<void> = Promise.resolve();

  constructor(options: CacherOptions) {
    this.storage = options.storage;
    this.resourcePrefix = options.resourcePrefix.endsWith('/') ? options.resourcePrefix : `${options.resourcePrefix}/`;
    this.clock = options.clock ?? realClock;
    this.cache = new WatchCache({ ...options.window, clock: this.clock });
    this.bookmarkFrequencyMs = options.bookmarkFrequencyMs ?? DEFAULT_BOOKMARK_FREQUENCY_MS;
    this.bookmarkWatchers = new BookmarkTimeBuckets(this.clock, this.bookmarkFrequencyMs);
    this.dispatchBudget = new TimeBudget(this.clock, options.dispatchTimeoutMs ?? DEFAULT_DISPATCH_TIMEOUT_MS);
    this.progressIntervalMs = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
    this.lastStateChange = this.clock.now();
    this.cache.onWaiting = (waiting) => {
      this.onWaiting(waiting);
    };
  }

  /** Starts the reflector (idempotent); the cache is ready after its first list. */
  start(): this {
    if (this.stopped || this.started) return this;
    this.started = true;
    this.scheduleBookmarks();
    this.scheduleCompaction();
    this.running = this.reflect();
    return this;
  }

  /** Whether `close` was called (a method: the reflector reads it after each await). */
  private isStopped(): boolean {
    return this.stopped;
  }

  /** Whether the cache serves reads (after its first list, not during a relist). */
  isReady(): boolean {
    return this.state === 'ready';
  }

  /** Resolves once the cache is ready (or stopped). */
  waitReady(): Promise<void> {
    if (this.state !== 'pending') return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The revision the cache has reached. */
  get resourceVersion(): bigint {
    return this.cache.resourceVersion;
  }

  /** How many events the window holds, and its capacity. */
  get window(): { size: number; capacity: number } {
    return { size: this.cache.size, capacity: this.cache.capacity };
  }

  /** How many watchers the cacher serves. */
  get watcherCount(): number {
    return this.watchers.size;
  }

  // ---- the reflector ----

  /** ready.set: pending ⇄ ready (nothing once stopped); `err` is why the cache is pending. */
  private setReady(ready: boolean, err?: string): void {
    if (this.state === 'stopped') return;
    this.lastErr = err;
    if (ready && this.state === 'pending') {
      this.state = 'ready';
      this.generation++;
      this.lastStateChange = this.clock.now();
      for (const r of this.readyWaiters.splice(0)) r();
    } else if (!ready && this.state === 'ready') {
      this.state = 'pending';
      this.lastStateChange = this.clock.now();
    }
  }

  /**
   * ready.check: a 429 while the cache is not ready (KEP 4568), its Retry-After growing with the downtime
   * (calculateRetryAfterForUnreadyCache: e^(0.06·seconds), 1 to 30 s).
   */
  private checkReady(): void {
    if (this.state === 'ready') return;
    const downtime = (this.clock.now() - this.lastStateChange) / 1000;
    const retryAfter = Math.trunc(Math.min(30, Math.max(1, Math.exp(0.06 * downtime))));
    const message = this.state === 'stopped' ? 'apiserver cacher is stopped' : this.lastErr === undefined ? 'storage is (re)initializing' : `storage is (re)initializing: ${this.lastErr}`;
    throw newTooManyRequests(message, retryAfter);
  }

  private keyOf(obj: StoredObject): string {
    const meta = isJsonObject(obj.metadata) ? obj.metadata : {};
    const ns = typeof meta.namespace === 'string' && meta.namespace !== '' ? `${meta.namespace}/` : '';
    return `${this.resourcePrefix}${ns}${typeof meta.name === 'string' ? meta.name : ''}`;
  }

  /** The reflector's backoff; `close` ends it early. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.retryTimer = this.clock.setTimer(resolve, ms, { keepAlive: false });
    });
  }

  private async reflect(): Promise<void> {
    let failures = 0;
    let relist = true;
    while (!this.isStopped()) {
      try {
        if (relist) {
          if (this.state === 'ready') this.setReady(false);
          this.terminateAllWatchers();
          const list = await this.storage.getList(this.resourcePrefix);
          if (this.isStopped()) return;
          this.cache.replace(
            list.items.map((object) => ({ key: this.keyOf(object), object })),
            BigInt(list.resourceVersion),
          );
          this.enqueue({ type: 'PROGRESS', resourceVersion: this.cache.resourceVersion });
          this.setReady(true);
          relist = false;
        }
        const watch = await this.storage.watch(this.resourcePrefix, { resourceVersion: this.cache.resourceVersion.toString(), allowWatchBookmarks: true, sendInitialEvents: false });
        if (this.isStopped()) {
          watch.stop();
          return;
        }
        this.reflectorWatch = watch;
        if (this.progressTimer !== undefined) watch.requestProgress?.();
        let failed = false;
        for await (const ev of watch) {
          if (ev.type === 'ERROR') {
            // 410: the revision is compacted — list again; anything else: watch again from the revision reached.
            if (ev.object.code === 410) {
              relist = true;
              this.setReady(false);
            }
            failed = true;
            break;
          }
          failures = 0;
          const rv = parseResourceVersion(isJsonObject(ev.object.metadata) && typeof ev.object.metadata.resourceVersion === 'string' ? ev.object.metadata.resourceVersion : '');
          if (ev.type === 'BOOKMARK') {
            this.cache.updateResourceVersion(rv);
            this.enqueue({ type: 'PROGRESS', resourceVersion: this.cache.resourceVersion });
            continue;
          }
          if (rv <= this.cache.resourceVersion) continue;
          this.enqueue(this.cache.processEvent(ev.type, this.keyOf(ev.object), ev.object, rv));
        }
        this.reflectorWatch = undefined;
        watch.stop();
        // a watch that failed before any event is retried after the backoff, not at once
        if (failed && failures > 0 && !this.isStopped()) await this.sleep(RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)] ?? 5000);
        if (failed) failures++;
      } catch (err) {
        if (this.isStopped()) return;
        if (err instanceof StatusError && err.code === 410) {
          relist = true;
          this.setReady(false);
        } else if (relist) this.setReady(false, err instanceof Error ? err.message : 'unknown error');
        this.reflectorWatch = undefined;
        await this.sleep(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)] ?? 5000);
      }
    }
  }

  /** Asks the backend for progress every `progressIntervalMs` while a read waits for the cache (conditionalProgressRequester). */
  private onWaiting(waiting: boolean): void {
    if (!waiting) {
      if (this.progressTimer !== undefined) this.clock.clearTimer(this.progressTimer);
      this.progressTimer = undefined;
      return;
    }
    if (this.progressTimer !== undefined) return;
    const tick = () => {
      this.reflectorWatch?.requestProgress?.();
      this.progressTimer = this.clock.setTimer(tick, this.progressIntervalMs, { keepAlive: false });
    };
    tick();
  }

  // ---- dispatching ----

  private enqueue(ev: Incoming): void {
    this.incoming.push(ev);
    if (!this.dispatching) void this.dispatchLoop();
  }

  private async dispatchLoop(): Promise<void> {
    this.dispatching = true;
    try {
      for (let ev = this.incoming.shift(); ev; ev = this.incoming.shift()) {
        if (ev.type === 'PROGRESS') {
          if (ev.resourceVersion > this.lastProcessedRV) this.lastProcessedRV = ev.resourceVersion;
          continue;
        }
        if (ev.type === 'TICK') {
          this.dispatchBookmarks();
          continue;
        }
        this.lastProcessedRV = ev.resourceVersion;
        const blocked: CacheWatcher[] = [];
        for (const w of this.watchers) if (!w.tryAdd(ev)) blocked.push(w);
        if (blocked.length > 0) await this.dispatchBlocked(ev, blocked);
      }
    } finally {
      this.dispatching = false;
    }
  }

  /** Waits up to the budget for room in each blocked watcher; ends the ones still full. */
  private async dispatchBlocked(ev: Pending, blocked: CacheWatcher[]): Promise<void> {
    const started = this.clock.now();
    const timeout = this.dispatchBudget.takeAvailable();
    let timer: ClockTimer | undefined;
    // an empty budget: the blocked watchers end at once (after one more turn of the event loop, below)
    const state = { expired: timeout <= 0 };
    const budget = state.expired
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          timer = this.clock.setTimer(() => {
            state.expired = true;
            resolve();
          }, timeout);
        });
    for (const w of blocked) {
      if (!state.expired) await Promise.race([w.room(), budget]);
      // one more turn of the event loop: a consumer whose socket drained in the same turn as the timer fired
      if (state.expired && !w.ended && !w.tryAdd(ev)) await new Promise<void>((resolve) => setImmediate(resolve));
      if (!w.tryAdd(ev)) w.stop();
    }
    if (timer !== undefined) this.clock.clearTimer(timer);
    this.dispatchBudget.returnUnused(timeout - (this.clock.now() - started));
  }

  /**
   * The bookmark timer (dispatchEvents): about every second, a tick joins the incoming events; the next is set once it
   * is dispatched, so ticks do not pile up behind a blocked dispatch.
   */
  private scheduleBookmarks(): void {
    if (this.stopped) return;
    this.bookmarkTimer = this.clock.setTimer(
      () => {
        this.bookmarkTimer = undefined;
        this.enqueue({ type: 'TICK' });
      },
      BOOKMARK_TICK_MS * (1 + BOOKMARK_TICK_JITTER * Math.random()),
      { keepAlive: false },
    );
  }

  /**
   * A tick (startDispatchingBookmarkEventsLocked, finishDispatching): a bookmark at the last processed revision to each
   * watcher whose time has come, then each is queued for its next one (none after the one before its deadline).
   * Nothing before the cache's first list (a bookmark needs a revision). Bookmarks never wait: a full buffer skips one
   * (nonblockingAdd).
   */
  private dispatchBookmarks(): void {
    if (this.lastProcessedRV > 0n) {
      const ev: Pending = { type: 'BOOKMARK', resourceVersion: this.lastProcessedRV, initialEventsEnd: false };
      for (const w of this.bookmarkWatchers.popExpired()) {
        if (w.ended) continue;
        w.tryAdd(ev);
        this.bookmarkWatchers.add(w);
      }
    }
    this.scheduleBookmarks();
  }

  /**
   * The cacher's compactor: every 15 s, the backend's compaction revision (etcd3's, from the `compact_rev_key` the
   * apiservers' compactors write); the snapshots before it go, so that an Exact list of a compacted revision is the
   * backend's (410).
   */
  private scheduleCompaction(): void {
    const read = this.storage.compactRevision?.bind(this.storage);
    if (this.stopped || read === undefined) return;
    this.compactTimer = this.clock.setTimer(
      () => {
        read().then(
          (rev) => {
            const n = parseResourceVersion(rev);
            if (n > this.compactedAt) this.compactedAt = n;
            this.cache.compactSnapshots(this.compactedAt);
            this.scheduleCompaction();
          },
          () => {
            this.scheduleCompaction();
          },
        );
      },
      COMPACTOR_POLL_MS,
      { keepAlive: false },
    );
  }

  /** The compaction revision the compactor last read (CacheDelegator.CompactRevision). */
  async compactRevision(): Promise<string> {
    return Promise.resolve(this.compactedAt.toString());
  }

  private terminateAllWatchers(): void {
    for (const w of [...this.watchers]) w.stop();
  }

  /** suggestedWatchChannelSize: about one second of the window's history, 10 to 100 events. */
  private chanSize(): number {
    return Math.min(Math.max(Math.ceil(this.cache.capacity / (this.cache.eventFreshMs / 1000)), MIN_WATCH_CHAN_SIZE), MAX_WATCH_CHAN_SIZE);
  }

  // ---- the storage interface ----

  async create(key: string, obj: StoredObject): Promise<StoredObject> {
    return this.storage.create(key, obj);
  }

  async guaranteedUpdate(key: string, options: UpdateOptions): Promise<StoredObject> {
    return this.storage.guaranteedUpdate(key, options);
  }

  async delete(key: string, options?: DeleteOptions): Promise<StoredObject> {
    return this.storage.delete(key, options);
  }

  async currentResourceVersion(): Promise<string> {
    return this.storage.currentResourceVersion();
  }

  private serves(key: string): boolean {
    return this.state === 'ready' && key.startsWith(this.resourcePrefix);
  }

  async get(key: string, options: GetOptions = {}): Promise<StoredObject | undefined> {
    const rv = parseResourceVersion(options.resourceVersion, key);
    // An unset resourceVersion reads the backend (the apiserver's backward compatibility).
    if (options.resourceVersion === undefined || options.resourceVersion === '' || !this.serves(key)) return this.storage.get(key, options);
    await this.cache.waitUntilFresh(rv);
    return this.cache.get(key);
  }

  /**
   * delegator.ShouldDelegateList with the cacher as its Helper (ShouldDelegateExactRV, ShouldDelegateContinue,
   * ShouldDelegateConsistentRead): whether the backend serves this list, and whether it is a consistent read. A
   * revision the cache has not reached yet is not delegated (the cache waits for it); one it keeps no snapshot for is.
   * Consistent reads are served by the cache: the backend's watch answers progress requests.
   */
  shouldDelegateList(prefix: string, options: ListOptions): { shouldDelegate: boolean; consistentRead: boolean } {
    const recursive = prefix.endsWith('/');
    const exactRV = (rv: bigint) => ({ shouldDelegate: !recursive || (rv <= this.cache.resourceVersion && !this.cache.canServeExactRV(rv)), consistentRead: false });
    const rv = options.resourceVersion ?? '';
    switch (options.resourceVersionMatch ?? '') {
      case 'Exact':
        return recursive ? exactRV(parseResourceVersion(rv, prefix)) : { shouldDelegate: true, consistentRead: false };
      case 'NotOlderThan':
        return { shouldDelegate: false, consistentRead: false };
      case '': {
        const token = options.continue ?? '';
        if (token !== '') {
          if (!recursive) return { shouldDelegate: true, consistentRead: false };
          const c = decodeContinue(token, prefix);
          // a token of a compacted page (revision -1) reads on at the newest revision: a consistent read
          return c.rv > 0n ? exactRV(c.rv) : { shouldDelegate: false, consistentRead: true };
        }
        if ((options.limit ?? 0) > 0 && rv !== '' && rv !== '0') return recursive ? exactRV(parseResourceVersion(rv, prefix)) : { shouldDelegate: true, consistentRead: false };
        if (rv === '') return { shouldDelegate: false, consistentRead: true };
        return { shouldDelegate: false, consistentRead: false };
      }
      default:
        return { shouldDelegate: true, consistentRead: false };
    }
  }

  /** CacheDelegator.GetList: the backend for what the cache does not serve; the cache for the rest. */
  async getList(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    parseResourceVersion(options.resourceVersion, prefix);
    if (!prefix.startsWith(this.resourcePrefix)) return this.storage.getList(prefix, options);
    const { shouldDelegate, consistentRead } = this.shouldDelegateList(prefix, options);
    if (shouldDelegate) return this.storage.getList(prefix, options);
    // shouldDelegateListOnNotReadyCache: a page without selectors is read from the backend while the cache is not ready
    if (this.state !== 'ready' && (options.limit ?? 0) > 0 && (options.predicate === undefined || options.predicate.empty)) return this.storage.getList(prefix, options);
    try {
      return await this.listFromCache(prefix, options);
    } catch (err) {
      // a snapshot gone meanwhile (ResourceExpired), and a consistent read the cache could not catch up with: the backend
      if (err instanceof StatusError && (err.code === 410 || (consistentRead && err.code === 504))) return this.storage.getList(prefix, options);
      throw err;
    }
  }

  /** Cacher.GetList and watchCache.waitUntilFreshAndList: 429 while the cache is not ready. */
  private async listFromCache(prefix: string, options: ListOptions): Promise<ListResult> {
    this.checkReady();
    const rv = parseResourceVersion(options.resourceVersion, prefix);
    const exact = async (at: bigint, from: string) => {
      await this.cache.waitUntilFresh(at);
      return { items: this.cache.listAt(prefix, at, from), listRV: at };
    };
    const latest = async (minimum: bigint, from: string) => {
      await this.cache.waitUntilFresh(minimum);
      return { items: this.cache.list(prefix, from), listRV: this.cache.resourceVersion };
    };
    const consistent = async (from: string) => latest(BigInt(await this.storage.currentResourceVersion()), from);
    let read: { items: StoredObject[]; listRV: bigint };
    const token = options.continue ?? '';
    switch (options.resourceVersionMatch ?? '') {
      case 'Exact':
        read = await exact(rv, '');
        break;
      case '':
        if (token !== '') {
          const c = decodeContinue(token, prefix);
          read = c.rv > 0n ? await exact(c.rv, c.key) : await consistent(c.key);
        } else if ((options.limit ?? 0) > 0 && rv > 0n) read = await exact(rv, '');
        else if ((options.resourceVersion ?? '') === '') read = await consistent('');
        else read = await latest(rv, '');
        break;
      default:
        read = await latest(rv, '');
    }
    const { items: all, listRV } = read;
    // computeListLimit: resourceVersion "0" ignores the limit
    const limit = (options.limit ?? 0) > 0 && options.resourceVersion !== '0' ? (options.limit ?? 0) : 0;
    const predicate = options.predicate !== undefined && !options.predicate.empty ? options.predicate : undefined;
    const items: StoredObject[] = [];
    let lastKey = '';
    let more = false;
    for (let i = 0; i < all.length; i++) {
      const obj = all[i];
      if (!obj || (predicate && !predicate.matches(obj))) continue;
      items.push(obj);
      lastKey = this.keyOf(obj);
      if (limit > 0 && items.length >= limit) {
        more = i < all.length - 1;
        break;
      }
    }
    const result: ListResult = { items, resourceVersion: listRV.toString(), continue: '' };
    if (more) {
      result.continue = encodeContinue(`${lastKey}\0`, prefix, listRV);
      if (!predicate) result.remainingItemCount = all.length - limit;
    }
    return result;
  }

  async watch(key: string, options: WatchOptions = {}): Promise<Watch> {
    const requested = parseResourceVersion(options.resourceVersion, key);
    if (!key.startsWith(this.resourcePrefix)) return this.storage.watch(key, options);
    // the request's deadline, from when it was asked for (the handler's context.WithTimeout)
    const deadline = options.timeoutMs === undefined ? undefined : this.clock.now() + Math.max(0, options.timeoutMs);
    // not ready: 429, the client watches again after the Retry-After (ResilientWatchCacheInitialization)
    this.checkReady();
    const generation = this.generation;
    const unset = (options.resourceVersion ?? '') === '';
    const predicate = options.predicate !== undefined && !options.predicate.empty ? options.predicate : undefined;
    let required = requested;
    try {
      // getWatchCacheResourceVersion: an unset resourceVersion with sendInitialEvents is the backend's newest
      if (unset && options.sendInitialEvents !== undefined) required = BigInt(await this.storage.currentResourceVersion());
      if (options.sendInitialEvents === true) await this.cache.waitUntilFresh(required);
    } catch (err) {
      if (err instanceof StatusError) return errorWatch(err);
      throw err;
    }
    // the cache went through a relist meanwhile: the watch ends at once, its client watches again (immediateCloseWatcher)
    if (this.state !== 'ready' || this.generation !== generation) return closedWatch();
    const allowBookmarks = options.allowWatchBookmarks === true;
    let startRV: bigint;
    const initial: WatchEvent[] = [];
    const initialState = options.sendInitialEvents === true || (required === 0n && options.sendInitialEvents === undefined);
    if (initialState) {
      startRV = this.cache.resourceVersion;
      for (const obj of this.cache.list(key)) if (!predicate || predicate.matches(obj)) initial.push({ type: 'ADDED', object: obj });
      if (options.sendInitialEvents === true && allowBookmarks) initial.push({ type: 'BOOKMARK', object: bookmarkObject(startRV, true) });
    } else {
      startRV = required === 0n ? this.cache.resourceVersion : required;
      let replay: CacheEvent[];
      try {
        replay = this.cache.since(startRV);
      } catch (err) {
        if (err instanceof StatusError) return errorWatch(err);
        throw err;
      }
      const watcher = this.newWatcher(key, predicate, startRV, allowBookmarks, deadline);
      for (const ev of replay) {
        const out = watcher.convert(ev);
        if (out) initial.push(out);
      }
      watcher.setInitial(initial, this.cache.resourceVersion);
      return this.register(watcher, options.signal);
    }
    const watcher = this.newWatcher(key, predicate, startRV, allowBookmarks, deadline);
    watcher.setInitial(initial, startRV);
    return this.register(watcher, options.signal);
  }

  private newWatcher(key: string, predicate: Predicate | undefined, startRV: bigint, allowBookmarks: boolean, deadline: number | undefined): CacheWatcher {
    let deadlineTimer: ClockTimer | undefined;
    const w = new CacheWatcher(key, predicate, startRV, allowBookmarks, this.chanSize(), deadline, (x) => {
      this.watchers.delete(x);
      if (deadlineTimer !== undefined) this.clock.clearTimer(deadlineTimer);
    });
    // the watcher ends at its deadline, events or not (processInterval returns when the context is done)
    if (deadline !== undefined) {
      deadlineTimer = this.clock.setTimer(
        () => {
          deadlineTimer = undefined;
          w.stop();
        },
        deadline - this.clock.now(),
        { keepAlive: false },
      );
    }
    return w;
  }

  private register(w: CacheWatcher, signal: AbortSignal | undefined): Watch {
    if (signal?.aborted === true || w.ended) {
      w.stop();
      return w;
    }
    this.watchers.add(w);
    // queued for bookmarks only when it allows them, and not when its deadline is under 2 s away
    if (w.allowBookmarks) this.bookmarkWatchers.add(w);
    signal?.addEventListener(
      'abort',
      () => {
        w.stop();
      },
      { once: true },
    );
    return w;
  }

  /** Stops the reflector and ends every watcher; the backend stays open (its owner closes it). */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.state = 'stopped';
    this.lastStateChange = this.clock.now();
    for (const r of this.readyWaiters.splice(0)) r();
    for (const t of [this.bookmarkTimer, this.progressTimer, this.retryTimer, this.compactTimer]) if (t !== undefined) this.clock.clearTimer(t);
    this.bookmarkTimer = this.progressTimer = this.retryTimer = this.compactTimer = undefined;
    this.wake?.();
    this.reflectorWatch?.stop();
    this.terminateAllWatchers();
    this.cache.failWaiters(newInternalError('the watch cache is stopped'));
    await this.running.catch(() => undefined);
  }
}

