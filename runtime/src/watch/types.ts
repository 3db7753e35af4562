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
 *
 * A `Watch<T>` over Node's HTTP client (`ReadableWatch`, the default transport's) also offers `listen(sink)`: the
 * same stream pushed, without a promise per chunk — every batch is handed to `sink.events` synchronously from the
 * response's `'data'` event, and `sink.end` is called once, with `undefined` for a clean end (the server closed the
 * response, `stop()`, the signal aborted) or the error (a `StatusError` for an `ERROR` event, after a batch of the
 * events before it). `sink.events` returning `false` means the consumer is behind: the response is paused (TCP
 * pushes back on the apiserver) until the returned `resume()` is called. `listen` is the watch's one iteration too.
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
  /** The same stream pushed to `sink`, synchronously per network chunk; see the module doc. Optional. */
  listen?(sink: WatchSink<T>): WatchListening;
}

/** The consumer of `Watch.listen`. */
export interface WatchSink<T> {
  /** Events that arrived together (never empty). `false`: the consumer is behind, pause until `resume()`. */
  events(batch: readonly WatchEvent<T>[]): boolean | undefined;
  /** Called once: `undefined` for a clean end (server, `stop()`, signal), or the error that ended the watch. */
  end(err: Error | undefined): void;
  /**
   * Optional, at most once: the server ended the response, and these are the last bytes of it — the events not yet
   * delivered end with one of `resourceVersion` (an event or a BOOKMARK; not an ERROR). Called before those events
   * are delivered, so the consumer can open its next watch from there while it still applies them (a watcher
   * catching up after a stall). A hint: the events delivered afterwards are authoritative.
   */
  ending?(resourceVersion: string): void;
}

/** What `Watch.listen` returns. */
export interface WatchListening {
  /** Resumes a watch paused by `sink.events` returning `false` (nothing when it is not paused). */
  resume(): void;
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
