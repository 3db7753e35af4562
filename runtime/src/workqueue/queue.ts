/**
 * `Queue<T>`: the work queue of controllers (client-go `util/workqueue` queue.go), generic and promise-based.
 *
 * Contract (client-go's, word for word where it can be):
 * - fair: items are processed in the order in which they are added (FIFO);
 * - stingy: a single item is never processed concurrently, and if an item is added multiple times before it
 *   can be processed, it is only processed once. Two sets make it so: `dirty` (needs processing) and
 *   `processing` (handed out by `get`, not yet `done`);
 *   - `add(x)`: ignored while shutting down; a no-op when `x` is already dirty (waiting); if `x` is being
 *     processed, it is marked dirty and queued again only when that processing is `done`;
 *   - `get()`: resolves with the oldest waiting item and moves it from dirty to processing; waits while the
 *     queue is empty; waiters are served in the order they called `get`;
 *   - `done(x)`: ends the processing of `x`; if `x` was added meanwhile it goes to the back of the queue. Every
 *     item `get` returns must be `done`, even on failure, or it will never be handed out again;
 * - multiple producers and consumers; it supports adding an item while it is being processed;
 * - shutdown: after `shutDown()`, `add` is ignored and `get` still hands out the items already queued, then
 *   resolves `{ shutdown: true }` (immediately for every waiter). `shutDownWithDrain()` also waits until every
 *   item handed out is `done` (items never picked up are not waited for); a `shutDown()` meanwhile ends that
 *   wait;
 * - items are compared with SameValueZero (`Set` semantics): queue keys (strings such as `ns/name`), not
 *   objects.
 */

import { Fifo } from '../cache/fifo';

/** What `get` resolves with. */
export type QueueItem<T> = { item: T; shutdown: false } | { item: undefined; shutdown: true };

export interface Queue<T> {
  add(item: T): void;
  /** The number of items waiting (not the ones being processed). */
  len(): number;
  /** The next item, or `{ shutdown: true }` once shut down and empty. */
  get(): Promise<QueueItem<T>>;
  done(item: T): void;
  /** Stops accepting items and wakes every waiter (see the contract). */
  shutDown(): void;
  /** `shutDown`, then resolves once no item is being processed. */
  shutDownWithDrain(): Promise<void>;
  shuttingDown(): boolean;
}

export interface QueueOptions {
  /** For messages and metrics. */
  name?: string;
}

/** The FIFO, fair and stingy queue; see the module doc. */
export class WorkQueue<T> implements Queue<T> {
  private readonly queue = new Fifo<T>();
  private readonly dirty = new Set<T>();
  private readonly processing = new Set<T>();
  private readonly waiters: Array<(v: QueueItem<T>) => void> = [];
  private drainWaiters: Array<() => void> = [];
  private isShuttingDown = false;
  readonly name: string;

  constructor(opts: QueueOptions = {}) {
    this.name = opts.name ?? '';
  }

  add(item: T): void {
    if (this.isShuttingDown || this.dirty.has(item)) return;
    this.dirty.add(item);
    if (this.processing.has(item)) return;
    this.push(item);
  }

  len(): number {
    return this.queue.length;
  }

  get(): Promise<QueueItem<T>> {
    if (this.len() > 0) return Promise.resolve({ item: this.pop(), shutdown: false });
    if (this.isShuttingDown) return Promise.resolve({ item: undefined, shutdown: true });
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  done(item: T): void {
    if (!this.processing.delete(item)) return;
    if (this.dirty.has(item)) this.push(item);
    else if (this.processing.size === 0) this.wakeDrain();
  }

  shutDown(): void {
    this.markShutdown();
    // a plain shutdown ends any drain in progress (as client-go's ShutDown clears `drain`)
    this.wakeDrain();
  }

  shutDownWithDrain(): Promise<void> {
    this.markShutdown();
    if (this.processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  shuttingDown(): boolean {
    return this.isShuttingDown;
  }

  /** Whether `item` is waiting or being processed (for tests and diagnostics). */
  has(item: T): boolean {
    return this.dirty.has(item) || this.processing.has(item);
  }

  /** The number of items handed out and not yet done. */
  processingCount(): number {
    return this.processing.size;
  }

  private markShutdown(): void {
    this.isShuttingDown = true;
    for (const w of this.waiters.splice(0)) w({ item: undefined, shutdown: true });
  }

  private push(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) {
      // hand it over directly: the waiter is the oldest consumer and the queue is empty
      this.dirty.delete(item);
      this.processing.add(item);
      waiter({ item, shutdown: false });
      return;
    }
    this.queue.push(item);
  }

  private pop(): T {
    const item = this.queue.shift() as T;
    this.dirty.delete(item);
    this.processing.add(item);
    return item;
  }

  private wakeDrain(): void {
    for (const w of this.drainWaiters.splice(0)) w();
  }
}

/** A new `Queue<T>`. */
export function newQueue<T>(opts: QueueOptions = {}): WorkQueue<T> {
  return new WorkQueue<T>(opts);
}
