/**
 * `PriorityQueue`: the work queue of controllers, with controller-runtime's priority queue semantics
 * (`pkg/controller/priorityqueue`), on an injected clock.
 *
 * Contract:
 * - stingy: a key is handed out by `get` to one worker at a time; a key added while it is processed waits until
 *   it is `done`, and then runs once however often it was added;
 * - fair within a priority: `get` returns the ready key with the highest priority, the oldest first among equal
 *   priorities. Handlers give low priority (`LOW_PRIORITY`, -100) to the objects of an informer's initial list
 *   and to updates that did not change the resourceVersion (resyncs), so real changes overtake a start-up flood;
 * - `add(key, { priority, afterMs, rateLimited })`: `rateLimited` asks the rate limiter for a delay (one more
 *   failure) and takes it when it is shorter than `afterMs` (or `afterMs` is 0). A key already queued keeps the
 *   HIGHER priority and the EARLIER ready time of the two adds;
 * - `len()` counts the keys ready to be handed out (not the delayed ones, not the ones being processed);
 * - after `shutDown()`, `add` is ignored and `get` resolves `{ shutdown: true }` at once, even with keys queued
 *   (they are dropped); `done` of the keys handed out still works.
 */

import type { Clock } from '../clock/clock';
import { DelayStage, Heap } from '../workqueue/delay_stage';
import type { RateLimiter } from '../workqueue/rate_limiters';

/** The priority of initial-list creates and unchanged updates (controller-runtime's `handler.LowPriority`). */
export const LOW_PRIORITY = -100;

export interface AddOptions {
  /** Default 0. */
  priority?: number;
  /** Delay before the key is ready; default 0. */
  afterMs?: number;
  /** Delay by the rate limiter (counts a failure); default false. */
  rateLimited?: boolean;
}

/** What `get` resolves with. */
export type PriorityItem = { item: string; priority: number; shutdown: false } | { item: undefined; priority: 0; shutdown: true };

/** Reports of the queue (for `workqueue_*` metrics). */
export interface PriorityQueueHooks {
  added?(key: string): void;
  retried?(key: string): void;
}

interface Entry {
  key: string;
  priority: number;
  readyAt: number;
  seq: number;
  version: number;
}

interface Node {
  entry: Entry;
  version: number;
  priority: number;
  readyAt: number;
  seq: number;
}

/** See the module doc. */
export class PriorityQueue {
  private readonly items = new Map<string, Entry>();
  private readonly processing = new Set<string>();
  private readonly ready = new Heap<Node>((x, y) => x.priority > y.priority || (x.priority === y.priority && x.seq < y.seq));
  /** The delayed keys, placed (ready, or handed to a waiting worker) when their time comes. */
  private readonly delayed: DelayStage<Node>;
  private readonly waiters: Array<(v: PriorityItem) => void> = [];
  private drainWaiters: Array<() => void> = [];
  private seq = 0;
  private isShuttingDown = false;

  constructor(
    readonly rateLimiter: RateLimiter<string>,
    private readonly clock: Clock,
    private readonly hooks: PriorityQueueHooks = {},
  ) {
    this.delayed = new DelayStage<Node>(
      clock,
      (n) => this.valid(n),
      (n) => { this.place(n.entry); },
    );
  }

  add(key: string, opts: AddOptions = {}): void {
    if (this.isShuttingDown) return;
    let after = opts.afterMs ?? 0;
    if (opts.rateLimited) {
      this.hooks.retried?.(key);
      const rl = this.rateLimiter.when(key);
      if (after <= 0 || rl < after) after = rl;
    }
    const now = this.clock.now();
    const readyAt = after > 0 ? now + after : now;
    const priority = opts.priority ?? 0;
    const e = this.items.get(key);
    if (!e) {
      const entry: Entry = { key, priority, readyAt, seq: this.seq++, version: 0 };
      this.items.set(key, entry);
      this.hooks.added?.(key);
      this.place(entry);
      return;
    }
    let changed = false;
    if (priority > e.priority) {
      e.priority = priority;
      changed = true;
    }
    if (readyAt < e.readyAt) {
      e.readyAt = readyAt;
      changed = true;
    }
    if (changed) {
      e.version++;
      this.place(e);
    }
  }

  /** The next ready key, by priority; waits while none is ready. */
  get(): Promise<PriorityItem> {
    if (this.isShuttingDown) return Promise.resolve({ item: undefined, priority: 0, shutdown: true });
    const node = this.popReady();
    if (node) return Promise.resolve(this.handOut(node));
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  done(key: string): void {
    if (!this.processing.delete(key)) return;
    const e = this.items.get(key);
    if (e) this.place(e);
    if (this.processing.size === 0) for (const w of this.drainWaiters.splice(0)) w();
  }

  forget(key: string): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.rateLimiter.numRequeues(key);
  }

  /** The keys ready to be handed out. */
  len(): number {
    const now = this.clock.now();
    let n = 0;
    for (const e of this.items.values()) if (e.readyAt <= now && !this.processing.has(e.key)) n++;
    return n;
  }

  /** The ready keys counted per priority. */
  readyByPriority(): Map<number, number> {
    const now = this.clock.now();
    const out = new Map<number, number>();
    for (const e of this.items.values()) if (e.readyAt <= now && !this.processing.has(e.key)) out.set(e.priority, (out.get(e.priority) ?? 0) + 1);
    return out;
  }

  /** Whether `key` is queued (ready or delayed) or being processed. */
  has(key: string): boolean {
    return this.items.has(key) || this.processing.has(key);
  }

  /** The keys handed out and not yet done. */
  processingCount(): number {
    return this.processing.size;
  }

  shutDown(): void {
    this.isShuttingDown = true;
    for (const w of this.waiters.splice(0)) w({ item: undefined, priority: 0, shutdown: true });
    this.items.clear();
    this.ready.clear();
    this.delayed.clear();
    for (const w of this.drainWaiters.splice(0)) w();
  }

  /** `shutDown`, then resolves once no key is being processed. */
  shutDownWithDrain(): Promise<void> {
    const drained = this.processing.size === 0 ? Promise.resolve() : new Promise<void>((r) => this.drainWaiters.push(r));
    this.isShuttingDown = true;
    for (const w of this.waiters.splice(0)) w({ item: undefined, priority: 0, shutdown: true });
    return drained;
  }

  shuttingDown(): boolean {
    return this.isShuttingDown;
  }

  private valid(n: Node): boolean {
    return this.items.get(n.entry.key) === n.entry && n.entry.version === n.version;
  }

  /** Puts an entry where it belongs now: ready, delayed, or (while processed) nowhere until `done`. */
  private place(e: Entry): void {
    if (this.processing.has(e.key)) return;
    const node: Node = { entry: e, version: e.version, priority: e.priority, readyAt: e.readyAt, seq: e.seq };
    if (e.readyAt > this.clock.now()) {
      this.delayed.push(node);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter(this.handOut(node));
      return;
    }
    this.ready.push(node);
  }

  private popReady(): Node | undefined {
    for (let n = this.ready.pop(); n; n = this.ready.pop()) if (this.valid(n) && !this.processing.has(n.entry.key)) return n;
    return undefined;
  }

  private handOut(n: Node): PriorityItem {
    this.items.delete(n.entry.key);
    this.processing.add(n.entry.key);
    return { item: n.entry.key, priority: n.priority, shutdown: false };
  }
}
