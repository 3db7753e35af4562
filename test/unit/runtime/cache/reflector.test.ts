/**
 * Reflector and watcher against the fake tracker as the API server, on a fake clock: initial (paginated) list
 * then watch, the Init / InitApply / InitDone sequence, re-watch after a clean close, relist on 410, backoff on
 * errors, never stopping while errors persist, abort.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { Reflector, watchEvents, type ListerWatcher, type WatcherError, type WatcherEvent, type WatcherOptions } from '../../../../runtime/src/cache/reflector';
import type { ListOptions } from '../../../../runtime/src/rest/options';
import { CacheIndexer } from '../../../../runtime/src/cache/store';
import { isResourceExpired, newBadRequest, newInternalError, newResourceExpired, newTooManyRequests } from '../../../../runtime/src/errors/errors';
import { failingWatch, names, settle, setup, until, widget, type Widget } from '../../helpers/cache';
import { PushWatch } from '../../../../runtime/src/watch/stream';

type Seen = { err: WatcherError; name: string; phase: string; relist: boolean; retryInMs: number };

function harness(opts: { historyLimit?: number; reflector?: Partial<WatcherOptions> } = {}) {
  const s = setup(opts.historyLimit ? { historyLimit: opts.historyLimit } : {});
  const clock = new FakeClock();
  const errors: Seen[] = [];
  const store = new CacheIndexer<Widget>({ indexers: {} });
  const reflector = new Reflector<Widget>(s.client, store, {
    clock,
    random: () => 0,
    initialList: 'ListWatch', watchTimeoutSeconds: 0,
    // the timers these tests count are the backoffs': no catch-up lag timer (test/unit/runtime/cache/catchup.test.ts)
    catchUp: false,
    onError: (err, info) => errors.push({ err, ...info }),
    ...opts.reflector,
  });
  const controller = new AbortController();
  let finished = false;
  const start = () => {
    const p = reflector.run(controller.signal).then(() => {
      finished = true;
    });
    return p;
  };
  const verbs = (verb: string) => s.fake.actions().filter((a) => a.verb === verb);
  return { ...s, clock, errors, store, reflector, controller, start, verbs, isFinished: () => finished };
}

describe('Reflector', () => {
  it('lists (paginated), then watches from the list resourceVersion with bookmarks, and applies events', async () => {
    const h = harness({ reflector: { pageSize: 2 } });
    for (const n of ['a', 'b', 'c']) await h.ns.create(widget(n));
    const listRv = h.fake.tracker.resourceVersion;
    const run = h.start();
    await until(() => h.reflector.hasSynced(), 'sync');
    expect(names(h.store.list())).toEqual(['a', 'b', 'c']);
    expect(h.reflector.lastSyncResourceVersion).toBe(listRv);
    expect(h.verbs('list').map((a) => a.verb === 'list' && a.options.limit)).toEqual([2, 2]);
    await until(() => h.verbs('watch').length === 1, 'watch');
    const w = h.verbs('watch')[0]!;
    expect(w.verb === 'watch' && w.options).toMatchObject({ resourceVersion: listRv, allowWatchBookmarks: true });

    await h.ns.create(widget('d'));
    await h.ns.update({ ...(await h.ns.get('a')), spec: { size: 7 } });
    await h.ns.delete('b');
    await until(() => h.store.size === 3 && h.store.getByKey('ns/a')?.spec?.size === 7, 'events');
    expect(names(h.store.list())).toEqual(['a', 'c', 'd']);
    expect(h.reflector.lastSyncResourceVersion).toBe(h.fake.tracker.resourceVersion);
    expect(h.errors).toEqual([]);
    h.controller.abort();
    await run;
  });

  it('models a list as Init, InitApply…, InitDone, then watch events', async () => {
    const h = harness();
    await h.ns.create(widget('a'));
    await h.ns.create(widget('b'));
    const controller = new AbortController();
    const events: string[] = [];
    const consume = (async () => {
      for await (const ev of watchEvents(h.client, { signal: controller.signal, clock: h.clock, initialList: 'ListWatch', watchTimeoutSeconds: 0, onError: () => {} })) {
        events.push(describe(ev));
        if (events.length === 4) await h.ns.create(widget('c'));
        if (events.length === 5) controller.abort();
      }
    })();
    await consume;
    expect(events).toEqual(['Init', 'InitApply a', 'InitApply b', 'InitDone 2', 'Added c']);

    function describe(ev: WatcherEvent<Widget>): string {
      switch (ev.type) {
        case 'Init':
          return 'Init';
        case 'InitDone':
          return `InitDone ${ev.resourceVersion}`;
        case 'Bookmark':
          return `Bookmark ${ev.resourceVersion}`;
        default:
          return `${ev.type} ${ev.object.metadata?.name}`;
      }
    }
  });

  it('watches again from the last resourceVersion after a clean close, without relisting', async () => {
    const h = harness();
    await h.ns.create(widget('a'));
    const run = h.start();
    await until(() => h.verbs('watch').length === 1, 'first watch');
    await h.ns.create(widget('b'));
    await until(() => h.store.size === 2, 'b');
    const rvAfterB = h.fake.tracker.resourceVersion;
    h.fake.tracker.closeWatches();
    await until(() => h.verbs('watch').length === 2, 'second watch');
    const second = h.verbs('watch')[1]!;
    expect(second.verb === 'watch' && second.options.resourceVersion).toBe(rvAfterB);
    await h.ns.create(widget('c'));
    await until(() => h.store.size === 3, 'c');
    expect(h.verbs('list')).toHaveLength(1);
    expect(h.errors).toEqual([]);
    h.controller.abort();
    await run;
  });

  it('a clean close that delivered nothing is retried after the backoff, without an error report', async () => {
    const h = harness();
    const run = h.start();
    await until(() => h.verbs('watch').length === 1, 'first watch');
    h.fake.tracker.closeWatches();
    await until(() => h.clock.pendingTimers === 1, 'backoff timer');
    expect(h.clock.pendingDelays()).toEqual([800]);
    h.clock.step(800);
    await until(() => h.verbs('watch').length === 2, 'second watch');
    expect(h.errors).toEqual([]);
    h.controller.abort();
    await run;
  });

  it('relists on 410 Expired and swaps the store atomically (deletes seen while down are applied)', async () => {
    const h = harness({ historyLimit: 2 });
    await h.ns.create(widget('a'));
    await h.ns.create(widget('b'));
    const run = h.start();
    await until(() => h.verbs('watch').length === 1, 'first watch');
    // the watch goes down, and more changes than the history keeps happen meanwhile
    h.fake.tracker.closeWatches();
    // the relist is built aside object by object and swapped in at once: until the commit the store is unchanged
    const swaps: string[][] = [];
    const beginReplace = h.store.beginReplace.bind(h.store);
    h.store.beginReplace = () => {
      const b = beginReplace();
      const added: Widget[] = [];
      return {
        add: (obj) => {
          added.push(obj);
          expect(names(h.store.list())).toEqual(['a', 'b']);
          return b.add(obj);
        },
        commit: (rv) => {
          expect(names(h.store.list())).toEqual(['a', 'b']);
          swaps.push(names(added));
          b.commit(rv);
        },
      };
    };
    await h.ns.delete('a');
    for (const n of ['c', 'd', 'e']) await h.ns.create(widget(n));
    // the close delivered nothing: the re-watch waits for the backoff
    await until(() => h.clock.pendingTimers === 1, 'backoff');
    h.clock.step(800);
    await until(() => h.errors.length === 1, 'the 410');
    expect(h.errors[0]!.err.reason).toBe('Expired');
    expect(isResourceExpired(h.errors[0]!.err.error)).toBe(true);
    expect(h.errors[0]).toMatchObject({ name: 'reflector', phase: 'watch', relist: true });
    h.clock.step(h.errors[0]!.retryInMs);
    await until(() => h.verbs('list').length === 2 && h.store.size === 4, 'relist');
    expect(swaps).toEqual([['b', 'c', 'd', 'e']]);
    expect(names(h.store.list())).toEqual(['b', 'c', 'd', 'e']);
    h.controller.abort();
    await run;
  });

  it('backs off exponentially with jitter on the injected clock, capped at 30s, and never gives up', async () => {
    const h = harness({ reflector: { random: () => 0.5 } });
    let failuresLeft = 12;
    h.fake.prependReactor('list', 'widgets', () => (failuresLeft-- > 0 ? { error: newInternalError('etcd is down') } : undefined));
    const run = h.start();
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      await until(() => h.errors.length === i + 1 && h.clock.pendingTimers === 1, `failure ${i + 1}`);
      const d = h.errors[i]!.retryInMs;
      delays.push(d);
      // not one list before the delay has passed
      h.clock.step(d - 1);
      await settle();
      expect(h.verbs('list')).toHaveLength(i + 1);
      h.clock.step(1);
    }
    // base × 2^n, × (1 + jitter·0.5), capped at 30s before jitter
    expect(delays).toEqual([1200, 2400, 4800, 9600, 19200, 38400, 45000, 45000, 45000, 45000, 45000, 45000]);
    expect(h.errors.every((e) => e.phase === 'list')).toBe(true);
    expect(h.isFinished()).toBe(false);
    await until(() => h.reflector.hasSynced(), 'recovery');
    h.controller.abort();
    await run;
  });

  // what kube-apiserver without watch cache answers while the next event's previous version is compacted away
  const prevKvNil = newInternalError('etcd event received with PrevKv=nil (key="/registry/widgets/ns/a", modRevision=7, type=PUT)');
  it.each([
    { name: 'a 429 watches again from the same resourceVersion', status: newTooManyRequests('slow down').status, relist: false, lists: [1, 1] },
    // the same watch would fail again: relist, as client-go's reflector does
    { name: 'a 500 (or any other API status) relists', status: prevKvNil.status, relist: true, lists: [4, 5] },
  ])('a failing watch: $name; the backoff grows while it keeps failing and resets after an event', async ({ status, relist, lists }) => {
    const h = harness();
    await h.ns.create(widget('a'));
    let fail = 3;
    h.fake.prependWatchReactor('widgets', () => (fail-- > 0 ? failingWatch(status) : undefined));
    const run = h.start();
    await until(() => h.errors.length === 1, 'first failure');
    h.clock.step(800);
    await until(() => h.errors.length === 2, 'second failure');
    h.clock.step(1600);
    await until(() => h.errors.length === 3, 'third failure');
    // a good list after a failed watch does not reset the backoff either
    expect(h.errors.map((e) => [e.phase, e.err.reason, e.relist, e.retryInMs])).toEqual([
      ['watch', 'Status', relist, 800],
      ['watch', 'Status', relist, 1600],
      ['watch', 'Status', relist, 3200],
    ]);
    h.clock.step(3200);
    await until(() => h.verbs('watch').length === 4, 'the fourth watch');
    expect(h.verbs('list')).toHaveLength(lists[0]!);
    await h.ns.create(widget('b'));
    await until(() => h.store.size === 2, 'b');
    // an event resets the failures: the next error waits the base delay again
    fail = 1;
    h.fake.tracker.closeWatches();
    await until(() => h.errors.length === 4, 'fourth failure');
    expect(h.errors[3]).toMatchObject({ phase: 'watch', relist, retryInMs: 800 });
    h.clock.step(800);
    await until(() => h.verbs('watch').length === 6, 'the sixth watch');
    expect(h.verbs('list')).toHaveLength(lists[1]!);
    expect(names(h.store.list())).toEqual(['a', 'b']);
    h.controller.abort();
    await run;
  });

  it('aborting stops it during a backoff and during a watch', async () => {
    const h = harness();
    h.fake.prependReactor('list', 'widgets', () => ({ error: newInternalError('down') }));
    const run = h.start();
    await until(() => h.clock.pendingTimers === 1, 'backoff');
    h.controller.abort();
    await run;
    expect(h.clock.pendingTimers).toBe(0);

    const h2 = harness();
    const run2 = h2.start();
    await until(() => h2.verbs('watch').length === 1, 'watch');
    h2.controller.abort();
    await run2;
    expect(h2.isFinished()).toBe(true);
  });

  it('by default (as client-go since 1.35) a streaming list: one watch with sendInitialEvents, ended by the initial-events-end bookmark', async () => {
    const h = harness({ reflector: { initialList: undefined } });
    await h.ns.create(widget('a'));
    await h.ns.create(widget('b'));
    const run = h.start();
    await until(() => h.reflector.hasSynced(), 'sync');
    expect(names(h.store.list())).toEqual(['a', 'b']);
    expect(h.verbs('list')).toHaveLength(0);
    const w = h.verbs('watch')[0]!;
    expect(w.verb === 'watch' && w.options).toMatchObject({ sendInitialEvents: true, allowWatchBookmarks: true, resourceVersionMatch: 'NotOlderThan' });
    await h.ns.create(widget('c'));
    await until(() => h.store.size === 3, 'c');
    h.controller.abort();
    await run;
  });

  it('streaming list falls back to list + watch at once (no backoff) when the server rejects it, and for good', async () => {
    const h = harness({ reflector: { initialList: 'StreamingList' } });
    await h.ns.create(widget('a'));
    h.fake.prependWatchReactor('widgets', (a) => (a.options.sendInitialEvents ? failingWatch(newBadRequest('sendInitialEvents is not supported').status) : undefined));
    const run = h.start();
    // the fake clock never moves: the list must not wait for a backoff
    await until(() => h.reflector.hasSynced(), 'sync');
    expect(h.errors.map((e) => [e.phase, e.relist, e.retryInMs])).toEqual([['watch', true, 0]]);
    expect(h.verbs('list')).toHaveLength(1);
    // then the watch from the list's resourceVersion; the streaming list was tried once
    await until(() => h.verbs('watch').length === 2, 'the watch after the list');
    expect(h.verbs('watch').map((v) => v.verb === 'watch' && v.options.sendInitialEvents === true)).toEqual([true, false]);
    expect(names(h.store.list())).toEqual(['a']);
    // for good: a relist (the history gone, 410) lists again instead of trying the streaming list
    let gone = 1;
    h.fake.prependWatchReactor('widgets', () => (gone-- > 0 ? failingWatch({ code: 410, reason: 'Expired', message: 'too old resource version' }) : undefined));
    h.fake.tracker.closeWatches();
    // the close delivered nothing: the re-watch waits for the backoff, then gets the 410, then relists after another
    await until(() => h.clock.pendingTimers === 1, 'backoff');
    h.clock.step(800);
    await until(() => h.errors.length === 2, 'the 410');
    expect(h.errors[1]).toMatchObject({ phase: 'watch', relist: true });
    h.clock.step(h.errors[1]!.retryInMs);
    await until(() => h.verbs('list').length === 2, 'the relist');
    expect(h.verbs('watch').filter((v) => v.verb === 'watch' && v.options.sendInitialEvents === true)).toHaveLength(1);
    h.controller.abort();
    await run;
  });

  it('relists on a 504 ResourceVersionTooLarge (a lagging apiserver), not only on 410', async () => {
    const h = harness();
    await h.ns.create(widget('a'));
    let tooLarge = 1;
    h.fake.prependWatchReactor('widgets', () =>
      tooLarge-- > 0
        ? failingWatch({ code: 504, reason: 'Timeout', message: 'Too large resource version', details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }] } })
        : undefined,
    );
    const run = h.start();
    await until(() => h.errors.length === 1, 'too large');
    expect(h.errors[0]).toMatchObject({ phase: 'watch', relist: true });
    h.clock.step(h.errors[0]!.retryInMs);
    await until(() => h.verbs('list').length === 2 && h.verbs('watch').length === 2, 'relist');
    h.controller.abort();
    await run;
  });

  it('requests page n + 1 as soon as page n arrived, before applying its objects; continuations carry only the token', async () => {
    const calls: ListOptions[] = [];
    const lw: ListerWatcher<Widget> = {
      list: (o) => {
        calls.push(o);
        const page = calls.length;
        return Promise.resolve({ metadata: { resourceVersion: '9', ...(page < 3 ? { continue: `t${page}` } : {}) }, items: [widget(`w${page}`)] });
      },
      watch: () => Promise.reject(new Error('not in this test')),
    };
    const controller = new AbortController();
    const events = watchEvents(lw, { signal: controller.signal, initialList: 'ListWatch', pageSize: 1, listSemantic: 'Any' });
    const seen: string[] = [];
    for await (const ev of events) {
      seen.push(ev.type === 'InitApply' ? `${ev.type} ${ev.object.metadata?.name ?? ''} (lists: ${calls.length})` : ev.type);
      if (ev.type === 'InitDone') break;
    }
    controller.abort();
    expect(seen).toEqual(['Init', 'InitApply w1 (lists: 2)', 'InitApply w2 (lists: 3)', 'InitApply w3 (lists: 3)', 'InitDone']);
    expect(calls.map((o) => [o.limit, o.continue, o.resourceVersion])).toEqual([[1, undefined, '0'], [1, 't1', undefined], [1, 't2', undefined]]);
  });

  it('a relist the store cannot take is not committed: one apply error for it, the old contents stay', async () => {
    const h = harness({ historyLimit: 2 });
    await h.ns.create(widget('a'));
    const run = h.start();
    await until(() => h.verbs('watch').length === 1, 'first watch');
    h.fake.tracker.closeWatches();
    const beginReplace = h.store.beginReplace.bind(h.store);
    h.store.beginReplace = () => {
      const b = beginReplace();
      return {
        add: (obj) => {
          if (obj.metadata?.name?.startsWith('bad')) throw new Error(`cannot take ${obj.metadata.name}`);
          return b.add(obj);
        },
        commit: (rv) => { b.commit(rv); },
      };
    };
    // more changes than the history keeps: the re-watch gets 410 and the reflector relists
    for (const n of ['bad1', 'bad2', 'c']) await h.ns.create(widget(n));
    await until(() => h.clock.pendingTimers === 1, 'backoff');
    h.clock.step(800);
    await until(() => h.errors.length === 1, 'the 410');
    h.clock.step(h.errors[0]!.retryInMs);
    await until(() => h.verbs('list').length === 2 && h.errors.length === 2, 'the relist');
    expect(h.errors[1]).toMatchObject({ name: 'reflector', phase: 'apply', relist: false });
    expect(h.errors[1]!.err.error).toEqual(new Error('cannot take bad1'));
    expect(names(h.store.list())).toEqual(['a']);
    h.controller.abort();
    await run;
    expect(h.errors).toHaveLength(2);
  });

  it.each([
    // as client-go's reflector: resourceVersion 0 (the watch cache) first, then not older than the last seen
    ['by default (Any)', {}, ['0', 'NotOlderThan']],
    ['with listSemantic MostRecent', { listSemantic: 'MostRecent' as const }, [undefined, undefined]],
  ])('%s: the first list and a relist after a 410 on the watch', async (_label, reflector, [firstRv, relistMatch]) => {
    const h = harness({ reflector });
    await h.ns.create(widget('a'));
    const run = h.start();
    await until(() => h.reflector.hasSynced(), 'sync');
    const first = h.verbs('list')[0]!;
    expect(first.verb === 'list' && first.options.resourceVersion).toBe(firstRv);
    await until(() => h.verbs('watch').length === 1, 'watch');
    await h.ns.create(widget('b'));
    await until(() => h.store.size === 2, 'b');
    const seen = h.reflector.lastSyncResourceVersion;
    let gone = 1;
    h.fake.prependWatchReactor('widgets', () => (gone-- > 0 ? failingWatch({ code: 410, reason: 'Expired', message: 'too old resource version' }) : undefined));
    h.fake.tracker.closeWatches();
    await until(() => h.clock.pendingTimers === 1, 'backoff');
    h.clock.step(800);
    await until(() => h.errors.length === 1, 'the 410');
    h.clock.step(h.errors[0]!.retryInMs);
    await until(() => h.verbs('list').length === 2, 'the relist');
    const relist = h.verbs('list')[1]!;
    expect(relist.verb === 'list' && [relist.options.resourceVersion, relist.options.resourceVersionMatch]).toEqual(relistMatch === undefined ? [undefined, undefined] : [seen, relistMatch]);
    h.controller.abort();
    await run;
  });

  it('listSemantic Any: a list whose resourceVersion is gone (410) is retried at once with a consistent read', async () => {
    const h = harness();
    await h.ns.create(widget('a'));
    let gone = 1;
    h.fake.prependReactor('list', 'widgets', (a) =>
      a.verb === 'list' && a.options.resourceVersion !== undefined && gone-- > 0 ? { error: newResourceExpired('too old resource version') } : undefined,
    );
    const run = h.start();
    // the fake clock never moves: the consistent read must not wait for a backoff
    await until(() => h.reflector.hasSynced(), 'sync');
    expect(h.verbs('list').map((v) => v.verb === 'list' && v.options.resourceVersion)).toEqual(['0', undefined]);
    expect(h.errors.map((e) => [e.phase, e.relist, e.retryInMs])).toEqual([['list', true, 0]]);
    expect(isResourceExpired(h.errors[0]!.err.error)).toBe(true);
    expect(names(h.store.list())).toEqual(['a']);
    h.controller.abort();
    await run;
  });

  describe('watch batches (events that arrived together, applied in one step)', () => {
    /** A ListerWatcher listing nothing at rv 1, whose first watch hands out `w` (more watches hang). */
    function scripted(w: PushWatch<Widget>): ListerWatcher<Widget> {
      let first = true;
      return {
        list: () => Promise.resolve({ metadata: { resourceVersion: '1' }, items: [] }),
        watch: (opts) => {
          const next = first ? w : new PushWatch<Widget>(opts.signal);
          first = false;
          opts.signal?.addEventListener('abort', () => { next.stop(); }, { once: true });
          return Promise.resolve(next);
        },
      };
    }
    const at = (name: string, rv: number): Widget => ({ ...widget(name), metadata: { name, namespace: 'ns', resourceVersion: String(rv) } });

    it('a batch is applied in order; a store error skips only its event; lastSyncResourceVersion is the last event', async () => {
      const w = new PushWatch<Widget>();
      for (const [i, n] of ['a', 'b', 'c', 'd'].entries()) w.add(at(n, 10 + i));
      w.modify({ ...at('a', 20), spec: { size: 3 } });
      const store = new CacheIndexer<Widget>({ indexers: {} });
      const order: string[] = [];
      const errors: WatcherError[] = [];
      const sink = {
        add: (o: Widget) => {
          if (o.metadata!.name === 'b') throw new Error('transform failed');
          order.push(`add ${o.metadata!.name!}`);
          store.add(o);
        },
        update: (o: Widget) => { order.push(`update ${o.metadata!.name!}`); store.update(o); },
        delete: (o: Widget) => { store.delete(o); },
        replace: (items: readonly Widget[], rv: string) => { store.replace(items, rv); },
        bookmark: (rv: string) => { store.bookmark(rv); },
      };
      const ac = new AbortController();
      const r = new Reflector<Widget>(scripted(w), sink, { clock: new FakeClock(), initialList: 'ListWatch', watchTimeoutSeconds: 0, onError: (e) => errors.push(e) });
      const run = r.run(ac.signal);
      await until(() => r.lastSyncResourceVersion === '20', 'batch applied');
      expect(order).toEqual(['add a', 'add c', 'add d', 'update a']);
      expect(errors.map((e) => e.reason)).toEqual(['Apply']);
      expect(store.getByKey('ns/a')?.spec?.size).toBe(3);
      ac.abort();
      await run;
    });

    it('aborting mid-batch: the rest of the batch is not applied', async () => {
      const w = new PushWatch<Widget>();
      for (const [i, n] of ['a', 'b', 'c', 'd', 'e'].entries()) w.add(at(n, 10 + i));
      const ac = new AbortController();
      const store = new CacheIndexer<Widget>({ indexers: {} });
      const sink = {
        add: (o: Widget) => {
          store.add(o);
          if (o.metadata!.name === 'b') ac.abort();
        },
        update: (o: Widget) => { store.update(o); },
        delete: (o: Widget) => { store.delete(o); },
        replace: (items: readonly Widget[], rv: string) => { store.replace(items, rv); },
        bookmark: (rv: string) => { store.bookmark(rv); },
      };
      const r = new Reflector<Widget>(scripted(w), sink, { clock: new FakeClock(), initialList: 'ListWatch', watchTimeoutSeconds: 0 });
      await r.run(ac.signal);
      expect(names(store.list())).toEqual(['a', 'b']);
      expect(r.lastSyncResourceVersion).toBe('11');
    });

    it('watchEvents still yields one event at a time, and stops mid-batch when the signal aborts', async () => {
      const w = new PushWatch<Widget>();
      for (const [i, n] of ['a', 'b', 'c'].entries()) w.add(at(n, 10 + i));
      const ac = new AbortController();
      const seen: string[] = [];
      for await (const ev of watchEvents(scripted(w), { signal: ac.signal, clock: new FakeClock(), initialList: 'ListWatch', watchTimeoutSeconds: 0 })) {
        seen.push(ev.type === 'Added' ? `Added ${ev.object.metadata!.name!}` : ev.type);
        if (ev.type === 'Added' && ev.object.metadata!.name === 'b') ac.abort();
      }
      expect(seen).toEqual(['Init', 'InitDone', 'Added a', 'Added b']);
    });
  });
});

