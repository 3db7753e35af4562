/**
 * The watcher's vocabulary, shared by its state machine and its driver: the events it yields, where an error
 * happened, and how an error is classified (kube-rs `watcher::Error`).
 */

import type { KubeObject } from '../client/types';
import { isBadRequest, isForbidden, isGone, isInvalid, isMethodNotSupported, isResourceExpired, StatusError } from '../errors/errors';
import { backoffDelay, type Backoff } from '../errors/retry';
import { describeThrown } from '../observe/thrown';
import { ResponseDecodeError } from '../rest/client';
import type { ListOptions, WatchOptions } from '../rest/options';
import { WatchDecodeError, WatchFrameTooLargeError } from '../watch/decoder';
import { INITIAL_EVENTS_END_ANNOTATION, type WatchEvent } from '../watch/types';

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

/**
 * The options the state machine reads, with their defaults applied (`WatcherOptions`; the driver resolves them).
 * `random` (a number in [0, 1)) draws the backoff's jitter and the watches' server-side timeouts.
 */
export interface WatcherConfig {
  readonly listSemantic: 'MostRecent' | 'Any';
  readonly pageSize: number;
  readonly selector: Pick<ListOptions, 'labelSelector' | 'fieldSelector'>;
  readonly watchTimeoutSeconds: number;
  readonly backoff: Backoff;
  readonly random: () => number;
}

/** What the watcher carries from state to state. */
export interface WatcherProgress {
  /** The last resourceVersion seen (list, event or bookmark); `''` before the first list. */
  readonly resourceVersion: string;
  /** Consecutive failures: the exponent of the next backoff. */
  readonly failures: number;
  /** The next list must be a consistent read: the resourceVersion last listed or streamed from is gone (410 …). */
  readonly listRvUnavailable: boolean;
  /**
   * The relist under way follows a watch that failed with an API error: its success does not reset `failures` (a
   * watch that keeps failing after each good list backs off longer and longer, as client-go's); an event does.
   */
  readonly relistAfterWatchError: boolean;
  /** A (re)list is a streaming list (`sendInitialEvents`), until the server refuses one: then paginated lists for good. */
  readonly streaming: boolean;
}

/**
 * The states of the watcher (kube-rs `watcher::State`). Each but `Empty` and `Backoff` waits for one request: the
 * page of a list, a watch being opened, the events of an open watch.
 * - `Empty`: nothing requested yet; `Start` begins the first list;
 * - `InitPage`: a paginated list, one of its pages requested; `first` holds the first page's options (the
 *   continuation pages derive theirs from it), `listedRv` the list's resourceVersion as far as the pages tell it;
 * - `InitWatchOpening` / `InitWatching`: a streaming list — its watch (`sendInitialEvents`) requested, then open and
 *   delivering the initial events until the `k8s.io/initial-events-end` bookmark;
 * - `WatchOpening` / `Watching`: a watch from `resourceVersion` requested, then open and delivering events;
 *   `Watching.streamed` tells a watch that began as a streaming list (its 410 means a consistent relist),
 *   `delivered` counts its events (a watch that ends cleanly without any is retried after the backoff);
 * - `Backoff`: waiting the backoff (a `sleep` action), then `then`: a relist or a watch from `resourceVersion`.
 */
export type WatcherState =
  | (WatcherProgress & { readonly kind: 'Empty' })
  | (WatcherProgress & { readonly kind: 'InitPage'; readonly first: ListOptions; readonly listedRv: string })
  | (WatcherProgress & { readonly kind: 'InitWatchOpening' })
  | (WatcherProgress & { readonly kind: 'InitWatching' })
  | (WatcherProgress & { readonly kind: 'WatchOpening' })
  | (WatcherProgress & { readonly kind: 'Watching'; readonly streamed: boolean; readonly delivered: number })
  | (WatcherProgress & { readonly kind: 'Backoff'; readonly then: 'List' | 'Watch' });

