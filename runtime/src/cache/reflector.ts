/**
 * The watcher and the reflector: keep a `Store<T>` equal to the server's collection (client-go `tools/cache`
 * reflector.go, kube-rs `watcher.rs`), in two stages.
 *
 * 1. `watchEvents(lw, opts)` is a state machine (list → watch → watch … → relist) exposed as an
 *    `AsyncIterable<WatcherEvent<T>>`. A (re)list is the explicit sequence `Init`, `InitApply`*, `InitDone`, so a
 *    consumer can swap its state atomically at `InitDone`; after it come `Added` / `Modified` / `Deleted` /
 *    `Bookmark` events of the watch.
 * 2. `Reflector` consumes those events into a store: it builds the store's next contents aside from `InitApply`
 *    objects as they arrive (`store.beginReplace()`; a store without it gets `store.replace(buffer, resourceVersion)`)
 *    and swaps them in at `InitDone`, applies watch events one by one, and tracks
 *    `lastSyncResourceVersion` and `hasSynced()`.
 *
 * Contract of `watchEvents` (and so of `Reflector.run`):
 * - a list (`initialList: 'ListWatch'`, or the fallback of a streaming list) is paginated (`pageSize`, default
 *   500); page n + 1 is requested as soon as page n's continue token is known, so the server prepares it while
 *   page n is decoded and applied: a lister-watcher that reads the
 *   token from the raw response (a typed client does, `ListOptions.onContinue`) gives it before page n is decoded,
 *   any other once it is. A page requested early with a token the decoded page does not carry is aborted and the
 *   right one requested; a failed list aborts the page requested ahead. The reflector applies a page's items to its
 *   store as the lister-watcher decodes them while the page arrives (`ListOptions.onItems`: a typed client does),
 *   page after page in order, and the rest once the page is in. `listSemantic: 'Any'` (default, as client-go's
 *   reflector) lists with `resourceVersion=0` first (served from the apiserver's watch cache, which answers in one
 *   response whatever the page size) and then not older than the last resourceVersion seen; when the apiserver no
 *   longer has that resourceVersion (410, or 504 `ResourceVersionTooLarge`) it lists again at once with a consistent
 *   read. `'MostRecent'` lists with a consistent read every time (page after page). That is
 *   `initialList: 'ListWatch'`; with `'StreamingList'`
 *   (the default, as client-go's since 1.35) the list is a watch with `sendInitialEvents` ended by the
 *   `k8s.io/initial-events-end` bookmark, falling back to list + watch for good — at once, with no backoff — when
 *   the server rejects it with 400 / 403 / 405 / 422;
 * - the watch starts from the list's resourceVersion, asks for bookmarks and carries a server-side timeout
 *   drawn at random in [`watchTimeoutSeconds`, 2 × `watchTimeoutSeconds`] (default 300 s; 0 for none);
 * - when a watch ends cleanly it watches again from the last resourceVersion seen (event or bookmark) — no
 *   event is lost or repeated; a watch that ends cleanly without delivering anything is retried after the
 *   backoff, so a server that closes at once cannot make it spin. Over a watch that reads ahead
 *   (`WatchSink.ending`: `ReadableWatch`), the next watch is requested from the last event's resourceVersion as
 *   soon as the end of the response is read, while its remaining events are still being applied (a watcher
 *   catching up after a stall, whose response the apiserver ended, does not wait for the backlog to be applied);
 *   it is used only if it starts where the applied events end, and dropped after any error;
 * - 410 Gone / Expired (on the watch call or as a watch ERROR event) means the history is gone: it relists
 *   (`Init` …), as it does on a 504 `ResourceVersionTooLarge`. After either on a list, the next list is a
 *   consistent read;
 * - every error is classified once into a `WatcherError` (expired, API status, decode, frame too large, network,
 *   protocol), counted (`kubegen_watcher_errors_total{name,phase,reason}` on the injected `metrics`), and handed to
 *   `onError` (default: `loggingWatchErrorHandler` on the injected `logger`, as client-go logs them);
 * - any other error is handed to `onError` and retried after an exponential backoff with jitter (default 800 ms
 *   doubling to 30 s, jitter 1.0, as client-go), on the injected `clock`: a failed list lists again (from `Init`); a
 *   watch that failed on its connection (refused, reset, timeout) or with a 429 watches again from the same
 *   resourceVersion; a watch that failed with any other API status (5xx, 403 …) or a frame it could not use
 *   relists, as client-go's reflector does — the same watch would fail the same way. The failure count resets after
 *   each delivered event and each successful list, except a list after such a watch failure (so a watch that keeps
 *   failing backs off further and further). It never stops on its own: only the `signal` ends it, and it ends then
 *   without throwing;
 * - objects are yielded as the server sent them; nothing is copied.
 */

