/**
 * The watcher's state machine (`stepWatcher`), one table row per transition: given a state and an input, the state it
 * moves to and the actions the driver performs (events emitted, errors reported, pages requested, watches opened,
 * sleeps on the clock), in order. Then the driver: the sleeps a step asks for are timers of the injected clock.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { DEFAULT_REFLECTOR_BACKOFF, watchEvents, type ListerWatcher } from '../../../../runtime/src/cache/reflector';
import {
  initialWatcherState,
  stepWatcher,
  watcherError,
  WatcherProtocolError,
  type WatcherAction,
  type WatcherConfig,
  type WatcherEvent,
  type WatcherInput,
  type WatcherPhase,
  type WatcherProgress,
  type WatcherState,
} from '../../../../runtime/src/cache/watcher';
import { newBadRequest, newForbidden, newGone, newInternalError, newInvalid, newMethodNotSupported, newResourceExpired, newTooManyRequests, StatusError } from '../../../../runtime/src/errors/errors';
import type { ListOptions, WatchOptions } from '../../../../runtime/src/rest/options';
import { WatchDecodeError, WatchFrameTooLargeError } from '../../../../runtime/src/watch/decoder';
import { INITIAL_EVENTS_END_ANNOTATION, type WatchEvent } from '../../../../runtime/src/watch/types';
import type { KubeList } from '../../../../runtime/src/client/types';
import { until, widget, type Widget } from '../../helpers/cache';

/** random() is 0.5: a watch timeout of 300 s is drawn as 450, a backoff of d ms sleeps 1.5 × d (jitter 1.0). */
const config: WatcherConfig = {
  listSemantic: 'Any',
  pageSize: 500,
  selector: { labelSelector: 'app=x' },
  watchTimeoutSeconds: 300,
  backoff: DEFAULT_REFLECTOR_BACKOFF,
  random: () => 0.5,
};
/** The sleep after the `failures`-th failure in a row: 800 ms doubling, capped at 30 s, plus the jitter. */
const delay = (failures: number): number => Math.min(800 * 2 ** (failures - 1), 30_000) * 1.5;

const start: WatcherProgress = { resourceVersion: '', failures: 0, listRvUnavailable: false, relistAfterWatchError: false, streaming: false };
const p = (over: Partial<WatcherProgress> = {}): WatcherProgress => ({ ...start, ...over });