/** What happened, as the driver saw it: the answer to the request the state waits for, or the backoff's end. */
export type WatcherInput<T> =
  /** `Empty`: begin. */
  | { type: 'Start' }
  /** `InitPage`: items of the page requested, decoded while the page arrives (`ListOptions.onItems`). */
  | { type: 'PageItems'; items: readonly T[] }
  /**
   * `InitPage`: the page requested arrived: its items not handed over as `PageItems`, its `metadata.resourceVersion`
   * (`''` when it has none) and its continue token (`undefined` for the last page).
   */
  | { type: 'Page'; items: readonly T[]; resourceVersion: string; continue: string | undefined }
  /** `InitPage`: the page's request failed. */
  | { type: 'ListFailed'; error: unknown }
  /** `InitWatchOpening` / `WatchOpening`: the watch is open. */
  | { type: 'WatchOpened' }
  /** `InitWatching` / `Watching`: events that arrived together. */
  | { type: 'WatchEvents'; events: readonly WatchEvent<T>[] }
  /** `InitWatching` / `Watching`: the watch ended cleanly. */
  | { type: 'WatchEnded' }
  /** `InitWatchOpening` / `WatchOpening` (the watch could not be opened) / `InitWatching` / `Watching`. */
  | { type: 'WatchFailed'; error: unknown }
  /** `Backoff`: the backoff elapsed. */
  | { type: 'Slept' }
  /**
   * `Watching`: the driver stopped the watch because replaying its backlog costs more than a relist (the catch-up
   * policy, ./catchup.ts): relist at once, with no error and no backoff.
   */
  | { type: 'FellBehind' };

/**
 * What the driver does, in order: hand events to the consumer, report an error (counted and passed to `onError`),
 * request a page, open a watch (both with the driver's `signal` added), sleep on the clock. After them it waits for
 * the input the new state expects.
 */
export type WatcherAction<T> =
  | { type: 'emit'; events: readonly WatcherEvent<T>[] }
  | { type: 'report'; error: WatcherError; phase: WatcherPhase; relist: boolean; retryInMs: number }
  | { type: 'list'; options: ListOptions }
  | { type: 'watch'; options: WatchOptions }
  | { type: 'sleep'; ms: number };

/** The outcome of a transition. */
export interface WatcherStep<T> {
  readonly state: WatcherState;
  readonly actions: readonly WatcherAction<T>[];
}

/** The state a watcher starts in: `Empty`, listing with streaming lists or not. */
export function initialWatcherState(streaming: boolean): WatcherState {
  return { kind: 'Empty', resourceVersion: '', failures: 0, listRvUnavailable: false, relistAfterWatchError: false, streaming };
}

const NO_ACTIONS: readonly WatcherAction<never>[] = Object.freeze([]);

/**
 * The watcher's transition function: given a state and what happened, the next state and what to do. Pure but for
 * `config.random` (drawn for backoffs and watch timeouts); it neither reads a clock nor does I/O, so that every
 * transition is a table row (test/unit/runtime/cache/watcher-state.test.ts). An input the state does not wait for is a bug of
 * the driver: it throws.
 */
export function stepWatcher<T>(config: WatcherConfig, state: WatcherState, input: WatcherInput<T>): WatcherStep<T> {
  switch (state.kind) {
    case 'Empty':
      if (input.type === 'Start') return startList(config, progressOf(state));
      break;
    case 'Backoff':
      if (input.type === 'Slept') return state.then === 'List' ? startList(config, progressOf(state)) : startWatch(config, progressOf(state));
      break;
    case 'InitPage':
      if (input.type === 'PageItems') return { state, actions: input.items.length > 0 ? [emitApply(input.items)] : NO_ACTIONS };
      if (input.type === 'Page') return pageArrived(config, state, input);
      if (input.type === 'ListFailed') return listFailed(config, state, input.error);
      break;
    case 'InitWatchOpening':
      if (input.type === 'WatchOpened') return { state: { ...progressOf(state), kind: 'InitWatching' }, actions: [{ type: 'emit', events: [{ type: 'Init' }] }] };
      if (input.type === 'WatchFailed') return watchFailed(config, state, input.error, 'watch-start');
      break;
    case 'WatchOpening':
      if (input.type === 'WatchOpened') return { state: { ...progressOf(state), kind: 'Watching', streamed: false, delivered: 0 }, actions: NO_ACTIONS };
      if (input.type === 'WatchFailed') return watchFailed(config, state, input.error, 'watch-start');
      break;
    case 'InitWatching':
    case 'Watching':
      if (input.type === 'FellBehind' && state.kind === 'Watching') return startList(config, progressOf(state), 0);
      if (input.type === 'WatchEvents') return watchEvents(state, input.events);
      if (input.type === 'WatchEnded') return watchEnded(config, state);
      if (input.type === 'WatchFailed') return watchFailed(config, state, input.error, 'watch');
      break;
  }
  throw new Error(`watcher: input ${input.type} in state ${state.kind}`);
}

