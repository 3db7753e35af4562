/**
 * `DelayingQueue<T>`: a `Queue<T>` whose items can be added later (client-go `util/workqueue` delaying_queue.go).
 *
 * Contract, besides `Queue`'s:
 * - `addAfter(item, ms)` adds `item` once `ms` have passed on the injected clock; `ms <= 0` adds it now;
 * - an item waiting twice is added once, at the earlier of its two times (a later `addAfter` never postpones
 *   it); an item waiting is not in the queue until its time (`len()` does not count it);
 * - items due at the same time are added in the order of their `addAfter` calls;
 * - after `shutDown`, `addAfter` is ignored and the waiting items are dropped.
 */

import { realClock, type Clock, type ClockTimer } from '../cache/clock';
import { WorkQueue, type Queue, type QueueOptions } from './queue';

export interface DelayingQueue<T> extends Queue<T> {
  addAfter(item: T, ms: number): void;
}

export interface DelayingQueueOptions extends QueueOptions {
  /** Default `realClock`. */
  clock?: Clock;
}

interface Waiting<T> {
  item: T;
  readyAt: number;
  seq: number;
}

function before<T>(a: Waiting<T>, b: Waiting<T>): boolean {
  return a.readyAt < b.readyAt || (a.readyAt === b.readyAt && a.seq < b.seq);
}

/** A binary min-heap of waiting entries, by (readyAt, seq). */
class WaitHeap<T> {
  private readonly a: Waiting<T>[] = [];

  get size(): number {
    return this.a.length;
  }

  peek(): Waiting<T> | undefined {
    return this.a[0];
  }

  push(e: Waiting<T>): void {
    const a = this.a;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }

  pop(): Waiting<T> | undefined {
    const a = this.a;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l], a[m])) m = l;
        if (r < a.length && before(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }

  clear(): void {
    this.a.length = 0;
  }
}

/** See the module doc. */
export class DelayingWorkQueue<T> extends WorkQueue<T> implements DelayingQueue<T> {
  protected readonly clock: Clock;
  private readonly heap = new WaitHeap<T>();
  /** The live entry of each waiting item (heap entries not here are stale). */
  private readonly waiting = new Map<T, Waiting<T>>();
  private seq = 0;
  private timer: ClockTimer | undefined;
  private timerAt = Infinity;

  constructor(opts: DelayingQueueOptions = {}) {
    super(opts);
    this.clock = opts.clock ?? realClock;
  }

  addAfter(item: T, ms: number): void {
    if (this.shuttingDown()) return;
    if (ms <= 0) {
      this.add(item);
      return;
    }
    const readyAt = this.clock.now() + ms;
    const current = this.waiting.get(item);
    if (current && current.readyAt <= readyAt) return;
    const entry: Waiting<T> = { item, readyAt, seq: this.seq++ };
    this.waiting.set(item, entry);
    this.heap.push(entry);
    this.arm();
  }

  /** The number of items waiting for their time. */
  waitingCount(): number {
    return this.waiting.size;
  }

  override shutDown(): void {
    super.shutDown();
    this.stopWaiting();
  }

  override shutDownWithDrain(): Promise<void> {
    const p = super.shutDownWithDrain();
    this.stopWaiting();
    return p;
  }

  private stopWaiting(): void {
    if (this.timer) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    this.heap.clear();
    this.waiting.clear();
  }

  /** Arms the timer for the earliest live entry. */
  private arm(): void {
    let top = this.heap.peek();
    while (top && this.waiting.get(top.item) !== top) {
      this.heap.pop();
      top = this.heap.peek();
    }
    if (!top) return;
    if (this.timer && this.timerAt <= top.readyAt) return;
    if (this.timer) this.clock.clearTimer(this.timer);
    this.timerAt = top.readyAt;
    this.timer = this.clock.setTimer(() => { this.fire(); }, top.readyAt - this.clock.now());
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.clock.now();
    for (let top = this.heap.peek(); top && top.readyAt <= now; top = this.heap.peek()) {
      this.heap.pop();
      if (this.waiting.get(top.item) !== top) continue;
      this.waiting.delete(top.item);
      this.add(top.item);
    }
    this.arm();
  }
}

/** A new `DelayingQueue<T>`. */
export function newDelayingQueue<T>(opts: DelayingQueueOptions = {}): DelayingWorkQueue<T> {
  return new DelayingWorkQueue<T>(opts);
}