const watchOpts = (over: Partial<WatchOptions> = {}): WatchOptions => ({ labelSelector: 'app=x', allowWatchBookmarks: true, timeoutSeconds: 450, ...over });
const streamOpts = (over: Partial<WatchOptions> = {}): WatchOptions => watchOpts({ sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan', ...over });
const listOpts = (over: Partial<ListOptions> = {}): ListOptions => ({ labelSelector: 'app=x', limit: 500, ...over });

const a = widget('a');
const b = widget('b');
const withRv = (w: Widget, rv: string): Widget => ({ ...w, metadata: { ...w.metadata, resourceVersion: rv } });
const bookmark = (rv: string, end = false): WatchEvent<Widget> => ({
  type: 'BOOKMARK',
  object: { metadata: { resourceVersion: rv, ...(end ? { annotations: { [INITIAL_EVENTS_END_ANNOTATION]: 'true' } } : {}) } },
});

const emit = (...events: WatcherEvent<Widget>[]): WatcherAction<Widget> => ({ type: 'emit', events });
const init = emit({ type: 'Init' });
const applied = (...objects: Widget[]): WatcherAction<Widget> => emit(...objects.map((object): WatcherEvent<Widget> => ({ type: 'InitApply', object })));
const report = (error: unknown, phase: WatcherPhase, relist: boolean, retryInMs: number): WatcherAction<Widget> => ({ type: 'report', error: watcherError(error, phase), phase, relist, retryInMs });
const protocol = (phase: WatcherPhase, relist: boolean, retryInMs: number): WatcherAction<Widget> => ({
  type: 'report',
  error: { reason: 'Protocol', error: expect.any(WatcherProtocolError) as WatcherProtocolError },
  phase,
  relist,
  retryInMs,
});
const list = (options: ListOptions): WatcherAction<Widget> => ({ type: 'list', options });
const watch = (options: WatchOptions): WatcherAction<Widget> => ({ type: 'watch', options });
const sleep = (ms: number): WatcherAction<Widget> => ({ type: 'sleep', ms });

const gone = newGone('too old');
const expired = newResourceExpired('too old resource version');
const tooLarge = new StatusError({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 504, reason: 'Timeout', message: 'Too large resource version', details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large' }] } });
const internal = newInternalError('etcd event received with PrevKv=nil');
const network = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const widgetsGR = { group: 'example.com', resource: 'widgets' };

interface Row {
  name: string;
  config?: Partial<WatcherConfig>;
  given: WatcherState;
  input: WatcherInput<Widget>;
  want: { state: WatcherState; actions: WatcherAction<Widget>[] };
}

const first = listOpts({ resourceVersion: '0' });
const rows: Row[] = [
  // Empty
  {
    name: 'Empty + Start, streaming: the streaming list’s watch, from no resourceVersion',
    given: initialWatcherState(true),
    input: { type: 'Start' },
    want: { state: { ...p({ streaming: true }), kind: 'InitWatchOpening' }, actions: [watch(streamOpts())] },
  },
  {
    name: 'Empty + Start, paginated (Any): Init, then the first page at resourceVersion=0 (the watch cache)',
    given: initialWatcherState(false),
    input: { type: 'Start' },
    want: { state: { ...p(), kind: 'InitPage', first, listedRv: '' }, actions: [init, list(first)] },
  },
  {
    name: 'Empty + Start, paginated (MostRecent): a consistent read',
    config: { listSemantic: 'MostRecent' },
    given: initialWatcherState(false),
    input: { type: 'Start' },
    want: { state: { ...p(), kind: 'InitPage', first: listOpts(), listedRv: '' }, actions: [init, list(listOpts())] },
  },
  {
    name: 'Empty + Start, pageSize 0, no watch timeout: an unpaginated list',
    config: { pageSize: 0, watchTimeoutSeconds: 0 },
    given: initialWatcherState(false),
    input: { type: 'Start' },
    want: { state: { ...p(), kind: 'InitPage', first: { labelSelector: 'app=x', resourceVersion: '0' }, listedRv: '' }, actions: [init, list({ labelSelector: 'app=x', resourceVersion: '0' })] },
  },
  // Backoff
  {
    name: 'Backoff (List) + Slept, Any: a relist not older than the last resourceVersion',
    given: { ...p({ resourceVersion: '7', failures: 2 }), kind: 'Backoff', then: 'List' },
    input: { type: 'Slept' },
    want: {
      state: { ...p({ resourceVersion: '7', failures: 2 }), kind: 'InitPage', first: listOpts({ resourceVersion: '7', resourceVersionMatch: 'NotOlderThan' }), listedRv: '' },
      actions: [init, list(listOpts({ resourceVersion: '7', resourceVersionMatch: 'NotOlderThan' }))],
    },
  },
  {
    name: 'Backoff (List) + Slept after a 410 on a list: a consistent read',
    given: { ...p({ resourceVersion: '7', failures: 1, listRvUnavailable: true }), kind: 'Backoff', then: 'List' },
    input: { type: 'Slept' },
    want: { state: { ...p({ resourceVersion: '7', failures: 1, listRvUnavailable: true }), kind: 'InitPage', first: listOpts(), listedRv: '' }, actions: [init, list(listOpts())] },
  },
  {
    name: 'Backoff (List) + Slept, streaming: the streaming list from the last resourceVersion',
    given: { ...p({ resourceVersion: '7', failures: 1, streaming: true }), kind: 'Backoff', then: 'List' },
    input: { type: 'Slept' },
    want: { state: { ...p({ resourceVersion: '7', failures: 1, streaming: true }), kind: 'InitWatchOpening' }, actions: [watch(streamOpts({ resourceVersion: '7' }))] },
  },
  {
    name: 'Backoff (List) + Slept, streaming after a 410: the streaming list from no resourceVersion',
    given: { ...p({ resourceVersion: '7', failures: 1, streaming: true, listRvUnavailable: true }), kind: 'Backoff', then: 'List' },
    input: { type: 'Slept' },
    want: { state: { ...p({ resourceVersion: '7', failures: 1, streaming: true, listRvUnavailable: true }), kind: 'InitWatchOpening' }, actions: [watch(streamOpts())] },
  },
  {
    name: 'Backoff (Watch) + Slept: a watch from the last resourceVersion',
    given: { ...p({ resourceVersion: '9', failures: 1 }), kind: 'Backoff', then: 'Watch' },
    input: { type: 'Slept' },
    want: { state: { ...p({ resourceVersion: '9', failures: 1 }), kind: 'WatchOpening' }, actions: [watch(watchOpts({ resourceVersion: '9' }))] },
  },
  // InitPage
  {
    name: 'InitPage + PageItems: the items as InitApply, the state unchanged',
    given: { ...p(), kind: 'InitPage', first, listedRv: '' },
    input: { type: 'PageItems', items: [a, b] },
    want: { state: { ...p(), kind: 'InitPage', first, listedRv: '' }, actions: [applied(a, b)] },
  },
  {
    name: 'InitPage + PageItems, none: nothing',
    given: { ...p(), kind: 'InitPage', first, listedRv: '' },
    input: { type: 'PageItems', items: [] },
    want: { state: { ...p(), kind: 'InitPage', first, listedRv: '' }, actions: [] },
  },
  {
    name: 'InitPage + Page with a continue token: the next page requested before this one’s items are emitted',
    given: { ...p(), kind: 'InitPage', first: listOpts({ resourceVersion: '5', resourceVersionMatch: 'NotOlderThan' }), listedRv: '' },
    input: { type: 'Page', items: [a], resourceVersion: '10', continue: 'tok' },
    want: {
      state: { ...p(), kind: 'InitPage', first: listOpts({ resourceVersion: '5', resourceVersionMatch: 'NotOlderThan' }), listedRv: '10' },
      actions: [list(listOpts({ continue: 'tok', resourceVersion: undefined, resourceVersionMatch: undefined })), applied(a)],
    },
  },
  {
    name: 'InitPage + the last Page: its items, InitDone, the watch from the list’s resourceVersion; failures reset',
    given: { ...p({ failures: 3, listRvUnavailable: true }), kind: 'InitPage', first: listOpts(), listedRv: '' },
    input: { type: 'Page', items: [a, b], resourceVersion: '12', continue: undefined },
    want: {
      state: { ...p({ resourceVersion: '12' }), kind: 'WatchOpening' },
      actions: [applied(a, b), emit({ type: 'InitDone', resourceVersion: '12' }), watch(watchOpts({ resourceVersion: '12' }))],
    },
  },
  {
    name: 'InitPage + the last Page, empty and without resourceVersion: the one of an earlier page',
    given: { ...p(), kind: 'InitPage', first: listOpts(), listedRv: '11' },
    input: { type: 'Page', items: [], resourceVersion: '', continue: undefined },
    want: { state: { ...p({ resourceVersion: '11' }), kind: 'WatchOpening' }, actions: [emit({ type: 'InitDone', resourceVersion: '11' }), watch(watchOpts({ resourceVersion: '11' }))] },
  },
  {
    name: 'InitPage + the last Page of a relist after a failed watch: the failures are kept',
    given: { ...p({ failures: 2, relistAfterWatchError: true }), kind: 'InitPage', first: listOpts(), listedRv: '' },
    input: { type: 'Page', items: [], resourceVersion: '12', continue: undefined },
    want: {
      state: { ...p({ resourceVersion: '12', failures: 2, relistAfterWatchError: true }), kind: 'WatchOpening' },
      actions: [emit({ type: 'InitDone', resourceVersion: '12' }), watch(watchOpts({ resourceVersion: '12' }))],
    },
  },
  {
    name: 'InitPage + the last Page, no resourceVersion on any page: a protocol error, a relist after the backoff',
    given: { ...p(), kind: 'InitPage', first, listedRv: '' },
    input: { type: 'Page', items: [a], resourceVersion: '', continue: undefined },
    want: { state: { ...p({ failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [applied(a), protocol('list', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'InitPage + ListFailed 410 listing from a resourceVersion: a consistent relist at once',
    given: { ...p({ resourceVersion: '7', failures: 1 }), kind: 'InitPage', first: listOpts({ resourceVersion: '7', resourceVersionMatch: 'NotOlderThan' }), listedRv: '' },
    input: { type: 'ListFailed', error: gone },
    want: {
      state: { ...p({ resourceVersion: '7', failures: 1, listRvUnavailable: true }), kind: 'InitPage', first: listOpts(), listedRv: '' },
      actions: [report(gone, 'list', true, 0), init, list(listOpts())],
    },
  },
  {
    name: 'InitPage + ListFailed 504 ResourceVersionTooLarge at resourceVersion=0: a consistent relist at once',
    given: { ...p(), kind: 'InitPage', first, listedRv: '' },
    input: { type: 'ListFailed', error: tooLarge },
    want: { state: { ...p({ listRvUnavailable: true }), kind: 'InitPage', first: listOpts(), listedRv: '' }, actions: [report(tooLarge, 'list', true, 0), init, list(listOpts())] },
  },
  {
    name: 'InitPage + ListFailed 410 on a consistent read: a relist after the backoff',
    given: { ...p({ listRvUnavailable: true }), kind: 'InitPage', first: listOpts(), listedRv: '' },
    input: { type: 'ListFailed', error: expired },
    want: { state: { ...p({ listRvUnavailable: true, failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(expired, 'list', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'InitPage + ListFailed 500: a relist after a longer backoff',
    given: { ...p({ failures: 2 }), kind: 'InitPage', first, listedRv: '20' },
    input: { type: 'ListFailed', error: internal },
    want: { state: { ...p({ failures: 3 }), kind: 'Backoff', then: 'List' }, actions: [report(internal, 'list', true, delay(3)), sleep(delay(3))] },
  },
  {
    name: 'InitPage + ListFailed, many failures in a row: the backoff is capped at 30 s (plus jitter)',
    given: { ...p({ failures: 9 }), kind: 'InitPage', first, listedRv: '' },
    input: { type: 'ListFailed', error: network },
    want: { state: { ...p({ failures: 10 }), kind: 'Backoff', then: 'List' }, actions: [report(network, 'list', true, 45_000), sleep(45_000)] },
  },
  // InitWatchOpening
  {
    name: 'InitWatchOpening + WatchOpened: Init, the initial events follow',
    given: { ...p({ streaming: true }), kind: 'InitWatchOpening' },
    input: { type: 'WatchOpened' },
    want: { state: { ...p({ streaming: true }), kind: 'InitWatching' }, actions: [init] },
  },
  ...[
    ['403', newForbidden(widgetsGR, '', 'sendInitialEvents forbidden')],
    ['400', newBadRequest('sendInitialEvents unsupported')],
    ['405', newMethodNotSupported(widgetsGR, 'watch')],
    ['422', newInvalid('', 'ListOptions', '', [{ reason: 'FieldValueNotSupported', field: 'sendInitialEvents', message: 'not supported' }])],
  ].map(
    ([code, err]): Row => ({
      name: `InitWatchOpening + WatchFailed ${code as string}: paginated lists for good, at once`,
      given: { ...p({ resourceVersion: '4', failures: 1, streaming: true }), kind: 'InitWatchOpening' },
      input: { type: 'WatchFailed', error: err },
      want: {
        state: { ...p({ resourceVersion: '4', failures: 1 }), kind: 'InitPage', first: listOpts({ resourceVersion: '4', resourceVersionMatch: 'NotOlderThan' }), listedRv: '' },
        actions: [report(err, 'watch-start', true, 0), init, list(listOpts({ resourceVersion: '4', resourceVersionMatch: 'NotOlderThan' }))],
      },
    }),
  ),
  {
    name: 'InitWatchOpening + WatchFailed 410: a streaming relist from no resourceVersion after the backoff',
    given: { ...p({ resourceVersion: '4', streaming: true }), kind: 'InitWatchOpening' },
    input: { type: 'WatchFailed', error: gone },
    want: { state: { ...p({ resourceVersion: '4', streaming: true, listRvUnavailable: true, failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(gone, 'watch-start', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'InitWatchOpening + WatchFailed on the connection: a streaming relist after the backoff',
    given: { ...p({ streaming: true }), kind: 'InitWatchOpening' },
    input: { type: 'WatchFailed', error: network },
    want: { state: { ...p({ streaming: true, failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(network, 'watch-start', true, delay(1)), sleep(delay(1))] },
  },
  // WatchOpening
  {
    name: 'WatchOpening + WatchOpened: Watching, nothing delivered yet',
    given: { ...p({ resourceVersion: '9' }), kind: 'WatchOpening' },
    input: { type: 'WatchOpened' },
    want: { state: { ...p({ resourceVersion: '9' }), kind: 'Watching', streamed: false, delivered: 0 }, actions: [] },
  },
  {
    name: 'WatchOpening + WatchFailed on the connection: the same watch after the backoff',
    given: { ...p({ resourceVersion: '9' }), kind: 'WatchOpening' },
    input: { type: 'WatchFailed', error: network },
    want: { state: { ...p({ resourceVersion: '9', failures: 1 }), kind: 'Backoff', then: 'Watch' }, actions: [report(network, 'watch-start', false, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'WatchOpening + WatchFailed 429: the same watch after the backoff',
    given: { ...p({ resourceVersion: '9', failures: 1 }), kind: 'WatchOpening' },
    input: { type: 'WatchFailed', error: newTooManyRequests('slow down') },
    want: { state: { ...p({ resourceVersion: '9', failures: 2 }), kind: 'Backoff', then: 'Watch' }, actions: [report(newTooManyRequests('slow down'), 'watch-start', false, delay(2)), sleep(delay(2))] },
  },
  {
    name: 'WatchOpening + WatchFailed 500: a relist after the backoff, whose success keeps the failures',
    given: { ...p({ resourceVersion: '9' }), kind: 'WatchOpening' },
    input: { type: 'WatchFailed', error: internal },
    want: { state: { ...p({ resourceVersion: '9', failures: 1, relistAfterWatchError: true }), kind: 'Backoff', then: 'List' }, actions: [report(internal, 'watch-start', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'WatchOpening + WatchFailed 403 (not a streaming list): a relist after the backoff',
    given: { ...p({ resourceVersion: '9' }), kind: 'WatchOpening' },
    input: { type: 'WatchFailed', error: newForbidden(widgetsGR, '', 'no') },
    want: {
      state: { ...p({ resourceVersion: '9', failures: 1, relistAfterWatchError: true }), kind: 'Backoff', then: 'List' },
      actions: [report(newForbidden(widgetsGR, '', 'no'), 'watch-start', true, delay(1)), sleep(delay(1))],
    },
  },
  {
    name: 'WatchOpening + WatchFailed 410: a relist (not older than the last resourceVersion) after the backoff',
    given: { ...p({ resourceVersion: '9' }), kind: 'WatchOpening' },
    input: { type: 'WatchFailed', error: gone },
    want: { state: { ...p({ resourceVersion: '9', failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(gone, 'watch-start', true, delay(1)), sleep(delay(1))] },
  },
  // InitWatching
  {
    name: 'InitWatching + WatchEvents: objects are InitApply, bookmarks move the resourceVersion, DELETED is ignored',
    given: { ...p({ streaming: true }), kind: 'InitWatching' },
    input: { type: 'WatchEvents', events: [{ type: 'ADDED', object: withRv(a, '3') }, { type: 'DELETED', object: withRv(b, '4') }, bookmark('5'), { type: 'MODIFIED', object: b }] },
    want: { state: { ...p({ streaming: true, resourceVersion: '5' }), kind: 'InitWatching' }, actions: [applied(withRv(a, '3'), b)] },
  },
  {
    name: 'InitWatching + WatchEvents with the initial-events-end bookmark: InitDone, then watch events on the same watch',
    given: { ...p({ streaming: true, failures: 2, listRvUnavailable: true }), kind: 'InitWatching' },
    input: { type: 'WatchEvents', events: [{ type: 'ADDED', object: withRv(a, '3') }, bookmark('6', true), { type: 'ADDED', object: withRv(b, '7') }] },
    want: {
      state: { ...p({ streaming: true, resourceVersion: '7' }), kind: 'Watching', streamed: true, delivered: 1 },
      actions: [emit({ type: 'InitApply', object: withRv(a, '3') }, { type: 'InitDone', resourceVersion: '6' }, { type: 'Added', object: withRv(b, '7'), resourceVersion: '7' })],
    },
  },
  {
    name: 'InitWatching + the end bookmark of a relist after a failed watch: the failures are kept',
    given: { ...p({ streaming: true, failures: 2, relistAfterWatchError: true }), kind: 'InitWatching' },
    input: { type: 'WatchEvents', events: [bookmark('6', true)] },
    want: {
      state: { ...p({ streaming: true, resourceVersion: '6', failures: 2, relistAfterWatchError: true }), kind: 'Watching', streamed: true, delivered: 0 },
      actions: [emit({ type: 'InitDone', resourceVersion: '6' })],
    },
  },
  {
    name: 'InitWatching + WatchEnded before the initial events did: a protocol error, a relist after the backoff',
    given: { ...p({ streaming: true, resourceVersion: '5' }), kind: 'InitWatching' },
    input: { type: 'WatchEnded' },
    want: { state: { ...p({ streaming: true, resourceVersion: '5', failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [protocol('watch', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'InitWatching + WatchFailed 410 (an ERROR event): a streaming relist from no resourceVersion',
    given: { ...p({ streaming: true, resourceVersion: '5' }), kind: 'InitWatching' },
    input: { type: 'WatchFailed', error: expired },
    want: { state: { ...p({ streaming: true, resourceVersion: '5', listRvUnavailable: true, failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(expired, 'watch', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'InitWatching + WatchFailed 403: paginated lists for good, at once',
    given: { ...p({ streaming: true }), kind: 'InitWatching' },
    input: { type: 'WatchFailed', error: newForbidden(widgetsGR, '', 'no') },
    want: { state: { ...p(), kind: 'InitPage', first, listedRv: '' }, actions: [report(newForbidden(widgetsGR, '', 'no'), 'watch', true, 0), init, list(first)] },
  },
  {
    name: 'InitWatching + WatchFailed 500: a streaming relist after the backoff',
    given: { ...p({ streaming: true }), kind: 'InitWatching' },
    input: { type: 'WatchFailed', error: internal },
    want: { state: { ...p({ streaming: true, failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(internal, 'watch', true, delay(1)), sleep(delay(1))] },
  },
  // Watching
  {
    name: 'Watching + WatchEvents: events with their resourceVersion, counted as delivered; failures reset',
    given: { ...p({ resourceVersion: '9', failures: 3, relistAfterWatchError: true }), kind: 'Watching', streamed: false, delivered: 2 },
    input: { type: 'WatchEvents', events: [{ type: 'ADDED', object: withRv(a, '10') }, { type: 'MODIFIED', object: withRv(a, '11') }, { type: 'DELETED', object: withRv(b, '12') }, bookmark('13')] },
    want: {
      state: { ...p({ resourceVersion: '13' }), kind: 'Watching', streamed: false, delivered: 6 },
      actions: [
        emit(
          { type: 'Added', object: withRv(a, '10'), resourceVersion: '10' },
          { type: 'Modified', object: withRv(a, '11'), resourceVersion: '11' },
          { type: 'Deleted', object: withRv(b, '12'), resourceVersion: '12' },
          { type: 'Bookmark', resourceVersion: '13' },
        ),
      ],
    },
  },
  {
    name: 'Watching + WatchEvents, an object without resourceVersion: the last one stays',
    given: { ...p({ resourceVersion: '9' }), kind: 'Watching', streamed: true, delivered: 0 },
    input: { type: 'WatchEvents', events: [{ type: 'MODIFIED', object: a }] },
    want: { state: { ...p({ resourceVersion: '9' }), kind: 'Watching', streamed: true, delivered: 1 }, actions: [emit({ type: 'Modified', object: a, resourceVersion: '9' })] },
  },
  {
    name: 'Watching + FellBehind (the catch-up policy chose to relist): at once, one unpaginated list not older than the last resourceVersion, no error, no backoff',
    given: { ...p({ resourceVersion: '13', failures: 1 }), kind: 'Watching', streamed: false, delivered: 40 },
    input: { type: 'FellBehind' },
    want: {
      state: { ...p({ resourceVersion: '13', failures: 1 }), kind: 'InitPage', first: { labelSelector: 'app=x', resourceVersion: '13', resourceVersionMatch: 'NotOlderThan' }, listedRv: '' },
      actions: [init, list({ labelSelector: 'app=x', resourceVersion: '13', resourceVersionMatch: 'NotOlderThan' })],
    },
  },
  {
    name: 'Watching + FellBehind, streaming: the streaming list from the last resourceVersion',
    given: { ...p({ resourceVersion: '13', streaming: true }), kind: 'Watching', streamed: true, delivered: 40 },
    input: { type: 'FellBehind' },
    want: { state: { ...p({ resourceVersion: '13', streaming: true }), kind: 'InitWatchOpening' }, actions: [watch(streamOpts({ resourceVersion: '13' }))] },
  },
  {
    name: 'Watching + WatchEnded after events: a watch from the last resourceVersion, at once',
    given: { ...p({ resourceVersion: '13' }), kind: 'Watching', streamed: true, delivered: 4 },
    input: { type: 'WatchEnded' },
    want: { state: { ...p({ resourceVersion: '13' }), kind: 'WatchOpening' }, actions: [watch(watchOpts({ resourceVersion: '13' }))] },
  },
  {
    name: 'Watching + WatchEnded without events: the same watch after the backoff, unreported',
    given: { ...p({ resourceVersion: '13', failures: 1 }), kind: 'Watching', streamed: false, delivered: 0 },
    input: { type: 'WatchEnded' },
    want: { state: { ...p({ resourceVersion: '13', failures: 2 }), kind: 'Backoff', then: 'Watch' }, actions: [sleep(delay(2))] },
  },
  {
    name: 'Watching (streamed) + WatchFailed 410: a streaming relist from no resourceVersion',
    given: { ...p({ resourceVersion: '13', streaming: true }), kind: 'Watching', streamed: true, delivered: 3 },
    input: { type: 'WatchFailed', error: gone },
    want: { state: { ...p({ resourceVersion: '13', streaming: true, listRvUnavailable: true, failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(gone, 'watch', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'Watching + WatchFailed 410: a relist not older than the last resourceVersion',
    given: { ...p({ resourceVersion: '13' }), kind: 'Watching', streamed: false, delivered: 3 },
    input: { type: 'WatchFailed', error: gone },
    want: { state: { ...p({ resourceVersion: '13', failures: 1 }), kind: 'Backoff', then: 'List' }, actions: [report(gone, 'watch', true, delay(1)), sleep(delay(1))] },
  },
  {
    name: 'Watching (streamed) + WatchFailed 403: no fallback after the initial events, a relist',
    given: { ...p({ resourceVersion: '13', streaming: true }), kind: 'Watching', streamed: true, delivered: 0 },
    input: { type: 'WatchFailed', error: newForbidden(widgetsGR, '', 'no') },
    want: {
      state: { ...p({ resourceVersion: '13', streaming: true, failures: 1, relistAfterWatchError: true }), kind: 'Backoff', then: 'List' },
      actions: [report(newForbidden(widgetsGR, '', 'no'), 'watch', true, delay(1)), sleep(delay(1))],
    },
  },
  {
    name: 'Watching + WatchFailed on the connection: the same watch after the backoff',
    given: { ...p({ resourceVersion: '13' }), kind: 'Watching', streamed: false, delivered: 3 },
    input: { type: 'WatchFailed', error: network },
    want: { state: { ...p({ resourceVersion: '13', failures: 1 }), kind: 'Backoff', then: 'Watch' }, actions: [report(network, 'watch', false, delay(1)), sleep(delay(1))] },
  },
  ...[
    ['a frame over the limit', new WatchFrameTooLargeError(1024)],
    ['a frame that does not decode', new WatchDecodeError('not JSON')],
  ].map(
    ([what, err]): Row => ({
      name: `Watching + WatchFailed with ${what as string}: a relist after the backoff`,
      given: { ...p({ resourceVersion: '13' }), kind: 'Watching', streamed: false, delivered: 3 },
      input: { type: 'WatchFailed', error: err },
      want: { state: { ...p({ resourceVersion: '13', failures: 1, relistAfterWatchError: true }), kind: 'Backoff', then: 'List' }, actions: [report(err, 'watch', true, delay(1)), sleep(delay(1))] },
    }),
  ),
];

/** Freezes a value and everything in it: a transition must not mutate its state or input. */
function deepFreeze<V>(v: V): V {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

describe('stepWatcher', () => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const given = deepFreeze(structuredClone(row.given));
    const input = deepFreeze(row.input);
    const got = stepWatcher({ ...config, ...row.config }, given, input);
    expect(got.state).toEqual(row.want.state);
    expect(got.actions).toEqual(row.want.actions);
    expect(given).toEqual(row.given);
  });

  it('has a row for every input each state waits for', () => {
    const waits: Record<WatcherState['kind'], WatcherInput<Widget>['type'][]> = {
      Empty: ['Start'],
      Backoff: ['Slept'],
      InitPage: ['PageItems', 'Page', 'ListFailed'],
      InitWatchOpening: ['WatchOpened', 'WatchFailed'],
      WatchOpening: ['WatchOpened', 'WatchFailed'],
      InitWatching: ['WatchEvents', 'WatchEnded', 'WatchFailed'],
      Watching: ['WatchEvents', 'WatchEnded', 'WatchFailed', 'FellBehind'],
    };
    const covered = new Set(rows.map((r) => `${r.given.kind} + ${r.input.type}`));
    const expected = Object.entries(waits).flatMap(([kind, inputs]) => inputs.map((i) => `${kind} + ${i}`));
    expect(expected.filter((t) => !covered.has(t))).toEqual([]);
    expect([...covered].filter((t) => !expected.includes(t))).toEqual([]);
  });

  const inputs: WatcherInput<Widget>[] = [
    { type: 'Start' },
    { type: 'PageItems', items: [] },
    { type: 'Page', items: [], resourceVersion: '1', continue: undefined },
    { type: 'ListFailed', error: internal },
    { type: 'WatchOpened' },
    { type: 'WatchEvents', events: [] },
    { type: 'WatchEnded' },
    { type: 'WatchFailed', error: internal },
    { type: 'Slept' },
    { type: 'FellBehind' },
  ];
  it.each(rows.map((r) => [r.given.kind, r.given] as const).filter(([kind], i, all) => all.findIndex(([k]) => k === kind) === i))(
    'throws on an input %s does not wait for',
    (kind, given) => {
      const waited = new Set(rows.filter((r) => r.given.kind === kind).map((r) => r.input.type));
      for (const input of inputs.filter((i) => !waited.has(i.type))) {
        expect(() => stepWatcher(config, given, input)).toThrow(`watcher: input ${input.type} in state ${kind}`);
      }
    },
  );

  it('a watcher’s whole life, step by step: list, watch, expiry, relist', () => {
    let state = initialWatcherState(false);
    const trace: string[] = [];
    const feed = (input: WatcherInput<Widget>): void => {
      const next = stepWatcher(config, state, input);
      state = next.state;
      trace.push(`${input.type} → ${state.kind} [${next.actions.map((x) => (x.type === 'emit' ? x.events.map((e) => e.type).join(',') : x.type)).join(' ')}]`);
    };
    feed({ type: 'Start' });
    feed({ type: 'Page', items: [withRv(a, '1')], resourceVersion: '2', continue: 't' });
    feed({ type: 'Page', items: [withRv(b, '2')], resourceVersion: '2', continue: undefined });
    feed({ type: 'WatchOpened' });
    feed({ type: 'WatchEvents', events: [{ type: 'DELETED', object: withRv(a, '3') }] });
    feed({ type: 'WatchFailed', error: gone });
    feed({ type: 'Slept' });
    expect(trace).toEqual([
      'Start → InitPage [Init list]',
      'Page → InitPage [list InitApply]',
      'Page → WatchOpening [InitApply InitDone watch]',
      'WatchOpened → Watching []',
      'WatchEvents → Watching [Deleted]',
      'WatchFailed → Backoff [report sleep]',
      'Slept → InitPage [Init list]',
    ]);
    expect(state).toEqual({ ...p({ resourceVersion: '3', failures: 1 }), kind: 'InitPage', first: listOpts({ resourceVersion: '3', resourceVersionMatch: 'NotOlderThan' }), listedRv: '' });
  });
});

describe('the driver', () => {
  it('sleeps each backoff a step asks for on the injected clock, then feeds Slept', async () => {
    const clock = new FakeClock();
    const lists: ListOptions[] = [];
    const lw: ListerWatcher<Widget> = {
      list: (opts) => {
        lists.push(opts);
        if (lists.length <= 2) return Promise.reject(internal);
        return Promise.resolve({ metadata: { resourceVersion: '5' }, items: [withRv(a, '5')] } as KubeList<Widget>);
      },
      // never opens; rejects when the watcher stops
      watch: (opts) =>
        new Promise((_resolve, reject) => {
          opts.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    const controller = new AbortController();
    const events: string[] = [];
    const done = (async () => {
      for await (const ev of watchEvents(lw, { signal: controller.signal, clock, random: () => 0.5, initialList: 'ListWatch', onError: () => undefined })) events.push(ev.type);
    })();
    await until(() => clock.pendingTimers === 1, 'the first backoff');
    expect(clock.pendingDelays()).toEqual([delay(1)]);
    clock.step(delay(1) - 1);
    expect(lists).toHaveLength(1);
    clock.step(1);
    await until(() => clock.pendingTimers === 1 && lists.length === 2, 'the second backoff');
    expect(clock.pendingDelays()).toEqual([delay(2)]);
    clock.step(delay(2));
    await until(() => events.includes('InitDone'), 'the list');
    expect(events).toEqual(['Init', 'Init', 'Init', 'InitApply', 'InitDone']);
    controller.abort();
    await done;
  });
});