/** The options every watch carries: the selector, bookmarks, and a server-side timeout drawn at random. */
export function watchOptionsOf(config: WatcherConfig): WatchOptions {
  const opts: WatchOptions = { ...config.selector, allowWatchBookmarks: true };
  if (config.watchTimeoutSeconds > 0) opts.timeoutSeconds = Math.floor(config.watchTimeoutSeconds * (1 + config.random()));
  return opts;
}

/** The options of the page after the one of `first`: continuation pages must not repeat resourceVersion(Match). */
export function continuation(first: ListOptions, token: string): ListOptions {
  return { ...first, continue: token, resourceVersion: undefined, resourceVersionMatch: undefined };
}

function progressOf(state: WatcherState): WatcherProgress {
  const { resourceVersion, failures, listRvUnavailable, relistAfterWatchError, streaming } = state;
  return { resourceVersion, failures, listRvUnavailable, relistAfterWatchError, streaming };
}

function emitApply<T>(items: readonly T[]): WatcherAction<T> {
  return { type: 'emit', events: items.map((object): WatcherEvent<T> => ({ type: 'InitApply', object })) };
}

/**
 * A (re)list: a streaming list's watch, or `Init` and the first page of a paginated list. `pageSize` 0: one response
 * (the catch-up relist: a list not older than a resourceVersion is served from the apiserver's watch cache in one
 * response only when it is not paginated, page after page otherwise, each a round trip).
 */
