/**
 * The watcher and the reflector: keep a `Store<T>` equal to the server's collection (client-go `tools/cache`
 * reflector.go, kube-rs `watcher.rs`), in two stages.
 *
 * 1. `watchEvents(lw, opts)` is a state machine (list → watch → watch … → relist) exposed as an
 *    `AsyncIterable<WatcherEvent<T>>`. A (re)list is the explicit sequence `Init`, `InitApply`*, `InitDone`, so a
 *    consumer can swap its state atomically at `InitDone`; after it come `Added` / `Modified` / `Deleted` /
 *    `Bookmark` events of the watch. The machine is `stepWatcher` (./watcher.ts: its states `Empty`, `InitPage`,
 *    `InitWatchOpening`, `InitWatching`, `WatchOpening`, `Watching`, `Backoff`, one transition function with no I/O
 *    and no clock); `runWatcher` below is its I/O edge: it performs the actions of each step (emit, report, list,
 *    watch, sleep on the clock) and feeds back what the request the state waits for brings.
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
 * - a watcher that stalled and fell far behind relists instead of replaying the backlog, when that is cheaper (the
 *   catch-up policy, ./catchup.ts, `catchUp`): a `limit=1` probe tells where the server is; a backlog of at least
 *   `minBacklog` events and `relistRatio` of the collection stops the watch and relists at once (`Init` …, with no
 *   error report and no backoff); a shorter one replays;
 * - objects are yielded as the server sent them; nothing is copied.
 */

import type { ListPage } from '../client/types';
import { defaultLogger } from '../log/default';
import { noopMetrics, type Logger, type Metrics } from '../observe';
import type { Backoff } from '../errors/retry';
import type { ListOptions, WatchOptions } from '../rest/options';
import { watchBatches, type Watch, type WatchEvent, type WatchListening } from '../watch/types';
import { clockSleep, isAborted, realClock, type Clock } from '../clock/clock';
import type { ReplaceBuilder, Store } from './store';
import { catchUpPolicyOf, decideCatchUp, type CatchUpDecision, type CatchUpOptions } from './catchup';
import {
  continuation,
  initialWatcherState,
  stepWatcher,
  watcherError,
  watchOptionsOf,
  type WatcherAction,
  type WatcherConfig,
  type WatcherError,
  type WatcherEvent,
  type WatcherInput,
  type WatcherPhase,
} from './watcher';

export { needsRelist, watcherError, WatcherProtocolError, type WatcherError, type WatcherEvent, type WatcherPhase } from './watcher';

