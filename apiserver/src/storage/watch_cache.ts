/**
 * The state of one resource's watch cache (k8s.io/apiserver/pkg/storage/cacher watchCache and watchCacheHistory): the
 * current objects by key, a sliding window of the recent events, and the revision the cache has reached.
 *
 * Contract:
 * - one writer: `replace` (after a list) and `processEvent` / `updateResourceVersion` (from the watch that follows)
 *   are called in revision order by the cacher's reflector; readers see a consistent state between two calls;
 * - the window holds at least `lowerBound` (100) events and grows by doubling, up to `upperBound` (100 Ki), while its
 *   oldest event is younger than `eventFreshMs` (75 s, the apiserver's eventFreshDuration); it halves when the newest
 *   quarter is older than that. `since(rv)` gives the events after rv, or 410 "too old resource version: rv (oldest)"
 *   when the window no longer reaches back to rv;
 * - `waitUntilFresh(rv)` resolves once the cache has reached rv, or fails after `blockTimeoutMs` (3 s) with the 504
 *   "Too large resource version" the apiserver answers (retry after 1 s); `onWaiting` tells the cacher whether anyone
 *   waits, so that it asks etcd for progress meanwhile;
 * - snapshots (ListFromCacheSnapshot): the state of the prefix at every revision from its oldest snapshot on can be
 *   listed (`listAt`). The apiserver keeps a B-tree clone per event; here a snapshot is the current state with the
 *   window's newer events undone (each event keeps the object before it), so they cost no memory beyond the window.
 *   The snapshots are those upstream keeps: one at the list's revision and one per event since, less those older than
 *   the oldest event of a full window (CompactSnapshotsLocked) and those older than etcd's compaction
 *   (`compactSnapshots`); `canServeExactRV(rv)` when one is at or before rv;
 * - objects are frozen when they enter the cache: every list, get and watch shares them, nobody may change them.
 */

import type { Clock, ClockTimer } from '@kubegen/runtime/cache';
import { isJsonObject, newResourceExpired, type StatusError } from '@kubegen/runtime';
import { tooLargeResourceVersion, watchTooOld } from './errors';
import type { StoredObject } from './interface';

/** An event of the window: the object after it (for DELETED: the last state, at the deletion's revision) and before. */
export interface CacheEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  key: string;
  object: StoredObject;
  /** The object before the event, when the cache held it. */
  prevObject: StoredObject | undefined;
  resourceVersion: bigint;
  /** When the cache received it (the window's clock). */
  recordTime: number;
}

export interface WatchCacheOptions {
  clock: Clock;
  lowerBound?: number;
  upperBound?: number;
  eventFreshMs?: number;
  blockTimeoutMs?: number;
}

/** The apiserver's defaults (watch_cache_history.go, cacher.go, watch_cache.go). */
export const DEFAULT_LOWER_BOUND_CAPACITY = 100;
export const DEFAULT_UPPER_BOUND_CAPACITY = 100 * 1024;
export const DEFAULT_EVENT_FRESH_MS = 75_000;
export const DEFAULT_BLOCK_TIMEOUT_MS = 3_000;

interface Waiter {
  rv: bigint;
  resolve(): void;
  reject(err: StatusError): void;
  timer: ClockTimer;
}

/** Freezes a JSON value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** `obj` with `metadata.resourceVersion` set to `rv` (a shallow copy: the rest stays shared, and frozen). */
export function withRevision(obj: StoredObject, rv: bigint): StoredObject {
  const metadata = isJsonObject(obj.metadata) ? obj.metadata : {};
  return { ...obj, metadata: { ...metadata, resourceVersion: rv.toString() } };
}

export class WatchCache {
  private readonly clock: Clock;
  private readonly lowerBound: number;
  private readonly upperBound: number;
  readonly eventFreshMs: number;
  private readonly blockTimeoutMs: number;

  private readonly objects = new Map<string, StoredObject>();
  /** The keys in order; dropped when a key comes or goes, rebuilt on the next list. */
  private sortedKeys: string[] | undefined;

  private buffer: (CacheEvent | undefined)[];
  private startIndex = 0;
  private endIndex = 0;
  private removedEventSinceRelist = false;

  /** The revision the cache has reached (0 before the first list). */
  resourceVersion = 0n;
  /** The revision of the last list (`replace`). */
  listResourceVersion = 0n;
  /** Snapshots before this revision are dropped (storeSnapshotter.RemoveLess); 0 after a list. */
  private snapshotFloor = 0n;

  private readonly waiters = new Set<Waiter>();
  /** Called with true when the first waiter comes, false when the last one goes. */
  onWaiting: ((waiting: boolean) => void) | undefined;

  constructor(options: WatchCacheOptions) {
    this.clock = options.clock;
    this.lowerBound = options.lowerBound ?? DEFAULT_LOWER_BOUND_CAPACITY;
    this.upperBound = Math.max(options.upperBound ?? DEFAULT_UPPER_BOUND_CAPACITY, this.lowerBound);
    this.eventFreshMs = options.eventFreshMs ?? DEFAULT_EVENT_FRESH_MS;
    this.blockTimeoutMs = options.blockTimeoutMs ?? DEFAULT_BLOCK_TIMEOUT_MS;
    this.buffer = new Array<CacheEvent | undefined>(this.lowerBound);
  }

