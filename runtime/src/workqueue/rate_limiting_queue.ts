/**
 * `RateLimitingQueue<T>`: a `DelayingQueue<T>` that retries items after a `RateLimiter`'s delay (client-go
 * `util/workqueue` rate_limiting_queue.go).
 *
 * Contract, besides `DelayingQueue`'s:
 * - `addRateLimited(item)` adds `item` after `rateLimiter.when(item)` (which counts one more failure);
 * - `forget(item)` tells the limiter the item succeeded (its backoff starts over); it does not remove the item
 *   from the queue — `done` does that;
 * - `numRequeues(item)` is the limiter's failure count for the item.
 *
 * The usual worker: `get`; reconcile; on success `forget`, on failure `addRateLimited`; always `done`.
 */

import { DelayingWorkQueue, type DelayingQueue, type DelayingQueueOptions } from './delaying_queue';
import { defaultControllerRateLimiter, type RateLimiter } from './rate_limiters';

export interface RateLimitingQueue<T> extends DelayingQueue<T> {
  addRateLimited(item: T): void;
  forget(item: T): void;
  numRequeues(item: T): number;
}

export interface RateLimitingQueueOptions<T> extends DelayingQueueOptions {
  /** Default `defaultControllerRateLimiter({ clock })`. */
  rateLimiter?: RateLimiter<T>;
}

/** See the module doc. */
export class RateLimitingWorkQueue<T> extends DelayingWorkQueue<T> implements RateLimitingQueue<T> {
  readonly rateLimiter: RateLimiter<T>;

  constructor(opts: RateLimitingQueueOptions<T> = {}) {
    super(opts);
    this.rateLimiter = opts.rateLimiter ?? defaultControllerRateLimiter<T>({ clock: this.clock });
  }

  addRateLimited(item: T): void {
    this.addAfter(item, this.rateLimiter.when(item));
  }

  forget(item: T): void {
    this.rateLimiter.forget(item);
  }

  numRequeues(item: T): number {
    return this.rateLimiter.numRequeues(item);
  }
}

/** A new `RateLimitingQueue<T>`. */
export function newRateLimitingQueue<T>(opts: RateLimitingQueueOptions<T> = {}): RateLimitingWorkQueue<T> {
  return new RateLimitingWorkQueue<T>(opts);
}
