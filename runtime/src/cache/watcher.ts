/**
 * The watcher's vocabulary, shared by its state machine and its driver: the events it yields, where an error
 * happened, and how an error is classified (kube-rs `watcher::Error`).
 */

import type { KubeObject } from '../client/types';
import { isGone, isResourceExpired, StatusError } from '../errors/errors';
import { describeThrown } from '../errors/thrown';
import { ResponseDecodeError } from '../rest/client';
import { WatchDecodeError, WatchFrameTooLargeError } from '../watch/decoder';

/** An event of `watchEvents`. */
export type WatcherEvent<T> =
  /** A (re)list begins: start a new buffer. */
  | { type: 'Init' }
  /** An object of the (re)list. */
  | { type: 'InitApply'; object: T }
  /** The (re)list is complete as of `resourceVersion`: objects not applied since `Init` are gone. */
  | { type: 'InitDone'; resourceVersion: string }
  | { type: 'Added' | 'Modified' | 'Deleted'; object: T; resourceVersion: string }
  /** The collection reached `resourceVersion` without changes. */
  | { type: 'Bookmark'; resourceVersion: string };

/**
 * Where an error happened: listing, opening a watch, reading a watch — or (`Reflector` only) applying an event to
 * the store, when the store (e.g. an informer's transform) threw: that event is skipped.
 */
export type WatcherPhase = 'list' | 'watch-start' | 'watch' | 'apply';

/**
 * The server answered, but not as a watcher can use: a list without a resourceVersion (the resource does not
 * support watch), or a streaming list whose watch ended before its initial events did.
 */
export class WatcherProtocolError extends Error {
  override readonly name = 'WatcherProtocolError';
}

/**
 * What a watcher step can fail with (kube-rs `watcher::Error`), classified once so that handlers switch on `reason`:
 * - `Expired`: 410 Gone / Expired, or a 504 `ResourceVersionTooLarge` — the watcher relists;
 * - `Status`: any other API status (5xx, 429, 403 …), with its HTTP `code`;
 * - `Decode`: a response or watch frame that is not JSON or not a watch event;
 * - `FrameTooLarge`: a watch frame over the decoder's limit (the watch ended);
 * - `Network`: the request failed without an answer (connection refused or reset, TLS, timeout …);
 * - `Protocol`: see `WatcherProtocolError`;
 * - `Apply` (`Reflector` only): the store threw applying an event (e.g. an informer's transform); the event is skipped.
 */
export type WatcherError =
  | { reason: 'Expired'; error: StatusError }
  | { reason: 'Status'; code: number; error: StatusError }
  | { reason: 'Decode'; error: WatchDecodeError | ResponseDecodeError }
  | { reason: 'FrameTooLarge'; error: WatchFrameTooLargeError }
  | { reason: 'Network'; error: Error }
  | { reason: 'Protocol'; error: WatcherProtocolError }
  | { reason: 'Apply'; error: unknown };

/**
 * Classifies what a list, a watch or the store threw (`phase` `apply`: always `Apply`). A list-watch may be user
 * code, so `err` may be any value: one that is not an Error (or that `instanceof` cannot look at, such as a revoked
 * Proxy) is a `Network` error whose message is `describeThrown`'s text of it.
 */
export function watcherError(err: unknown, phase: WatcherPhase): WatcherError {
  if (phase === 'apply') return { reason: 'Apply', error: err };
  try {
    if (err instanceof StatusError) return needsRelist(err) ? { reason: 'Expired', error: err } : { reason: 'Status', code: err.code, error: err };
    if (err instanceof WatchFrameTooLargeError) return { reason: 'FrameTooLarge', error: err };
    if (err instanceof WatchDecodeError || err instanceof ResponseDecodeError) return { reason: 'Decode', error: err };
    if (err instanceof WatcherProtocolError) return { reason: 'Protocol', error: err };
    if (err instanceof Error) return { reason: 'Network', error: err };
  } catch {
    // a trap threw: not an error we know
  }
  return { reason: 'Network', error: new Error(describeThrown(err), { cause: err }) };
}

/**
 * 410 Gone / Expired (the history is compacted), or a resourceVersion the server has not reached yet (a 504 with
 * cause `ResourceVersionTooLarge`, e.g. after failing over to a lagging apiserver): only a relist from the
 * latest state recovers.
 */
export function needsRelist(err: unknown): boolean {
  if (isGone(err) || isResourceExpired(err)) return true;
  return err instanceof StatusError && err.code === 504 && err.causes.some((c) => c.reason === 'ResourceVersionTooLarge');
}

/** The object's `metadata.resourceVersion`, `''` when it has none. */
export function rvOf(obj: unknown): string {
  return (obj as KubeObject | undefined)?.metadata?.resourceVersion ?? '';
}

/**
 * Whether a failed watch is retried from the same resourceVersion rather than relisted: after a connection error
 * (refused, reset, timeout — the watch itself was fine) and a 429 (the apiserver asks to come back later).
 */
export function rewatchable(err: unknown): boolean {
  const e = watcherError(err, 'watch');
  return e.reason === 'Network' || (e.reason === 'Status' && e.code === 429);
}
