/**
 * Rate limiters of a `RateLimitingQueue` (client-go `util/workqueue` default_rate_limiters.go). Durations in
 * milliseconds.
 *
 * Contract of a `RateLimiter<T>`:
 * - `when(item)` records one more failure of `item` (for per-item limiters) and returns how long to wait before
 *   retrying it;
 * - `numRequeues(item)` is the number of failures recorded since the last `forget(item)`;
 * - `forget(item)` clears the item's history (call it when the item succeeded). Limiters that do not count
 *   per item (the token bucket) ignore `forget`.
 */

import { realClock, type Clock } from '../clock/clock';

export interface RateLimiter<T> {
  when(item: T): number;
  forget(item: T): void;
  numRequeues(item: T): number;
}

/** `base · 2^failures`, capped at `max` (per item). Default 5 ms to 1000 s. */
export class ItemExponentialFailureRateLimiter<T> implements RateLimiter<T> {
  private readonly failures = new Map<T, number>();

  constructor(
    readonly baseDelayMs = 5,
    readonly maxDelayMs = 1_000_000,
  ) {}

  when(item: T): number {
    const exp = this.failures.get(item) ?? 0;
    this.failures.set(item, exp + 1);
    const backoff = this.baseDelayMs * Math.pow(2, exp);
    return Number.isFinite(backoff) && backoff <= this.maxDelayMs ? backoff : this.maxDelayMs;
  }

  forget(item: T): void {
    this.failures.delete(item);
  }

  numRequeues(item: T): number {
    return this.failures.get(item) ?? 0;
  }
}

/** `fastDelayMs` for the first `maxFastAttempts` failures of an item, `slowDelayMs` after. */
export class ItemFastSlowRateLimiter<T> implements RateLimiter<T> {
  private readonly failures = new Map<T, number>();

  constructor(
    readonly fastDelayMs: number,
    readonly slowDelayMs: number,
    readonly maxFastAttempts: number,
  ) {}

  when(item: T): number {
    const n = (this.failures.get(item) ?? 0) + 1;
    this.failures.set(item, n);
    return n <= this.maxFastAttempts ? this.fastDelayMs : this.slowDelayMs;
  }

  forget(item: T): void {
    this.failures.delete(item);
  }

  numRequeues(item: T): number {
    return this.failures.get(item) ?? 0;
  }
}

/**
 * An overall token bucket (golang.org/x/time/rate): `qps` tokens a second, at most `burst` saved; it starts
 * full. Each `when` takes a token, waiting for it when none is left (reservations queue up behind each other).
 */
export class BucketRateLimiter<T> implements RateLimiter<T> {
  private tokens: number;
  private last: number;
  private readonly clock: Clock;

  constructor(
    readonly qps = 10,
    readonly burst = 100,
    opts: { clock?: Clock } = {},
  ) {
    if (!(qps > 0)) throw new RangeError('BucketRateLimiter: qps must be > 0');
    this.clock = opts.clock ?? realClock;
    this.tokens = burst;
    this.last = this.clock.now();
  }

  when(_item: T): number {
    const now = this.clock.now();
    if (now > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.qps) / 1000);
      this.last = now;
    }
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.qps) * 1000;
  }

  forget(_item: T): void {}

  numRequeues(_item: T): number {
    return 0;
  }
}

/** The longest wait of several limiters; `numRequeues` is their maximum; `forget` forgets in all. */
export class MaxOfRateLimiter<T> implements RateLimiter<T> {
  readonly limiters: readonly RateLimiter<T>[];

  constructor(...limiters: RateLimiter<T>[]) {
    if (limiters.length === 0) throw new RangeError('MaxOfRateLimiter needs at least one limiter');
    this.limiters = limiters;
  }

  when(item: T): number {
    let max = 0;
    for (const l of this.limiters) max = Math.max(max, l.when(item));
    return max;
  }

  forget(item: T): void {
    for (const l of this.limiters) l.forget(item);
  }

  numRequeues(item: T): number {
    let max = 0;
    for (const l of this.limiters) max = Math.max(max, l.numRequeues(item));
    return max;
  }
}

/** Caps the wait of another limiter at `maxWaitMs`. */
export class WithMaxWaitRateLimiter<T> implements RateLimiter<T> {
  constructor(
    readonly limiter: RateLimiter<T>,
    readonly maxWaitMs: number,
  ) {}

  when(item: T): number {
    return Math.min(this.limiter.when(item), this.maxWaitMs);
  }

  forget(item: T): void {
    this.limiter.forget(item);
  }

  numRequeues(item: T): number {
    return this.limiter.numRequeues(item);
  }
}

/**
 * client-go's DefaultControllerRateLimiter: the longer of a per-item exponential backoff (5 ms doubling to
 * 1000 s) and an overall token bucket (10 qps, burst 100).
 */
export function defaultControllerRateLimiter<T>(opts: { clock?: Clock } = {}): MaxOfRateLimiter<T> {
  return new MaxOfRateLimiter<T>(new ItemExponentialFailureRateLimiter<T>(5, 1_000_000), new BucketRateLimiter<T>(10, 100, opts));
}