import type { KubeList, KubeObject } from '../client/types';
import { isBadRequest, isForbidden, isInvalid, isMethodNotSupported } from '../errors/errors';
import { defaultLogger } from '../log/default';
import { noopMetrics, type Logger, type Metrics } from '../observe';
import { backoffDelay, type Backoff } from '../errors/retry';
import type { ListOptions, WatchOptions } from '../rest/options';
import { INITIAL_EVENTS_END_ANNOTATION, watchBatches, type Watch, type WatchEvent } from '../watch/types';
import { clockSleep, realClock, type Clock } from './clock';
import type { ReplaceBuilder, Store } from './store';
import { needsRelist, rewatchable, rvOf, watcherError, WatcherProtocolError, type WatcherError, type WatcherEvent, type WatcherPhase } from './watcher';

export { needsRelist, watcherError, WatcherProtocolError, type WatcherError, type WatcherEvent, type WatcherPhase } from './watcher';

/** What a reflector lists and watches: any `ResourceClient<T, TList>` is one. */
export interface ListerWatcher<T> {
  list(opts: ListOptions): Promise<KubeList<T>>;
  watch(opts: WatchOptions): Promise<Watch<T>>;
}

/**
 * Called with every error before the watcher retries. `relist` tells whether the next step is a relist; `name` is the
 * watcher's (`WatcherOptions.name`: a shared handler tells its reflectors apart, as client-go's gets the Reflector).
 */
export type WatchErrorHandler = (err: WatcherError, info: { name: string; phase: WatcherPhase; relist: boolean; retryInMs: number }) => void;

export interface WatcherOptions {
  /** Ends the watcher; nothing else does. */
  signal: AbortSignal;
  /**
   * How the watcher lists: `'StreamingList'` (default, as client-go's reflector since 1.35, its `WatchListClient`
   * feature on by default) streams the current objects as the initial events of a watch (`sendInitialEvents`) and
   * falls back to `'ListWatch'` (paginated lists) when the server refuses; `'ListWatch'` lists.
   */
  initialList?: 'ListWatch' | 'StreamingList';
  /**
   * How `'ListWatch'` lists. `'Any'` (default, as client-go's reflector): `resourceVersion=0` first, served from the
   * apiserver's watch cache, then not older than the last resourceVersion seen: the first list may lag behind the
   * storage (an apiserver whose cache is behind), a relist never goes back in time. `'MostRecent'`: a consistent
   * read every time.
   */
  listSemantic?: 'MostRecent' | 'Any';
  /** Items per list page, default 500; 0 for an unpaginated list. */
  pageSize?: number;
  /** Label and field selectors of every list and watch. */
  selector?: Pick<ListOptions, 'labelSelector' | 'fieldSelector'>;
  /** Minimum server-side watch timeout, default 300; 0 for none. */
  watchTimeoutSeconds?: number;
  /** Default: 800 ms × 2 up to 30 s, jitter 1.0. `steps` is ignored: it retries forever. */
  backoff?: Backoff;
  /** Default `realClock`. */
  clock?: Clock;
  /** A number in [0, 1): jitter and watch timeouts. Default `Math.random`. */
  random?: () => number;
  /** Default: `loggingWatchErrorHandler` on `logger`. */
  onError?: WatchErrorHandler;
  /** Names the watcher in logs and metrics labels. Default `watcher` (a `Reflector`: `reflector`). */
  name?: string;
  /** Default: `defaultLogger()` (see `@kubegen/runtime/log`). */
  logger?: Logger;
  /** Default: none counted. */
  metrics?: Metrics;
}