  /** The window's current capacity. */
  get capacity(): number {
    return this.buffer.length;
  }

  /** How many events the window holds. */
  get size(): number {
    return this.endIndex - this.startIndex;
  }

  get(key: string): StoredObject | undefined {
    return this.objects.get(key);
  }

  /** The objects whose key starts with `prefix` (every key when it ends in `/`, else that one key), in key order. */
  list(prefix: string, from = ''): StoredObject[] {
    const out: StoredObject[] = [];
    for (const k of this.keys(prefix, from)) {
      const o = this.objects.get(k);
      if (o) out.push(o);
    }
    return out;
  }

  /** The keys of `list`. */
  private keys(prefix: string, from: string): string[] {
    if (!prefix.endsWith('/')) return this.objects.has(prefix) && from <= prefix ? [prefix] : [];
    this.sortedKeys ??= [...this.objects.keys()].sort();
    const keys = this.sortedKeys;
    const start = from > prefix ? from : prefix;
    const out: string[] = [];
    for (let i = lowerBound(keys, start); i < keys.length; i++) {
      const k = keys[i] ?? '';
      if (!k.startsWith(prefix)) break;
      out.push(k);
    }
    return out;
  }

  /** The revision of the oldest snapshot, if any (the first event of the window not older than the floor, or the list). */
  private oldestSnapshot(): bigint | undefined {
    if (this.listResourceVersion === 0n) return undefined;
    if (this.listResourceVersion >= this.snapshotFloor) return this.listResourceVersion;
    const cap = this.buffer.length;
    const i = this.firstEventAfter(this.snapshotFloor - 1n);
    return i < this.size ? this.buffer[(this.startIndex + i) % cap]?.resourceVersion : undefined;
  }

  /** Whether a snapshot at or before `rv` is kept (storeSnapshotter.GetLessOrEqual found one). */
  canServeExactRV(rv: bigint): boolean {
    const oldest = this.oldestSnapshot();
    return oldest !== undefined && oldest <= rv;
  }

  /** etcd compacted at `rev`: the snapshots before it go (the cacher's compactor, WatchCacheStorage.Compact). */
  compactSnapshots(rev: bigint): void {
    if (rev > this.snapshotFloor) this.snapshotFloor = rev;
  }

  /**
   * The objects under `prefix` from `from` on, in key order, as they were at `rv` (the snapshot at or before it); 410
   * "too old resource version" when there is none (GetExactSnapshotLocked). The cache must have reached `rv`.
   */
  listAt(prefix: string, rv: bigint, from = ''): StoredObject[] {
    if (!this.canServeExactRV(rv)) throw newResourceExpired(`too old resource version: ${rv}`);
    // each key the events after rv touched: its state before the first of them
    const before = new Map<string, StoredObject | undefined>();
    const cap = this.buffer.length;
    const first = this.startIndex + this.firstEventAfter(rv);
    for (let i = this.endIndex - 1; i >= first; i--) {
      const ev = this.buffer[i % cap];
      if (ev) before.set(ev.key, ev.prevObject);
    }
    const current = this.keys(prefix, from);
    const start = from > prefix ? from : prefix;
    const inRange = (k: string) => (prefix.endsWith('/') ? k.startsWith(prefix) && k >= start : k === prefix && from <= prefix);
    // the keys that are gone since rv, in order, merged into the current ones
    const gone = [...before.keys()].filter((k) => !this.objects.has(k) && inRange(k)).sort();
    const out: StoredObject[] = [];
    const push = (k: string) => {
      const o = before.has(k) ? before.get(k) : this.objects.get(k);
      if (o) out.push(o);
    };
    let g = 0;
    for (const k of current) {
      for (; g < gone.length && (gone[g] ?? '') < k; g++) push(gone[g] ?? '');
      push(k);
    }
    for (; g < gone.length; g++) push(gone[g] ?? '');
    return out;
  }