function startList<T>(config: WatcherConfig, p: WatcherProgress, pageSize = config.pageSize): WatcherStep<T> {
  if (p.streaming) {
    const options: WatchOptions = { ...watchOptionsOf(config), sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' };
    if (p.resourceVersion && !p.listRvUnavailable) options.resourceVersion = p.resourceVersion;
    return { state: { ...p, kind: 'InitWatchOpening' }, actions: [{ type: 'watch', options }] };
  }
  // 'Any': resourceVersion=0 first (the watch cache), then not older than the last seen; a consistent read after a 410
  const fromRv = config.listSemantic === 'MostRecent' || p.listRvUnavailable ? undefined : p.resourceVersion || '0';
  const first: ListOptions = { ...config.selector };
  if (pageSize > 0) first.limit = pageSize;
  if (fromRv !== undefined) {
    first.resourceVersion = fromRv;
    if (fromRv !== '0') first.resourceVersionMatch = 'NotOlderThan';
  }
  return { state: { ...p, kind: 'InitPage', first, listedRv: '' }, actions: [{ type: 'emit', events: [{ type: 'Init' }] }, { type: 'list', options: first }] };
}

/** A watch from the last resourceVersion seen. */
function startWatch<T>(config: WatcherConfig, p: WatcherProgress): WatcherStep<T> {
  const options: WatchOptions = { ...watchOptionsOf(config), resourceVersion: p.resourceVersion };
  return { state: { ...p, kind: 'WatchOpening' }, actions: [{ type: 'watch', options }] };
}

/** A failure retried after the backoff: counted, reported with its delay, slept. */
function backoff<T>(config: WatcherConfig, p: WatcherProgress, error: unknown, phase: WatcherPhase, then: 'List' | 'Watch', before: readonly WatcherAction<T>[] = NO_ACTIONS): WatcherStep<T> {
  const failures = p.failures + 1;
  const ms = backoffDelay(config.backoff, failures, config.random);
  return {
    state: { ...p, failures, kind: 'Backoff', then },
    actions: [...before, { type: 'report', error: watcherError(error, phase), phase, relist: then === 'List', retryInMs: ms }, { type: 'sleep', ms }],
  };
}

/** A relist at once (no backoff), after reporting `error`. */
function relistNow<T>(config: WatcherConfig, p: WatcherProgress, error: unknown, phase: WatcherPhase): WatcherStep<T> {
  const next = startList<T>(config, p);
  return { state: next.state, actions: [{ type: 'report', error: watcherError(error, phase), phase, relist: true, retryInMs: 0 }, ...next.actions] };
}

/**
 * A page arrived: the next page is requested first (the server prepares it while this one is applied), then this
 * page's items are emitted; after the last page, `InitDone` and the watch from the list's resourceVersion.
 */
function pageArrived<T>(config: WatcherConfig, state: Extract<WatcherState, { kind: 'InitPage' }>, page: Extract<WatcherInput<T>, { type: 'Page' }>): WatcherStep<T> {
  const listedRv = page.resourceVersion || state.listedRv;
  const actions: WatcherAction<T>[] = [];
  if (page.continue !== undefined) actions.push({ type: 'list', options: continuation(state.first, page.continue) });
  if (page.items.length > 0) actions.push(emitApply(page.items));
  if (page.continue !== undefined) return { state: { ...state, listedRv }, actions };
  const p = progressOf(state);
  if (!listedRv) return backoff(config, p, new WatcherProtocolError('the list has no metadata.resourceVersion (does the resource support watch?)'), 'list', 'List', actions);
  const listed: WatcherProgress = { ...p, resourceVersion: listedRv, listRvUnavailable: false, failures: p.relistAfterWatchError ? p.failures : 0 };
  const watch = startWatch<T>(config, listed);
  return { state: watch.state, actions: [...actions, { type: 'emit', events: [{ type: 'InitDone', resourceVersion: listedRv }] }, ...watch.actions] };
}

/** A page failed: a list from a resourceVersion the server no longer has is retried at once as a consistent read. */
function listFailed<T>(config: WatcherConfig, state: Extract<WatcherState, { kind: 'InitPage' }>, error: unknown): WatcherStep<T> {
  const p = progressOf(state);
  if (state.first.resourceVersion !== undefined && needsRelist(error)) return relistNow(config, { ...p, listRvUnavailable: true }, error, 'list');
  return backoff(config, p, error, 'list', 'List');
}

/**
 * Events of an open watch. During a streaming list's initial events: objects are `InitApply`, bookmarks move the
 * resourceVersion and the `initial-events-end` one is `InitDone` (the state becomes `Watching`, on the same watch);
 * DELETED cannot happen then and is ignored (as kube-rs does). After: each event moves the resourceVersion, counts as
 * delivered and resets the failures.
 */
function watchEvents<T>(state: Extract<WatcherState, { kind: 'InitWatching' | 'Watching' }>, batch: readonly WatchEvent<T>[]): WatcherStep<T> {
  let { resourceVersion, failures, listRvUnavailable, relistAfterWatchError } = state;
  let inInit = state.kind === 'InitWatching';
  let delivered = state.kind === 'Watching' ? state.delivered : 0;
  const out: WatcherEvent<T>[] = [];
  for (const ev of batch) {
    const evRv = rvOf(ev.object);
    if (inInit) {
      if (ev.type === 'BOOKMARK') {
        if (evRv) resourceVersion = evRv;
        const ann = (ev.object as KubeObject).metadata?.annotations;
        if (ann?.[INITIAL_EVENTS_END_ANNOTATION] === 'true') {
          inInit = false;
          listRvUnavailable = false;
          if (!relistAfterWatchError) failures = 0;
          out.push({ type: 'InitDone', resourceVersion });
        }
      } else if (ev.type === 'ADDED' || ev.type === 'MODIFIED') {
        if (evRv) resourceVersion = evRv;
        out.push({ type: 'InitApply', object: ev.object });
      }
      continue;
    }
    if (evRv) resourceVersion = evRv;
    delivered++;
    failures = 0;
    relistAfterWatchError = false;
    if (ev.type === 'BOOKMARK') out.push({ type: 'Bookmark', resourceVersion });
    else out.push({ type: ev.type === 'ADDED' ? 'Added' : ev.type === 'MODIFIED' ? 'Modified' : 'Deleted', object: ev.object, resourceVersion });
  }
  const p: WatcherProgress = { resourceVersion, failures, listRvUnavailable, relistAfterWatchError, streaming: state.streaming };
  const next: WatcherState = inInit ? { ...p, kind: 'InitWatching' } : { ...p, kind: 'Watching', streamed: state.kind === 'InitWatching' || state.streamed, delivered };
  return { state: next, actions: out.length > 0 ? [{ type: 'emit', events: out }] : NO_ACTIONS };
}

/**
 * A clean end: before the initial events did, a protocol error (relist after the backoff); after events, a watch from
 * the last resourceVersion at once; after none, the same after the backoff, unreported (a server that closes at once
 * cannot make it spin).
 */
function watchEnded<T>(config: WatcherConfig, state: Extract<WatcherState, { kind: 'InitWatching' | 'Watching' }>): WatcherStep<T> {
  const p = progressOf(state);
  if (state.kind === 'InitWatching') return backoff(config, p, new WatcherProtocolError('the watch ended before the initial events were complete'), 'watch', 'List');
  if (state.delivered > 0) return startWatch(config, p);
  const failures = p.failures + 1;
  return { state: { ...p, failures, kind: 'Backoff', then: 'Watch' }, actions: [{ type: 'sleep', ms: backoffDelay(config.backoff, failures, config.random) }] };
}

/**
 * A watch failed (`watch-start`: could not be opened). A streaming list the server refuses (400 / 403 / 405 / 422)
 * falls back to paginated lists at once. Otherwise, after the backoff: 410 / `ResourceVersionTooLarge` relists (as a
 * consistent read after a streaming list); a failure during the initial events relists; a connection error or a 429
 * watches again from the same resourceVersion; any other API status or an unusable frame relists, and the relist's
 * success does not reset the failures.
 */
function watchFailed<T>(
  config: WatcherConfig,
  state: Extract<WatcherState, { kind: 'InitWatchOpening' | 'InitWatching' | 'WatchOpening' | 'Watching' }>,
  error: unknown,
  phase: 'watch-start' | 'watch',
): WatcherStep<T> {
  const p = progressOf(state);
  const inInit = state.kind === 'InitWatchOpening' || state.kind === 'InitWatching';
  const streamed = inInit || (state.kind === 'Watching' && state.streamed);
  const expired = needsRelist(error);
  if (inInit && !expired && (isBadRequest(error) || isInvalid(error) || isMethodNotSupported(error) || isForbidden(error))) {
    // the server does not do streaming lists: list + watch, at once (as client-go: making progress beats waiting)
    return relistNow(config, { ...p, streaming: false }, error, phase);
  }
  if (expired) return backoff(config, streamed ? { ...p, listRvUnavailable: true } : p, error, phase, 'List');
  if (inInit) return backoff(config, p, error, phase, 'List');
  // an API error or a frame it cannot use: the same watch would fail the same way, so relist (client-go's reflector
  // too). E.g. an apiserver without watch cache answers a watch whose next event's previous version is compacted
  // away with a 500 `etcd event received with PrevKv=nil` for as long as that event is the next.
  if (!rewatchable(error)) return backoff(config, { ...p, relistAfterWatchError: true }, error, phase, 'List');
  return backoff(config, p, error, phase, 'Watch');
}