/** client-go's reflector backoff: 800ms doubling to 30s, jitter 1.0. */
export const DEFAULT_REFLECTOR_BACKOFF: Readonly<Backoff> = Object.freeze({
  durationMs: 800,
  factor: 2,
  jitter: 1.0,
  capMs: 30_000,
  steps: Number.MAX_SAFE_INTEGER,
});


/**
 * The default error handler, logging as client-go's reflector does: a watch that ended because its history expired
 * (410 Gone, the relist that follows is routine) at V(4); any other failure of a watch as an info record (client-go's
 * warning) and a failed list or a store that threw applying an event as an error record. Each record names the
 * watcher, the phase, the reason and what happens next.
 */
export function loggingWatchErrorHandler(name: string, logger: Logger = defaultLogger()): WatchErrorHandler {
  return (err, info) => {
    const next = info.phase === 'apply' ? 'event skipped' : info.relist ? 'relist' : 'retry';
    const fields = { watcher: name, phase: info.phase, reason: err.reason, next, retryInMs: Math.round(info.retryInMs) };
    if (info.phase === 'list' || info.phase === 'apply') logger.error(err.error, 'watch failed', fields);
    else if (err.reason === 'Expired') logger.v(4).info('watch expired', { ...fields, error: err.error });
    else logger.info('watch failed', { ...fields, error: err.error });
  };
}

/** The options of the page after the one of `first`: continuation pages must not repeat resourceVersion(Match). */
function continuation(first: ListOptions, token: string): ListOptions {
  return { ...first, continue: token, resourceVersion: undefined, resourceVersionMatch: undefined };
}

/**
 * A page of a list, requested (abortable on its own, and by the list's signal). When the lister-watcher reads the
 * page's continue token before the page's items (`onContinue`), the next page is requested at once: `early`. With
 * `incremental`, the lister-watcher may hand the page's items over while the response is still arriving
 * (`onItems`): they are kept until the page is `attach`ed (it is the page being applied), then passed on as they
 * come; `delivered` counts them, and the rest of the page's items is taken from the resolved page.
 */
class PageRequest<T> {
  readonly page: Promise<KubeList<T>>;
  early: { token: string; next: PageRequest<T> } | undefined;
  /** Items passed to the sink so far. */
  delivered = 0;
  private readonly own = new AbortController();
  private readonly signal: AbortSignal;
  private sink: ((items: readonly T[]) => void) | undefined;
  /** Items received before `attach`. */
  private held: T[][] = [];

  constructor(lw: ListerWatcher<T>, opts: ListOptions, incremental: boolean) {
    const signal = opts.signal ? AbortSignal.any([opts.signal, this.own.signal]) : this.own.signal;
    this.signal = signal;
    this.page = lw.list({
      ...opts,
      signal,
      onContinue: (token) => {
        if (this.early === undefined && !signal.aborted) this.early = { token, next: new PageRequest(lw, continuation(opts, token), incremental) };
      },
      ...(incremental
        ? {
            onItems: (items: unknown[]) => {
              this.receive(items as T[]);
            },
          }
        : {}),
    });
    // settled even if nobody awaits it (a page dropped, or the consumer stopped): the signal aborts it
    this.page.catch(() => undefined);
  }

  /** From now on the page's items go to `sink` as they arrive; those received already go first. */
  attach(sink: (items: readonly T[]) => void): void {
    this.sink = sink;
    const held = this.held;
    this.held = [];
    for (const items of held) this.pass(items);
  }

  /** The page's items not passed to the sink (all of them without `onItems`). */
  rest(page: KubeList<T>): readonly T[] {
    const items = page.items ?? [];
    return this.delivered === 0 ? items : items.slice(this.delivered);
  }

  /** Aborts this request and the one it made early. */
  abort(): void {
    this.own.abort();
    this.early?.next.abort();
  }

  private receive(items: T[]): void {
    if (this.signal.aborted) return;
    if (this.sink) this.pass(items);
    else this.held.push(items);
  }

  private pass(items: readonly T[]): void {
    this.delivered += items.length;
    this.sink?.(items);
  }
}

