/**
 * The timer stage the delaying work queue and the controllers' priority queue share: a binary heap, and entries that
 * fall due on an injected clock behind one timer.
 */

import type { Clock, ClockTimer } from '../clock/clock';

/**
 * A binary heap ordered by `before` (a strict order: `before(x, x)` is false).
 *
 * Contract: `pop` and `peek` return an element no other element is `before`; `push` and `pop` take O(log n),
 * `peek` and `size` O(1). Elements `before` does not order come out in no particular order. Elements are never
 * `undefined` (`pop` and `peek` answer it for an empty heap).
 */
export class Heap<T> {
  private readonly a: T[] = [];

  constructor(private readonly before: (x: T, y: T) => boolean) {}

  get size(): number {
    return this.a.length;
  }

  peek(): T | undefined {
    return this.a[0];
  }

  push(v: T): void {
    // sift up: parents after `v` move down into the hole, then `v` fills it
    const a = this.a;
    let i = a.length;
    a.push(v);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = a[p];
      if (parent === undefined || !this.before(v, parent)) break;
      a[i] = parent;
      i = p;
    }
    a[i] = v;
  }

  pop(): T | undefined {
    const a = this.a;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      // sift down from the root: the earlier child moves up into the hole while it is before `last`
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        let m = l;
        let child = a[l];
        if (child === undefined) break;
        const right = a[l + 1];
        if (right !== undefined && this.before(right, child)) {
          m = l + 1;
          child = right;
        }
        if (!this.before(child, last)) break;
        a[i] = child;
        i = m;
      }
      a[i] = last;
    }
    return top;
  }

  clear(): void {
    this.a.length = 0;
  }
}

/** An entry of a `DelayStage`: due at `readyAt` (clock milliseconds); `seq` orders entries due at the same time. */
export interface Delayed {
  readonly readyAt: number;
  readonly seq: number;
}

/**
 * `DelayStage<E>`: entries that fall due at their `readyAt` on an injected clock.
 *
 * Contract:
 * - `push(e)` schedules `e`; when the clock reaches `e.readyAt`, `onDue(e)` is called — from the clock's timer,
 *   never from `push` itself, even when `e` is already due;
 * - entries due together are delivered earliest `readyAt` first, then lowest `seq` first;
 * - an entry for which `isLive(e)` is false when it would be delivered (its owner superseded it, e.g. by an earlier
 *   time) is dropped silently; so replacing an entry is pushing a new one and making the old one not live;
 * - at most one clock timer is armed at a time, for the earliest live entry; `onDue` may push new entries;
 * - `clear()` cancels the timer and drops every entry.
 */
export class DelayStage<E extends Delayed> {
  private readonly heap = new Heap<E>((x, y) => x.readyAt < y.readyAt || (x.readyAt === y.readyAt && x.seq < y.seq));
  private timer: ClockTimer | undefined;
  private timerAt = Infinity;

  constructor(
    private readonly clock: Clock,
    private readonly isLive: (e: E) => boolean,
    private readonly onDue: (e: E) => void,
  ) {}

  push(e: E): void {
    this.heap.push(e);
    this.arm();
  }

  clear(): void {
    if (this.timer) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    this.heap.clear();
  }

  /** Arms the timer for the earliest live entry (dropping dead ones from the top). */
  private arm(): void {
    let top = this.heap.peek();
    while (top && !this.isLive(top)) {
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
      if (this.isLive(top)) this.onDue(top);
    }
    this.arm();
  }
}
