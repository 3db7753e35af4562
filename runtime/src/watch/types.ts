/**
 * Watch events and the `Watch<T>` stream contract, shared by the REST watch and the fake tracker's watch.
 *
 * Contract of a `Watch<T>`:
 * - it is iterated once; events arrive in the server's order;
 * - a stream the server (or the fake) ends cleanly ends the iteration without error;
 * - an `ERROR` event is thrown from the iteration as a `StatusError` (e.g. 410 `Expired` when the
 *   resourceVersion is too old: relist), and ends it;
 * - `stop()`, an aborted `signal`, or leaving a `for await` early ends the iteration cleanly and releases the
 *   connection;
 * - a broken connection or an undecodable frame is thrown.
 *
 * A `Watch<T>` may also offer `batches()`: the same stream as arrays of the events that arrived together (one
 * network chunk of a REST watch, everything queued on a `PushWatch`), so a consumer catching up on many events pays
 * one asynchronous step per batch instead of one per event. Iterating `batches()` is the watch's one iteration;
 * batches are never empty, keep the server's order, and the same rules apply — an `ERROR` event is thrown after a
 * batch of the events before it; after `stop()` no further batch is yielded, but the consumer of a batch already
 * received should check its own signal between events.
 */

import type { Status } from '../errors/status';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/**
 * An event a `Watch<T>` yields. `BOOKMARK` objects carry only `apiVersion`, `kind` and
 * `metadata.resourceVersion` (and, after `sendInitialEvents`, the `k8s.io/initial-events-end` annotation).
 */
export type WatchEvent<T> = { type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK'; object: T };

/** An `ERROR` event on the wire: its object is a metav1.Status. */
export type ErrorWatchEvent = { type: 'ERROR'; object: Status };

/** An event as decoded from the wire, before `ERROR` is turned into a thrown `StatusError`. */
export type RawWatchEvent<T> = WatchEvent<T> | ErrorWatchEvent;

/** A stream of watch events; see the module doc for its contract. */
export interface Watch<T> extends AsyncIterable<WatchEvent<T>> {
  /** Ends the stream; iteration finishes cleanly after at most the event being delivered. Idempotent. */
  stop(): void;
  /** The same stream in batches of events that arrived together; see the module doc. Optional. */
  batches?(): AsyncIterable<readonly WatchEvent<T>[]>;
}

/** The annotation of the BOOKMARK that ends the initial events of a `sendInitialEvents` watch. */
export const INITIAL_EVENTS_END_ANNOTATION = 'k8s.io/initial-events-end';

/** The events of `watch` in batches: its own `batches()`, or one event a batch when it has none. */
export function watchBatches<T>(watch: Watch<T>): AsyncIterable<readonly WatchEvent<T>[]> {
  return watch.batches ? watch.batches() : singleEventBatches(watch);
}

async function* singleEventBatches<T>(watch: Watch<T>): AsyncGenerator<readonly WatchEvent<T>[], void, undefined> {
  for await (const ev of watch) yield [ev];
}