/** What a reflector lists and watches: any `ResourceClient<T, TList>` is one. */
export interface ListerWatcher<T> {
  /** A page of the list, as the server sent it (`items` may be null). */
  list(opts: ListOptions): Promise<ListPage<T>>;
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
  /**
   * The catch-up policy (./catchup.ts): when the watcher has fallen far behind, it relists instead of replaying the
   * backlog. Default on, with `DEFAULT_CATCH_UP_POLICY`'s thresholds; `false`: always replay (client-go's reflector).
   */
  catchUp?: CatchUpOptions | false;
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

/**
 * A page of a list, requested (abortable on its own, and by the list's signal). When the lister-watcher reads the
 * page's continue token before the page's items (`onContinue`), the next page is requested at once: `early`. With
 * `incremental`, the lister-watcher may hand the page's items over while the response is still arriving
 * (`onItems`): they are kept until the page is `attach`ed (it is the page being applied), then passed on as they
 * come; `delivered` counts them, and the rest of the page's items is taken from the resolved page.
 */
class PageRequest<T> {
  readonly page: Promise<ListPage<T>>;
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
  rest(page: ListPage<T>): readonly T[] {
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

/** The watcher (`stepWatcher`'s state machine, driven by `runWatcher`); see the module doc. */
export async function* watchEvents<T>(lw: ListerWatcher<T>, opts: WatcherOptions): AsyncGenerator<WatcherEvent<T>, void, undefined> {
  for await (const batch of runWatcher(lw, opts)) {
    for (const ev of batch) {
      if (opts.signal.aborted) return;
      yield ev;
    }
  }
}

/**
 * The I/O edge of the watcher: runs `stepWatcher` from `Empty`, performs each step's actions in order (yields the
 * events, reports errors, requests pages, opens watches, sleeps on the clock) and feeds the machine what the request
 * its state waits for brings. Yields events in batches: those of a watch that arrived together (`Watch.batches`) or
 * of a list page are one array, which the reflector applies in one synchronous step. With `deliver`, the items of a
 * list page are handed over as the lister-watcher decodes them (`ListOptions.onItems`), and a watch that can push
 * (`Watch.listen`: Node's HTTP client) is not iterated: each batch goes through the machine to `deliver`
 * synchronously from the response's `'data'` event — no promise per chunk nor per stage — and the generator resumes
 * when the watch ends.
 *
 * What stays here, out of the machine, is how requests are made: page n + 1 requested early from page n's continue
 * token (`PageRequest.early`), used when the machine asks for that page; a watch opened ahead when a pushed watch's
 * response ends (`WatchSink.ending`), used when the machine asks for a watch from that resourceVersion, dropped by any
 * other request and after any watch failure.
 */
async function* runWatcher<T>(
  lw: ListerWatcher<T>,
  opts: WatcherOptions,
  deliver?: (batch: readonly WatcherEvent<T>[]) => void,
): AsyncGenerator<readonly WatcherEvent<T>[], void, undefined> {
  const { signal, clock = realClock, name = 'watcher', metrics = noopMetrics } = opts;
  const config: WatcherConfig = {
    listSemantic: opts.listSemantic ?? 'Any',
    pageSize: opts.pageSize ?? 500,
    selector: opts.selector ?? {},
    watchTimeoutSeconds: opts.watchTimeoutSeconds ?? 300,
    backoff: opts.backoff ?? DEFAULT_REFLECTOR_BACKOFF,
    random: opts.random ?? Math.random,
  };
  const onError = opts.onError ?? loggingWatchErrorHandler(name, opts.logger);
  const incremental = deliver !== undefined;
  const policy = catchUpPolicyOf(opts.catchUp);

  let state = initialWatcherState((opts.initialList ?? 'StreamingList') === 'StreamingList');
  /**
   * The catch-up bookkeeping (./catchup.ts), with a policy only: the collection's size as the events tell it (the
   * last list's objects, plus adds, minus deletes), the watch events applied, and the decision to relist taken while
   * watching, acted on by stopping the watch being read (or, between two watches, the next one at once).
   */
  let size = 0;
  let listing = 0;
  let applied = 0;
  let fellBehind: CatchUpDecision | undefined;
  const track = (actions: readonly WatcherAction<T>[]): void => {
    for (const action of actions) {
      if (action.type !== 'emit') continue;
      for (const ev of action.events) {
        switch (ev.type) {
          case 'Init':
            listing = 0;
            fellBehind = undefined;
            break;
          case 'InitApply':
            listing++;
            break;
          case 'InitDone':
            size = listing;
            break;
          case 'Added':
            size++;
            applied++;
            break;
          case 'Deleted':
            size = Math.max(0, size - 1);
            applied++;
            break;
          case 'Modified':
            applied++;
            break;
          case 'Bookmark':
            break;
        }
      }
    }
  };
  const advance = (input: WatcherInput<T>): readonly WatcherAction<T>[] => {
    const next = stepWatcher(config, state, input);
    state = next.state;
    if (policy !== undefined) track(next.actions);
    return next.actions;
  };
  /** The watch being read (`read`): what a decision to relist stops. */
  let reading: Watch<T> | undefined;
  /** A probe in flight (at most one). */
  let probing = false;
  /**
   * While a probe decides (see ./catchup.ts): the events applied at the suspicion, and a promise settled when the
   * probe has answered (or failed), or `checkIntervalMs` after it was sent, whichever is first. Once `minSample`
   * events were applied since the suspicion (their density known), the watch's further batches wait for it, the
   * watch paused: a backlog the decision relists is not replayed meanwhile.
   */
  let deciding: { readonly appliedAtSuspicion: number; readonly settled: Promise<void> } | undefined;
  /** Whether the batch at hand waits for the probe's decision (see `deciding`). */
  const holds = (): boolean => policy !== undefined && deciding !== undefined && applied - deciding.appliedAtSuspicion >= policy.minSample;
  const catchUpLog = (opts.logger ?? defaultLogger()).withValues({ watcher: name });
  /** A stall was seen while watching: ask the server where it is, then decide (see ./catchup.ts). */
  const probe = (): void => {
    if (policy === undefined || probing || state.kind !== 'Watching') return;
    probing = true;
    const suspectedRv = state.resourceVersion;
    const appliedAtSuspicion = applied;
    let settle: () => void = () => undefined;
    const mine = { appliedAtSuspicion, settled: new Promise<void>((resolve) => (settle = resolve)) };
    const decided = (): void => {
      clock.clearTimer(bound);
      if (deciding === mine) deciding = undefined;
      settle();
    };
    const bound = clock.setTimer(decided, policy.checkIntervalMs, { keepAlive: false });
    deciding = mine;
    // not older than what was applied: the apiserver answers at once from its watch cache (where the watch stream
    // is), or from etcd's latest revision; not resourceVersion=0, which the watch cache answers with the whole
    // collection whatever the limit, nor a consistent read, which waits for the cache to be confirmed fresh
    const probeOpts: ListOptions = { ...config.selector, limit: 1, signal };
    if (suspectedRv !== '') {
      probeOpts.resourceVersion = suspectedRv;
      probeOpts.resourceVersionMatch = 'NotOlderThan';
    }
    lw.list(probeOpts)
      .then((page) => {
        if (signal.aborted || state.kind !== 'Watching' || fellBehind !== undefined) return;
        const counted = (page.items?.length ?? 0) + (page.metadata?.remainingItemCount ?? 0);
        const decision = decideCatchUp(policy, {
          appliedRv: state.resourceVersion,
          serverRv: page.metadata?.resourceVersion ?? '',
          size: Math.max(size, counted),
          suspectedRv,
          appliedSince: applied - appliedAtSuspicion,
        });
        const fields = { resourceVersion: state.resourceVersion, serverResourceVersion: page.metadata?.resourceVersion ?? '', backlog: decision.backlog, size: Math.max(size, counted), decision: decision.reason };
        if (!decision.relist) {
          catchUpLog.v(2).info('behind after a stall: replaying', fields);
          return;
        }
        catchUpLog.info('fell behind: relisting instead of replaying', fields);
        metrics.count('kubegen_watcher_catchup_relists_total', { name });
        fellBehind = decision;
        reading?.stop();
      })
      .catch((err: unknown) => {
        catchUpLog.v(4).info('catch-up probe failed: replaying', { error: err });
      })
      .finally(() => {
        probing = false;
        decided();
      });
  };
  /** The lag timer of a watch being read: a tick `stallMs` late or later is a stall (see ./catchup.ts). */
  const lagTimer = (): (() => void) => {
    if (policy === undefined) return () => undefined;
    let timer: ReturnType<Clock['setTimer']> | undefined;
    const arm = (): void => {
      const due = clock.now() + policy.checkIntervalMs;
      timer = clock.setTimer(
        () => {
          if (clock.now() - due >= policy.stallMs) probe();
          arm();
        },
        policy.checkIntervalMs,
        { keepAlive: false },
      );
    };
    arm();
    return () => {
      if (timer !== undefined) clock.clearTimer(timer);
      timer = undefined;
    };
  };
  /** Performs the actions of a step taken inside a callback of the lister-watcher: they only emit. */
  const deliverNow = (actions: readonly WatcherAction<T>[]): void => {
    for (const action of actions) {
      if (action.type !== 'emit') throw new Error(`watcher: a ${action.type} action in state ${state.kind}`);
      deliver?.(action.events);
    }
  };

  /** The page `InitPage` waits for. */
  let page: PageRequest<T> | undefined;
  /** The page requested early by the page that just arrived: taken by a `list` action with its token, else dropped. */
  let early: PageRequest<T>['early'];
  /** The watch requested (`InitWatchOpening` / `WatchOpening`), then open (`InitWatching` / `Watching`). */
  let opening: Promise<Watch<T>> | undefined;
  let watch: Watch<T> | undefined;
  /** The next watch, opened ahead (`WatchSink.ending`). */
  let ahead: { resourceVersion: string; watch: Promise<Watch<T>>; abort: AbortController } | undefined;
  const dropAhead = (): void => {
    ahead?.abort.abort();
    ahead = undefined;
  };

  const requestPage = (options: ListOptions): void => {
    const taken = early;
    early = undefined;
    if (taken !== undefined && options.continue !== undefined && taken.token === options.continue) {
      page = taken.next;
      return;
    }
    // no early request, or one made with a token the decoded page does not carry: drop it
    taken?.next.abort();
    dropAhead();
    page = new PageRequest(lw, { ...options, signal }, incremental);
  };
  const openWatch = (options: WatchOptions): void => {
    const taken = ahead;
    ahead = undefined;
    if (taken !== undefined && options.sendInitialEvents !== true && taken.resourceVersion === options.resourceVersion) {
      opening = taken.watch;
      return;
    }
    taken?.abort.abort();
    opening = lw.watch({ ...options, signal });
  };
  /** The watch's events until it ends: `WatchEnded`, or `WatchFailed` with what it threw. */
  async function* read(w: Watch<T>): AsyncGenerator<readonly WatcherEvent<T>[], WatcherInput<T> | undefined, undefined> {
    // decided between two watches: this one is not read
    if (fellBehind !== undefined && state.kind === 'Watching') return { type: 'FellBehind' };
    reading = w;
    // armed for the streaming list's watch too: it goes on as the watch once its initial events are in
    const stopLag = lagTimer();
    try {
      if (deliver && w.listen) {
        // pushed: each network chunk's events go through the machine and are applied in the 'data' event that brought them
        const listen = w.listen.bind(w);
        /** Batches held while a probe decides (the watch paused), applied once it has, unless it relists. */
        let held: (readonly WatchEvent<T>[])[] = [];
        let listening: WatchListening | undefined;
        const release = (): void => {
          const batches = held;
          held = [];
          if (signal.aborted || fellBehind !== undefined || reading !== w) return;
          for (const batch of batches) deliverNow(advance({ type: 'WatchEvents', events: batch }));
          listening?.resume();
        };
        await new Promise<void>((resolve, reject) => {
          listening = listen({
            events: (batch) => {
              if (signal.aborted) return true;
              if (held.length > 0 || holds()) {
                held.push(batch);
                if (held.length === 1) void deciding?.settled.then(release);
                return false;
              }
              deliverNow(advance({ type: 'WatchEvents', events: batch }));
              return true;
            },
            end: (err) => {
              if (err === undefined) resolve();
              else reject(err);
            },
            ending: (lastRv) => {
              // the server ended the response and its last event is `lastRv`: open the next watch from there now,
              // so the server prepares it while the rest of this one is applied
              if (state.kind !== 'Watching' || signal.aborted || ahead !== undefined) return;
              const abort = new AbortController();
              const next = lw.watch({ ...watchOptionsOf(config), resourceVersion: lastRv, signal: AbortSignal.any([signal, abort.signal]) });
              // settled even if never used: dropped, it is aborted
              next.then(
                (unused) => {
                  if (abort.signal.aborted) unused.stop();
                },
                () => undefined,
              );
              ahead = { resourceVersion: lastRv, watch: next, abort };
            },
          });
        });
      } else {
        for await (const batch of watchBatches(w)) {
          if (holds()) await deciding?.settled;
          if (signal.aborted) return undefined;
          if (fellBehind !== undefined) return { type: 'FellBehind' };
          // one step for the whole batch: the consumer applies it synchronously
          for (const action of advance({ type: 'WatchEvents', events: batch })) {
            if (action.type !== 'emit') throw new Error(`watcher: a ${action.type} action in state ${state.kind}`);
            yield action.events;
          }
        }
      }
      return fellBehind !== undefined && state.kind === 'Watching' ? { type: 'FellBehind' } : { type: 'WatchEnded' };
    } catch (err) {
      return fellBehind !== undefined && state.kind === 'Watching' ? { type: 'FellBehind' } : { type: 'WatchFailed', error: err };
    } finally {
      reading = undefined;
      stopLag();
    }
  }

  let actions = advance({ type: 'Start' });
  try {
    for (;;) {
      for (const action of actions) {
        if (signal.aborted) return;
        switch (action.type) {
          case 'emit':
            yield action.events;
            break;
          case 'report':
            metrics.count('kubegen_watcher_errors_total', { name, phase: action.phase, reason: action.error.reason });
            onError(action.error, { name, phase: action.phase, relist: action.relist, retryInMs: action.retryInMs });
            break;
          case 'list':
            requestPage(action.options);
            break;
          case 'watch':
            openWatch(action.options);
            break;
          case 'sleep':
            await clockSleep(clock, action.ms, signal);
            break;
        }
      }
      early?.next.abort();
      early = undefined;
      if (signal.aborted) return;

      let input: WatcherInput<T> | undefined;
      switch (state.kind) {
        case 'Backoff':
          input = { type: 'Slept' };
          break;
        case 'InitPage': {
          const current = page;
          if (current === undefined) throw new Error('watcher: no page requested');
          // pages are requested ahead: page n + 1 as soon as page n's continue token is known — read from its raw
          // bytes before it is decoded when the lister-watcher can (`onContinue`), else once it is decoded — and
          // always before its objects are applied; with `deliver`, a page's items are applied as the lister-watcher
          // decodes them (`onItems`), in page order
          if (deliver !== undefined) {
            current.attach((items) => {
              if (state.kind === 'InitPage') deliverNow(advance({ type: 'PageItems', items }));
            });
          }
          try {
            const list = await current.page;
            early = current.early;
            input = { type: 'Page', items: current.rest(list), resourceVersion: list.metadata?.resourceVersion ?? '', continue: list.metadata?.continue || undefined };
          } catch (err) {
            current.abort();
            input = { type: 'ListFailed', error: err };
          }
          page = undefined;
          break;
        }
        case 'InitWatchOpening':
        case 'WatchOpening': {
          const pending = opening;
          opening = undefined;
          if (pending === undefined) throw new Error('watcher: no watch requested');
          try {
            watch = await pending;
            input = { type: 'WatchOpened' };
          } catch (err) {
            input = { type: 'WatchFailed', error: err };
          }
          break;
        }
        case 'InitWatching':
        case 'Watching': {
          const w = watch;
          if (w === undefined) throw new Error('watcher: no watch open');
          input = yield* read(w);
          w.stop();
          watch = undefined;
          break;
        }
        case 'Empty':
          throw new Error('watcher: Empty after Start');
      }
      if (isAborted(signal) || input === undefined) return;
      // a watch opened ahead is not used after an error
      if (input.type === 'WatchFailed' || input.type === 'FellBehind') dropAhead();
      actions = advance(input);
    }
  } finally {
    watch?.stop();
    page?.abort();
    early?.next.abort();
    dropAhead();
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
    // bad thresholds are refused here, at construction, not when the watcher runs
    catchUpPolicyOf(opts.catchUp);
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
    for await (const batch of runWatcher(this.lw, { ...this.opts, name: this.name, signal, onError }, applyBatch)) applyBatch(batch);
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