/** The watcher state machine; see the module doc. */
export async function* watchEvents<T>(lw: ListerWatcher<T>, opts: WatcherOptions): AsyncGenerator<WatcherEvent<T>, void, undefined> {
  for await (const step of watcherSteps(lw, opts)) {
    if (!isBatch(step)) {
      yield step;
      continue;
    }
    for (const ev of step) {
      if (opts.signal.aborted) return;
      yield ev;
    }
  }
}

function isBatch<E>(step: E | readonly E[]): step is readonly E[] {
  return Array.isArray(step);
}

/**
 * `watchEvents`, with the events of a watch that arrived together (`Watch.batches`) yielded as one array: the
 * reflector applies them in one synchronous step. With `deliver`, a watch that can push (`Watch.listen`: Node's HTTP
 * client) is not iterated: each batch goes to `deliver` synchronously from the response's `'data'` event — no promise
 * per chunk nor per stage — and the generator resumes when the watch ends.
 */
async function* watcherSteps<T>(
  lw: ListerWatcher<T>,
  opts: WatcherOptions,
  deliver?: (batch: readonly WatcherEvent<T>[]) => void,
): AsyncGenerator<WatcherEvent<T> | readonly WatcherEvent<T>[], void, undefined> {
  const {
    signal,
    listSemantic = 'Any',
    pageSize = 500,
    selector = {},
    watchTimeoutSeconds = 300,
    backoff = DEFAULT_REFLECTOR_BACKOFF,
    clock = realClock,
    random = Math.random,
    name = 'watcher',
    metrics = noopMetrics,
  } = opts;
  const onError = opts.onError ?? loggingWatchErrorHandler(name, opts.logger);
  let streaming = (opts.initialList ?? 'StreamingList') === 'StreamingList';
  let state: 'list' | 'watch' = 'list';
  /** The last resourceVersion seen (list, event or bookmark); `''` before the first list. */
  let rv = '';
  /** After a 410 on a list: the next list must be a consistent read. */
  let listRvUnavailable = false;
  let failures = 0;
  /**
   * The relist under way follows a watch that failed with an API error: its success does not reset `failures` (a
   * watch that keeps failing after each good list backs off longer and longer, as client-go's); an event does.
   */
  let relistAfterWatchError = false;

  const report = (err: unknown, phase: WatcherPhase, relist: boolean, retryInMs: number): void => {
    const e = watcherError(err, phase);
    metrics.count('kubegen_watcher_errors_total', { name, phase, reason: e.reason });
    onError(e, { name, phase, relist, retryInMs });
  };
  const fail = async (err: unknown, phase: WatcherPhase, relist: boolean): Promise<void> => {
    failures++;
    const delay = backoffDelay(backoff, failures, random);
    report(err, phase, relist, delay);
    await clockSleep(clock, delay, signal);
  };
  /** The options every watch carries: the selector, bookmarks, and a server-side timeout drawn at random. */
  const watchOptions = (watchSignal: AbortSignal): WatchOptions => {
    const opts: WatchOptions = { ...selector, allowWatchBookmarks: true, signal: watchSignal };
    if (watchTimeoutSeconds > 0) opts.timeoutSeconds = Math.floor(watchTimeoutSeconds * (1 + random()));
    return opts;
  };
  const listRv = (): string | undefined => {
    if (listSemantic === 'MostRecent' || listRvUnavailable) return undefined;
    return rv || '0';
  };

  /** The next watch, opened ahead (see `ending` below). */
  let next: { resourceVersion: string; watch: Promise<Watch<T>>; abort: AbortController } | undefined;
  /** Takes the watch opened ahead, if any. */
  const takeNext = (): typeof next => {
    const taken = next;
    next = undefined;
    return taken;
  };

  while (!signal.aborted) {
    if (state === 'list') takeNext()?.abort.abort();
    if (state === 'list' && !streaming) {
      yield { type: 'Init' };
      let phaseRv = '';
      const fromRv = listRv();
      /** The page requested next (after an error: the one to drop). */
      let next: PageRequest<T> | undefined;
      try {
        const first: ListOptions = { ...selector, signal };
        if (pageSize > 0) first.limit = pageSize;
        if (fromRv !== undefined) {
          first.resourceVersion = fromRv;
          if (fromRv !== '0') first.resourceVersionMatch = 'NotOlderThan';
        }
        // pages are requested ahead: page n + 1 as soon as page n's continue token is known — read from its raw bytes
        // before it is decoded when the lister-watcher can (`onContinue`), else once it is decoded — and always
        // before its objects are applied
        // with `deliver`, a page's items are applied as the lister-watcher decodes them (`onItems`), in page order
        const incremental = deliver !== undefined;
        next = new PageRequest(lw, first, incremental);
        while (next !== undefined) {
          const current: PageRequest<T> = next;
          if (deliver !== undefined) {
            current.attach((items) => {
              deliver(items.map((object): WatcherEvent<T> => ({ type: 'InitApply', object })));
            });
          }
          const page: KubeList<T> = await current.page;
          if (signal.aborted) return;
          const token = page.metadata?.continue || undefined;
          const early = current.early;
          if (early !== undefined && early.token === token) {
            next = early.next;
          } else {
            // no early request, or one made with a token the decoded page does not carry: drop it
            early?.next.abort();
            next = token !== undefined ? new PageRequest(lw, continuation(first, token), incremental) : undefined;
          }
          phaseRv = page.metadata?.resourceVersion || phaseRv;
          // the items not applied yet, in one step
          const rest = current.rest(page);
          if (rest.length > 0) yield rest.map((object): WatcherEvent<T> => ({ type: 'InitApply', object }));
        }
        if (!phaseRv) throw new WatcherProtocolError('the list has no metadata.resourceVersion (does the resource support watch?)');
      } catch (err) {
        next?.abort();
        if (signal.aborted) return;
        if (fromRv !== undefined && needsRelist(err)) {
          // the resourceVersion listed from is gone: a consistent read, at once (as client-go's reflector)
          listRvUnavailable = true;
          report(err, 'list', true, 0);
          continue;
        }
        await fail(err, 'list', true);
        continue;
      }
      if (signal.aborted) return;
      listRvUnavailable = false;
      if (!relistAfterWatchError) failures = 0;
      rv = phaseRv;
      state = 'watch';
      yield { type: 'InitDone', resourceVersion: rv };
      continue;
    }

    // a watch: from `rv`, or (streaming list) the initial-events watch
    const initial = state === 'list';
    const watchOpts = watchOptions(signal);
    if (initial) {
      watchOpts.sendInitialEvents = true;
      watchOpts.resourceVersionMatch = 'NotOlderThan';
      if (rv && !listRvUnavailable) watchOpts.resourceVersion = rv;
    } else {
      watchOpts.resourceVersion = rv;
    }
    let w: Watch<T> | undefined;
    let phase: WatcherPhase = 'watch-start';
    let delivered = 0;
    let inInit = initial;
    // a watch opened ahead when the last one ended (`WatchSink.ending`): used if it starts where this one must
    const ahead = takeNext();
    try {
      if (ahead !== undefined && !initial && ahead.resourceVersion === rv) {
        w = await ahead.watch;
      } else {
        ahead?.abort.abort();
        w = await lw.watch(watchOpts);
      }
      phase = 'watch';
      if (inInit) yield { type: 'Init' };
      /** The watcher events of a batch of watch events (updating rv, the init state, the failure count). */
      const convert = (batch: readonly WatchEvent<T>[]): WatcherEvent<T>[] => {
        const out: WatcherEvent<T>[] = [];
        for (const ev of batch) {
          const evRv = rvOf(ev.object);
          if (inInit) {
            if (ev.type === 'BOOKMARK') {
              if (evRv) rv = evRv;
              const ann = (ev.object as KubeObject).metadata?.annotations;
              if (ann?.[INITIAL_EVENTS_END_ANNOTATION] === 'true') {
                inInit = false;
                state = 'watch';
                listRvUnavailable = false;
                if (!relistAfterWatchError) failures = 0;
                out.push({ type: 'InitDone', resourceVersion: rv });
              }
            } else if (ev.type === 'ADDED' || ev.type === 'MODIFIED') {
              if (evRv) rv = evRv;
              out.push({ type: 'InitApply', object: ev.object });
            }
            // DELETED cannot happen during the initial events; ignored as kube-rs does
            continue;
          }
          if (evRv) rv = evRv;
          delivered++;
          failures = 0;
          relistAfterWatchError = false;
          if (ev.type === 'BOOKMARK') out.push({ type: 'Bookmark', resourceVersion: rv });
          else out.push({ type: ev.type === 'ADDED' ? 'Added' : ev.type === 'MODIFIED' ? 'Modified' : 'Deleted', object: ev.object, resourceVersion: rv });
        }
        return out;
      };
      if (deliver && w.listen) {
        // pushed: each network chunk's events are converted and applied in the 'data' event that brought them
        const listening = w.listen.bind(w);
        await new Promise<void>((resolve, reject) => {
          listening({
            events: (batch) => {
              if (signal.aborted) return true;
              const out = convert(batch);
              if (out.length > 0) deliver(out);
              return true;
            },
            end: (err) => {
              if (err === undefined) resolve();
              else reject(err);
            },
            ending: (lastRv) => {
              // the server ended the response and its last event is `lastRv`: open the next watch from there now,
              // so the server prepares it while the rest of this one is applied
              if (inInit || signal.aborted || next !== undefined) return;
              const abort = new AbortController();
              const watch = lw.watch({ ...watchOptions(AbortSignal.any([signal, abort.signal])), resourceVersion: lastRv });
              // settled even if never used: dropped, it is aborted
              watch.then(
                (unused) => {
                  if (abort.signal.aborted) unused.stop();
                },
                () => undefined,
              );
              next = { resourceVersion: lastRv, watch, abort };
            },
          });
        });
      } else {
        for await (const batch of watchBatches(w)) {
          if (signal.aborted) return;
          const out = convert(batch);
          // one step for the whole batch: the consumer applies it synchronously
          if (out.length > 0) yield out;
        }
      }
      if (signal.aborted) return;
      if (inInit) {
        // the stream ended before the initial events did: start over
        state = 'list';
        await fail(new WatcherProtocolError('the watch ended before the initial events were complete'), 'watch', true);
      } else if (delivered === 0) {
        // a clean but empty close: no error to report, but do not spin
        failures++;
        await clockSleep(clock, backoffDelay(backoff, failures, random), signal);
      }
    } catch (err) {
      if (signal.aborted) return;
      // a watch opened ahead is not used after an error
      takeNext()?.abort.abort();
      const expired = needsRelist(err);
      if (initial && inInit && !expired && (isBadRequest(err) || isInvalid(err) || isMethodNotSupported(err) || isForbidden(err))) {
        // the server does not do streaming lists: fall back to list + watch, at once (as client-go: making progress
        // beats waiting)
        streaming = false;
        state = 'list';
        report(err, phase, true, 0);
        continue;
      }
      if (expired) {
        state = 'list';
        if (initial) listRvUnavailable = true;
      } else if (inInit) {
        state = 'list';
      } else if (!rewatchable(err)) {
        // an API error or a frame it cannot use: the same watch would fail the same way, so relist (client-go's
        // reflector too). E.g. an apiserver without watch cache answers a watch whose next event's previous version
        // is compacted away with a 500 `etcd event received with PrevKv=nil` for as long as that event is the next.
        state = 'list';
        relistAfterWatchError = true;
      }
      await fail(err, phase, state === 'list');
    } finally {
      w?.stop();
    }
  }
}

