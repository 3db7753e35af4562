/**
 * `DelayingQueue<T>`: a `Queue<T>` whose items can be added later (client-go `util/workqueue` delaying_queue.go).
 *
 * Contract, besides `Queue`'s:
 * - `addAfter(item, ms)` adds `item` once `ms` have passed on the injected clock, for any delay (`Infinity`:
 *   never); `ms <= 0` (or `NaN`) adds it now;
 * - an item waiting twice is added once, at the earlier of its two times (a later `addAfter` never postpones
 *   it); an item waiting is not in the queue until its time (`len()` does not count it);
 * - items due at the same time are added in the order of their `addAfter` calls;
 * - after `shutDown`, `addAfter` is ignored and the waiting items are dropped.
 */

import { realClock, type Clock } from '../clock/clock';
import { DelayStage, type Delayed } from './delay_stage';
import { WorkQueue, type Queue, type QueueOptions } from './queue';

export interface DelayingQueue<T> extends Queue<T> {
  addAfter(item: T, ms: number): void;
}

export interface DelayingQueueOptions extends QueueOptions {
  /** Default `realClock`. */
  clock?: Clock;
}

interface Waiting<T> extends Delayed {
  item: T;
}

/** See the module doc. */
export class DelayingWorkQueue<T> extends WorkQueue<T> implements DelayingQueue<T> {
  protected readonly clock: Clock;
  /** The live entry of each waiting item (stage entries not here are stale). */
  private readonly waiting = new Map<T, Waiting<T>>();
  private readonly stage: DelayStage<Waiting<T>>;
  private seq = 0;

  constructor(opts: DelayingQueueOptions = {}) {
    super(opts);
    this.clock = opts.clock ?? realClock;
    this.stage = new DelayStage<Waiting<T>>(
      this.clock,
      (e) => this.waiting.get(e.item) === e,
      (e) => {
        this.waiting.delete(e.item);
        this.add(e.item);
      },
    );
  }

  addAfter(item: T, ms: number): void {
    if (this.shuttingDown()) return;
    if (!(ms > 0)) {
      this.add(item);
      return;
    }
    const readyAt = this.clock.now() + ms;
    const current = this.waiting.get(item);
    if (current && current.readyAt <= readyAt) return;
    const entry: Waiting<T> = { item, readyAt, seq: this.seq++ };
    this.waiting.set(item, entry);
    this.stage.push(entry);
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
    this.stage.clear();
    this.waiting.clear();
  }
}

/** A new `DelayingQueue<T>`. */
export function newDelayingQueue<T>(opts: DelayingQueueOptions = {}): DelayingWorkQueue<T> {
  return new DelayingWorkQueue<T>(opts);
}
