/**
 * Watch helpers after client-go's `tools/watch`: `retryWatch` (RetryWatcher) and `untilEvent` (UntilWithoutRetry).
 *
 * Contract of `retryWatch(watchFn, opts)`:
 * - it watches from `opts.resourceVersion`, which must be a real resourceVersion (not `''` or `'0'`: those
 *   would replay synthetic ADDED events on every restart);
 * - it remembers the resourceVersion of every event (BOOKMARKs included; bookmarks are requested) and, when the
 *   server closes the stream, watches again from there — the consumer sees one gap-free, duplicate-free stream;
 * - 410 Gone / Expired is thrown: the history is gone and only a relist can recover (use an informer);
 * - any other failure (connection, 5xx, 429) is retried after a backoff (`backoff`, default 100ms doubling to
 *   5s), and the backoff resets after each delivered event;
 * - `stop()` or the `signal` ends it cleanly.
 */

import { isAborted } from '../clock/clock';
import { isGone, isResourceExpired } from '../errors/errors';
import { abortableSleep, backoffDelay, type Backoff } from '../errors/retry';
import type { WatchOptions } from '../rest/options';
import type { Watch, WatchEvent } from './types';

interface HasResourceVersion {
  metadata?: { resourceVersion?: string };
}

export interface RetryWatchOptions extends Omit<WatchOptions, 'resourceVersion' | 'sendInitialEvents'> {
  resourceVersion: string;
  /** Backoff between failed attempts (default 100ms ×2, capped at 5s, 10% jitter). */
  backoff?: Backoff;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called with each error that is retried. */
  onRetry?: (err: unknown) => void;
}

const DEFAULT_WATCH_BACKOFF: Backoff = { durationMs: 100, factor: 2, jitter: 0.1, steps: Number.MAX_SAFE_INTEGER, capMs: 5000 };

/** A watch that survives the server closing it; see the module doc. */
export function retryWatch<T extends HasResourceVersion>(
  watchFn: (opts: WatchOptions) => Promise<Watch<T>>,
  opts: RetryWatchOptions,
): Watch<T> {
  if (opts.resourceVersion === '' || opts.resourceVersion === '0') {
    throw new TypeError(`retryWatch needs a concrete resourceVersion, got ${JSON.stringify(opts.resourceVersion)}`);
  }
  const controller = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
  const { backoff = DEFAULT_WATCH_BACKOFF, sleep = abortableSleep, onRetry, ...watchOpts } = opts;
  let used = false;

  async function* run(): AsyncGenerator<WatchEvent<T>, void, undefined> {
    let rv = opts.resourceVersion;
    let failures = 0;
    while (!signal.aborted) {
      let current: Watch<T> | undefined;
      try {
        current = await watchFn({ ...watchOpts, resourceVersion: rv, allowWatchBookmarks: true, signal });
        for await (const ev of current) {
          failures = 0;
          const next = ev.object.metadata?.resourceVersion;
          if (next) rv = next;
          if (ev.type !== 'BOOKMARK') yield ev;
          if (isAborted(signal)) return;
        }
      } catch (err) {
        if (isAborted(signal)) return;
        if (isGone(err) || isResourceExpired(err)) throw err;
        onRetry?.(err);
        failures++;
        try {
          await sleep(backoffDelay(backoff, failures), signal);
        } catch {
          return;
        }
      } finally {
        current?.stop();
      }
    }
  }

  return {
    stop: () => { controller.abort(); },
    [Symbol.asyncIterator]: () => {
      if (used) throw new Error('a Watch can be iterated only once');
      used = true;
      return run();
    },
  };
}

export interface UntilOptions {
  signal?: AbortSignal;
  /** Gives up after this many ms with a TimeoutError. */
  timeoutMs?: number;
}

/**
 * Consumes `watch` until `condition` holds for an event, and returns that event; stops the watch in every case.
 * Throws when the watch ends first, on a watch error, or on timeout / abort.
 */
export async function untilEvent<T>(
  watch: Watch<T>,
  condition: (ev: WatchEvent<T>) => boolean,
  opts: UntilOptions = {},
): Promise<WatchEvent<T>> {
  const signals = [opts.signal, opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const onAbort = (): void => { watch.stop(); };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    signal?.throwIfAborted();
    for await (const ev of watch) {
      if (condition(ev)) return ev;
    }
    signal?.throwIfAborted();
    throw new Error('the watch ended before the condition was met');
  } finally {
    signal?.removeEventListener('abort', onAbort);
    watch.stop();
  }
}