/** What a reflector writes to: a `Store<T>`, or anything with these methods (an informer's store adapter). */
export type ReflectorStore<T> = Pick<Store<T>, 'add' | 'update' | 'delete' | 'replace' | 'bookmark'> & {
  /**
   * When present, a (re)list is applied object by object as its pages arrive (`add` each, `commit` at `InitDone`)
   * instead of buffered for `replace`; the store must swap atomically at `commit`, as `replace` does (`CacheIndexer`
   * and informers do). A relist with an object the store could not take is not committed.
   */
  beginReplace?(): ReplaceBuilder<T>;
};

export type ReflectorOptions = Omit<WatcherOptions, 'signal'>;

/**
 * Keeps a store in sync with a collection; see the module doc. `run(signal)` resolves once `signal` aborts and
 * never rejects: errors go to `onError` (or `setWatchErrorHandler`) and are retried.
 */
export class Reflector<T> {
  private synced = false;
  private lastRv = '';
  private running = false;
  private errorHandler: WatchErrorHandler | undefined;

  constructor(
    private readonly lw: ListerWatcher<T>,
    private readonly store: ReflectorStore<T>,
    private readonly opts: ReflectorOptions = {},
  ) {
    this.errorHandler = opts.onError;
  }

  get name(): string {
    return this.opts.name ?? 'reflector';
  }

