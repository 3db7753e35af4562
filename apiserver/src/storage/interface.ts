/**
 * The storage interface of the apiserver, after k8s.io/apiserver/pkg/storage.Interface: objects are JSON (the storage
 * version of their kind), keyed by `/registry/<group>/<resource>/[<namespace>/]<name>`; an object's
 * `metadata.resourceVersion` is the revision of the backend that last modified it.
 *
 * Contract:
 * - `create` fails with `KeyExists` when the key holds an object; the stored object never carries a
 *   `resourceVersion` (it is the revision, set on every read);
 * - `get` / `getList` / `watch` take the apiserver's resourceVersion semantics: unset (the newest, a quorum read),
 *   `"0"` (any), `"<n>"` with match `NotOlderThan` (at least n, else a 504 "Too large resource version") or `Exact`
 *   (the state at revision n, 410 Expired once n is compacted);
 * - `getList` pages in key order: `limit` items at most, a `continue` token naming the revision of the first page,
 *   so that every page of one list is read at that revision (410 Expired with an inconsistent token once it is
 *   compacted); `remainingItemCount` only when no predicate filters the items;
 * - `guaranteedUpdate` reads, calls `tryUpdate` with the current object and writes only if nothing changed the key
 *   meanwhile (compare-and-swap on the revision), retrying `tryUpdate` with the fresh object otherwise; an update that
 *   changes nothing writes nothing and returns the current object;
 * - `delete` checks `preconditions` (uid, resourceVersion) against the current object, then deletes it with the same
 *   compare-and-swap, retrying on a concurrent change;
 * - `watch` yields the events after its resourceVersion in revision order; with an unset or `"0"` resourceVersion, or
 *   `sendInitialEvents`, first one `ADDED` per current object (then, with bookmarks allowed, a `BOOKMARK` annotated
 *   `k8s.io/initial-events-end`); `BOOKMARK`s carry only the resourceVersion reached; a watch from a compacted
 *   revision yields one `ERROR` event (410 Expired) and ends. A predicate turns an object leaving the selection into
 *   `DELETED` and one entering it into `ADDED`, as the apiserver does; with `timeoutMs` it ends when that has passed.
 *
 * Two implementations: `EtcdStorage` (./etcd3.ts) reads and watches etcd for every request; `Cacher` (./cacher.ts),
 * the watch cache of one resource in front of it, serves lists, gets with a resourceVersion and watches from memory.
 */

import type { JsonObject } from '@kubegen/runtime';

/** The stored object: a JSON object with `metadata`. */
export type StoredObject = JsonObject;

/** What the current object must match for an update or delete to go ahead (metav1.Preconditions). */
export interface Preconditions {
  uid?: string;
  resourceVersion?: string;
}

/** metav1.ResourceVersionMatch: how a list's resourceVersion is read. `''` is the legacy behaviour. */
export type ResourceVersionMatch = '' | 'NotOlderThan' | 'Exact';

/** Selects the objects of a list or watch (storage.SelectionPredicate). `empty` when it selects everything. */
export interface Predicate {
  matches(obj: StoredObject): boolean;
  readonly empty: boolean;
}

export interface GetOptions {
  resourceVersion?: string;
}

export interface ListOptions {
  resourceVersion?: string;
  resourceVersionMatch?: ResourceVersionMatch;
  /** At most this many items (0 or unset: all). */
  limit?: number;
  /** The token of the previous page. */
  continue?: string;
  predicate?: Predicate;
}

export interface ListResult {
  items: StoredObject[];
  /** The revision the list was read at. */
  resourceVersion: string;
  /** The token of the next page, `''` on the last. */
  continue: string;
  /** How many items follow this page, when known. */
  remainingItemCount?: number;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent {
  type: WatchEventType;
  object: JsonObject;
}

export interface WatchOptions {
  resourceVersion?: string;
  predicate?: Predicate;
  /** Send `BOOKMARK` events (every `bookmarkIntervalMs`, and the end of the initial events). */
  allowWatchBookmarks?: boolean;
  /** First an `ADDED` event per current object (the default for an unset or `"0"` resourceVersion). */
  sendInitialEvents?: boolean;
  /** Ends the watch. */
  signal?: AbortSignal;
  /**
   * The request's timeout (its `timeoutSeconds`, or the handler's default): the watch ends this long after it was
   * asked for, as the handler's context deadline ends it; the watch cache sends a watcher that allows bookmarks one
   * about 2 s before (none when the timeout is shorter than that).
   */
  timeoutMs?: number;
}

/** A running watch: its events in order; `stop()` (or the signal) ends the iteration. */
export interface Watch extends AsyncIterable<WatchEvent> {
  stop(): void;
  /**
   * Asks the backend for a progress notification (etcd's RequestWatchProgress): a watch that allows bookmarks then
   * gets a `BOOKMARK` at the revision it has reached. The watch cache asks while a read waits for it to catch up.
   */
  requestProgress?(): void;
}

export interface UpdateOptions {
  preconditions?: Preconditions;
  /** Call `tryUpdate` with `undefined` when the key holds nothing, instead of failing with `KeyNotFound`. */
  ignoreNotFound?: boolean;
  /**
   * The new object from the current one (`undefined` when absent and `ignoreNotFound`); may be called again with a
   * newer object after a conflict. Its result's resourceVersion is ignored; throwing aborts the update.
   */
  tryUpdate(current: StoredObject | undefined): StoredObject | Promise<StoredObject>;
}

export interface DeleteOptions {
  preconditions?: Preconditions;
  /** Called with the current object before it is deleted; throwing aborts the delete. */
  validateDeletion?(current: StoredObject): void | Promise<void>;
}

export interface Storage {
  /** Stores `obj` at `key`; the stored object with its resourceVersion. */
  create(key: string, obj: StoredObject): Promise<StoredObject>;
  /** The object at `key`; `undefined` when there is none. */
  get(key: string, options?: GetOptions): Promise<StoredObject | undefined>;
  /** The objects under the prefix `key` (ending in `/`). */
  getList(key: string, options?: ListOptions): Promise<ListResult>;
  guaranteedUpdate(key: string, options: UpdateOptions): Promise<StoredObject>;
  /** Deletes the object at `key`; the deleted object (its resourceVersion the deletion's revision). */
  delete(key: string, options?: DeleteOptions): Promise<StoredObject>;
  /** Watches the object at `key`, or every object under it when it ends in `/`. */
  watch(key: string, options?: WatchOptions): Promise<Watch>;
  /** The newest revision of the backend. */
  currentResourceVersion(): Promise<string>;
  /**
   * The revision the backend was last compacted at, as far as it knows (`"0"`: not known). The watch cache drops its
   * snapshots before it.
   */
  compactRevision?(): Promise<string>;
  close(): Promise<void>;
}