  /** The index in the window (from its start) of the first event after `rv`. */
  private firstEventAfter(rv: bigint): number {
    const cap = this.buffer.length;
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const ev = this.buffer[(this.startIndex + mid) % cap];
      if (ev && ev.resourceVersion > rv) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The state after a list at `rv`: the window is emptied (its indexes never go back). */
  replace(items: { key: string; object: StoredObject }[], rv: bigint): void {
    this.objects.clear();
    for (const { key, object } of items) this.objects.set(key, deepFreeze(object));
    this.sortedKeys = undefined;
    this.buffer.fill(undefined);
    this.startIndex = this.endIndex;
    this.removedEventSinceRelist = false;
    this.listResourceVersion = rv;
    this.snapshotFloor = 0n;
    this.setResourceVersion(rv);
  }

  /** Applies an event from the watch; the event as the window keeps it. */
  processEvent(type: CacheEvent['type'], key: string, object: StoredObject, rv: bigint): CacheEvent {
    const prevObject = this.objects.get(key);
    const event: CacheEvent = { type, key, object: deepFreeze(object), prevObject, resourceVersion: rv, recordTime: this.clock.now() };
    this.addToWindow(event);
    if (type === 'DELETED') {
      this.objects.delete(key);
      this.sortedKeys = undefined;
    } else {
      if (!prevObject) this.sortedKeys = undefined;
      this.objects.set(key, event.object);
    }
    this.setResourceVersion(rv);
    return event;
  }

  /** A progress notification: nothing changed under the prefix up to `rv`. */
  updateResourceVersion(rv: bigint): void {
    if (rv > this.resourceVersion) this.setResourceVersion(rv);
  }

  private setResourceVersion(rv: bigint): void {
    this.resourceVersion = rv;
    for (const w of this.waiters) {
      if (w.rv <= rv) {
        this.clock.clearTimer(w.timer);
        this.removeWaiter(w);
        w.resolve();
      }
    }
  }

  private removeWaiter(w: Waiter): void {
    this.waiters.delete(w);
    if (this.waiters.size === 0) this.onWaiting?.(false);
  }

  private addToWindow(event: CacheEvent): void {
    this.resize(event.recordTime);
    const cap = this.buffer.length;
    if (this.endIndex === this.startIndex + cap) {
      this.buffer[this.startIndex % cap] = undefined;
      this.startIndex++;
      this.removedEventSinceRelist = true;
    }
    this.buffer[this.endIndex % cap] = event;
    this.endIndex++;
    // a full window: the snapshots before its oldest event go with the events (CompactSnapshotsLocked)
    if (this.endIndex === this.startIndex + cap) {
      const oldest = this.buffer[this.startIndex % cap];
      if (oldest) this.compactSnapshots(oldest.resourceVersion);
    }
  }

  /** watchCacheHistory.resizeCacheLocked: double while everything is fresh, halve when the newest quarter is stale. */
  private resize(now: number): void {
    const cap = this.buffer.length;
    if (this.endIndex !== this.startIndex + cap) return;
    const oldest = this.buffer[this.startIndex % cap];
    if (oldest && now - oldest.recordTime < this.eventFreshMs) {
      const next = Math.min(cap * 2, this.upperBound);
      if (next > cap) this.rebuffer(next);
      return;
    }
    const quarter = this.buffer[(this.endIndex - Math.floor(cap / 4)) % cap];
    if (quarter && now - quarter.recordTime > this.eventFreshMs) {
      const next = Math.max(Math.floor(cap / 2), this.lowerBound);
      if (next < cap) this.rebuffer(next);
    }
  }

  private rebuffer(capacity: number): void {
    const old = this.buffer;
    const next = new Array<CacheEvent | undefined>(capacity);
    if (capacity < old.length) this.startIndex = this.endIndex - capacity;
    for (let i = this.startIndex; i < this.endIndex; i++) next[i % capacity] = old[i % old.length];
    this.buffer = next;
  }

  /** The events of the window after `rv`, oldest first; 410 Expired when the window has lost some of them. */
  since(rv: bigint): CacheEvent[] {
    const cap = this.buffer.length;
    let oldest: bigint;
    if (this.listResourceVersion > 0n && !this.removedEventSinceRelist) oldest = this.listResourceVersion + 1n;
    else {
      const first = this.buffer[this.startIndex % cap];
      if (!first || this.size === 0) throw watchTooOld(rv, this.resourceVersion);
      oldest = first.resourceVersion;
    }
    if (rv < oldest - 1n) throw watchTooOld(rv, oldest - 1n);
    const out: CacheEvent[] = [];
    for (let i = this.startIndex + this.firstEventAfter(rv); i < this.endIndex; i++) {
      const ev = this.buffer[i % cap];
      if (ev) out.push(ev);
    }
    return out;
  }

  /**
   * Resolves once the cache has reached `rv` (at once for 0 or a revision reached); rejects with the apiserver's 504
   * after the block timeout, or when `signal` aborts.
   */
  waitUntilFresh(rv: bigint): Promise<void> {
    if (rv === 0n || rv <= this.resourceVersion) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        rv,
        resolve,
        reject,
        timer: this.clock.setTimer(() => {
          this.removeWaiter(waiter);
          reject(tooLargeResourceVersion(rv, this.resourceVersion));
        }, this.blockTimeoutMs),
      };
      this.waiters.add(waiter);
      if (this.waiters.size === 1) this.onWaiting?.(true);
    });
  }

  /** Fails every waiter (the cacher stops). */
  failWaiters(err: StatusError): void {
    for (const w of [...this.waiters]) {
      this.clock.clearTimer(w.timer);
      this.removeWaiter(w);
      w.reject(err);
    }
  }
}

/** The first index of `keys` (sorted) whose key is not less than `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] ?? '') < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