  /** The resourceVersion the store reflects: of the last list, event or bookmark applied. `''` before. */
  get lastSyncResourceVersion(): string {
    return this.lastRv;
  }

  /** Whether the first list has been applied to the store. Stays true across relists. */
  hasSynced(): boolean {
    return this.synced;
  }

  /** Replaces the error handler; call before `run`. */
  setWatchErrorHandler(handler: WatchErrorHandler): void {
    if (this.running) throw new Error(`${this.name}: setWatchErrorHandler after run`);
    this.errorHandler = handler;
  }

  async run(signal: AbortSignal): Promise<void> {
    if (this.running) throw new Error(`${this.name}: run called twice`);
    this.running = true;
    const logger = this.opts.logger ?? defaultLogger();
    const onError = this.errorHandler ?? loggingWatchErrorHandler(this.name, logger);
    const metrics = this.opts.metrics ?? noopMetrics;
    // client-go's reflector: start and stop at V(3), every (re)list applied at V(2)
    const log = logger.withValues({ reflector: this.name });
    log.v(3).info('Starting reflector');
    /** The (re)list in progress: its builder, or its buffer for a store without `beginReplace`; `failed` after an error. */
    let relist: { builder: ReplaceBuilder<T> | undefined; buffer: T[]; failed: boolean } | undefined;
    const step = (ev: WatcherEvent<T>): void => {
      try {
        if (ev.type === 'Init') {
          relist = { builder: this.store.beginReplace?.(), buffer: [], failed: false };
        } else if (ev.type === 'InitApply') {
          if (relist && !relist.failed) {
            if (relist.builder) relist.builder.add(ev.object);
            else relist.buffer.push(ev.object);
          }
        } else if (ev.type === 'InitDone') {
          const done = relist;
          relist = undefined;
          if (done && !done.failed) {
            if (done.builder) done.builder.commit(ev.resourceVersion);
            else this.store.replace(done.buffer, ev.resourceVersion);
            this.lastRv = ev.resourceVersion;
            this.synced = true;
            log.v(2).info('Caches populated', { resourceVersion: ev.resourceVersion });
          }
        } else {
          this.apply(ev);
        }
      } catch (err) {
        // a relist the store could not take is not applied (one error reported for it)
        if (relist) relist.failed = true;
        metrics.count('kubegen_watcher_errors_total', { name: this.name, phase: 'apply', reason: 'Apply' });
        onError(watcherError(err, 'apply'), { name: this.name, phase: 'apply', relist: false, retryInMs: 0 });
      }
    };
    const applyBatch = (batch: readonly WatcherEvent<T>[]): void => {
      // a batch is applied in one synchronous step, event by event, until the signal aborts
      for (const ev of batch) {
        if (signal.aborted) break;
        step(ev);
      }
    };
    for await (const item of watcherSteps(this.lw, { ...this.opts, name: this.name, signal, onError }, applyBatch)) {
      if (!isBatch(item)) {
        step(item);
        continue;
      }
      applyBatch(item);
    }
    log.v(3).info('Stopping reflector');
  }

  /** Applies a watch event (not of a relist). */
  private apply(ev: Exclude<WatcherEvent<T>, { type: 'Init' | 'InitApply' | 'InitDone' }>): void {
    switch (ev.type) {
      case 'Added':
        this.store.add(ev.object);
        this.lastRv = ev.resourceVersion;
        break;
      case 'Modified':
        this.store.update(ev.object);
        this.lastRv = ev.resourceVersion;
        break;
      case 'Deleted':
        this.store.delete(ev.object);
        this.lastRv = ev.resourceVersion;
        break;
      case 'Bookmark':
        this.store.bookmark(ev.resourceVersion);
        this.lastRv = ev.resourceVersion;
        break;
    }
  }
}
