/**
 * Retrying an operation on retriable errors, after client-go's `util/retry` and `wait.Backoff`.
 *
 * Contract of `retryOnError(backoff, retriable, fn)`: `fn` runs at most `backoff.steps` times (at least once); the first
 * run is immediate, the n-th waits `duration · factorⁿ⁻²` (capped at `cap`, plus up to `jitter` of itself). When
 * `fn` succeeds its value is returned; when it throws an error `retriable` rejects, that error is thrown at once;
 * when the attempts run out, the last error is thrown. An aborted `signal` stops the waiting and throws its reason.
 */

import { startTimer } from '../clock/clock';
import { isConflict } from './errors';

/** An exponential backoff (wait.Backoff). Durations in milliseconds. */
export interface Backoff {
  /** The first delay. */
  durationMs: number;
  /** Multiplier applied to the delay after each step (1 = constant). */
  factor: number;
  /** Up to this fraction of a delay is added at random (0 = none). */
  jitter: number;
  /** The number of attempts. */
  steps: number;
  /** Upper bound for a delay (before jitter); none when absent. */
  capMs?: number;
}

/** client-go's `retry.DefaultRetry`: 5 attempts, 10ms apart, 10% jitter — for conflicts. */
export const DefaultRetry: Readonly<Backoff> = Object.freeze({ steps: 5, durationMs: 10, factor: 1.0, jitter: 0.1 });

/** client-go's `retry.DefaultBackoff`: 4 attempts, 10ms growing ×5, 10% jitter — for slower transient errors. */
export const DefaultBackoff: Readonly<Backoff> = Object.freeze({ steps: 4, durationMs: 10, factor: 5.0, jitter: 0.1 });

/** Injectable pieces for tests. */
export interface RetryHooks {
  signal?: AbortSignal;
  /** Resolves after `ms` (default: a timer that the signal cancels). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) (default `Math.random`). */
  random?: () => number;
}

/** The delay before attempt `attempt` (1-based retries: attempt 1 is the first retry). */
export function backoffDelay(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  let d = backoff.durationMs * Math.pow(backoff.factor, Math.max(0, attempt - 1));
  if (backoff.capMs !== undefined) d = Math.min(d, backoff.capMs);
  if (backoff.jitter > 0) d += d * backoff.jitter * random();
  return d;
}

/** A timer that resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      timer.cancel();
      reject(signal?.reason);
    };
    // any delay (a backoff without a cap grows past what one Node timeout takes)
    const timer = startTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `fn`, retrying while it throws errors `retriable` accepts (client-go's `retry.OnError`). */
export async function retryOnError<R>(
  backoff: Backoff,
  retriable: (err: unknown) => boolean,
  fn: () => Promise<R>,
  hooks: RetryHooks = {},
): Promise<R> {
  const sleep = hooks.sleep ?? abortableSleep;
  const steps = Math.max(1, backoff.steps);
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await sleep(backoffDelay(backoff, attempt, hooks.random), hooks.signal);
    hooks.signal?.throwIfAborted();
    try {
      return await fn();
    } catch (err) {
      if (!retriable(err) || attempt + 1 >= steps) throw err;
    }
  }
}

/**
 * Runs `fn` (typically get → mutate → update) again while it fails with a 409 Conflict, as client-go's
 * `retry.RetryOnConflict`. Use `DefaultRetry` unless you know better; `fn` must re-read the object each time.
 */
export function retryOnConflict<R>(backoff: Backoff, fn: () => Promise<R>, hooks?: RetryHooks): Promise<R> {
  return retryOnError(backoff, isConflict, fn, hooks);
}
