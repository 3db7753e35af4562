/**
 * SharedIndexInformer against the fake tracker: handlers get adds / updates / deletes in order, a late handler
 * gets synthetic adds, resync on a fake clock, tombstones after a relist, handlers never block each other,
 * failing handlers, remove, transform, waitForCacheSync — and a property: whatever the writes, the cache and
 * every handler's replay end equal to the server.
 */
import fc from 'fast-check';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import {
  filteringHandler,
  SharedIndexInformer,
  waitForCacheSync,
  type ResourceEventHandler,
  type SharedInformerOptions,
} from '../../../../runtime/src/cache/informer';
import { DeletedFinalStateUnknown, isDeletedFinalStateUnknown, metaNamespaceKeyFunc } from '../../../../runtime/src/cache/store';
import { newInternalError } from '../../../../runtime/src/errors/errors';
import { failingWatch, names, settle, setup, until, widget, type Widget } from '../../helpers/cache';

/** A handler recording `add a (initial)`, `update a 1->2`, `delete a`, `delete a (tombstone)`. */
function recorder(): { log: string[]; handler: ResourceEventHandler<Widget> } {
  const log: string[] = [];
  const size = (w: Widget) => String(w.spec?.size ?? '-');
  return {
    log,
    handler: {
      onAdd: (w, initial) => void log.push(`add ${w.metadata?.name}${initial ? ' (initial)' : ''}`),
      onUpdate: (o, n) => void log.push(o === n ? `resync ${n.metadata?.name}` : `update ${n.metadata?.name} ${size(o)}->${size(n)}`),
      onDelete: (w) =>
        void log.push(isDeletedFinalStateUnknown(w) ? `delete ${w.key} (tombstone, last ${size(w.obj)})` : `delete ${w.metadata?.name}`),
    },
  };
}

function harness(opts: { historyLimit?: number; informer?: Partial<SharedInformerOptions<Widget>> } = {}) {
  const s = setup(opts.historyLimit ? { historyLimit: opts.historyLimit } : {});
  const clock = new FakeClock();
  const handlerErrors: unknown[] = [];
  const watchErrors: unknown[] = [];
  const informer = new SharedIndexInformer<Widget>(s.client, {
    clock,
    onHandlerError: (e) => handlerErrors.push(e),
    ...opts.informer,
    reflector: { random: () => 0, initialList: 'ListWatch', watchTimeoutSeconds: 0, onError: (e) => watchErrors.push(e), ...opts.informer?.reflector },
  });
  const controller = new AbortController();
  const verbs = (verb: string) => s.fake.actions().filter((a) => a.verb === verb);
  return { ...s, clock, informer, controller, handlerErrors, watchErrors, verbs, run: () => informer.run(controller.signal) };
}

const sized = (name: string, size: number) => widget(name, 'ns', undefined, size);

describe('SharedIndexInformer', () => {
  it('delivers the initial list as initial adds, then adds, updates and deletes in order', async () => {
    const h = harness();
    await h.ns.create(sized('a', 1));
    await h.ns.create(sized('b', 1));
    const r = recorder();
    const reg = h.informer.addEventHandler(r.handler);
    const run = h.run();
    expect(await waitForCacheSync(h.controller.signal, h.informer, reg)).toBe(true);
    expect(r.log.sort()).toEqual(['add a (initial)', 'add b (initial)']);
    r.log.length = 0;
    await until(() => h.verbs('watch').length === 1, 'watch');
    await h.ns.update({ ...(await h.ns.get('a')), spec: { size: 2 } });
    await h.ns.update({ ...(await h.ns.get('a')), spec: { size: 3 } });
    await h.ns.create(sized('c', 1));
    await h.ns.delete('a');
    await until(() => r.log.length === 4, 'events');
    expect(r.log).toEqual(['update a 1->2', 'update a 2->3', 'add c', 'delete a']);
    expect(names(h.informer.getIndexer().list())).toEqual(['b', 'c']);
    expect(h.informer.lastSyncResourceVersion).toBe(h.fake.tracker.resourceVersion);
    h.controller.abort();
    await run;
    expect(h.informer.isStopped).toBe(true);
  });

  it.each([false, true])('an update at the same generation shares the unchanged spec of the object it replaces (freezeObjects %s)', async (freezeObjects) => {
    const h = harness({ informer: { freezeObjects } });
    await h.ns.create(widget('a', 'ns', { app: 'x' }, 1));
    const r = recorder();
    h.informer.addEventHandler(r.handler);
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    await until(() => h.verbs('watch').length === 1, 'watch');
    const cached = () => h.informer.getIndexer().getByKey('ns/a');
    const first = cached();
    // a label change (the same generation): the spec is shared with the cached object, the labels are the update's
    await h.ns.update({ ...(await h.ns.get('a')), metadata: { ...(await h.ns.get('a')).metadata, labels: { app: 'y' } } });
    await until(() => cached()?.metadata?.labels?.app === 'y', 'label update');
    const second = cached();
    expect(second).not.toBe(first);
    expect(second?.spec).toBe(first?.spec);
    // the cache holds the finished object: shared, then frozen (or not)
    expect(Object.isFrozen(second)).toBe(freezeObjects);
    expect(Object.isFrozen(second?.metadata)).toBe(freezeObjects);
    expect(second?.metadata?.labels).not.toBe(first?.metadata?.labels);
    // a spec change (a new generation): the spec is the update's
    await h.ns.update({ ...(await h.ns.get('a')), spec: { size: 2 } });
    await until(() => cached()?.spec?.size === 2, 'spec update');
    const third = cached();
    expect(third?.metadata?.generation).not.toBe(second?.metadata?.generation);
    expect(third?.spec).not.toBe(second?.spec);
    expect(Object.isFrozen(third?.spec)).toBe(freezeObjects);
    await until(() => r.log.length === 3, 'events');
    expect(r.log).toEqual(['add a (initial)', 'update a 1->1', 'update a 1->2']);
    h.controller.abort();
    await run;
  });

  it('a handler added late gets synthetic initial adds for the cache, then later changes only', async () => {
    const h = harness();
    await h.ns.create(sized('a', 1));
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    await until(() => h.verbs('watch').length === 1, 'watch');
    await h.ns.create(sized('b', 1));
    await until(() => h.informer.getIndexer().size === 2, 'b cached');
    const r = recorder();
    const reg = h.informer.addEventHandler(r.handler);
    expect(reg.hasSynced()).toBe(false);
    await h.ns.create(sized('c', 1));
    expect(await reg.waitForSync(h.controller.signal)).toBe(true);
    await until(() => r.log.length === 3, 'c');
    expect(r.log).toEqual(['add a (initial)', 'add b (initial)', 'add c']);
    h.controller.abort();
    await run;
  });

  it('resyncs each handler on its own period with onUpdate(obj, obj), on the injected clock', async () => {
    const h = harness();
    await h.ns.create(sized('a', 1));
    await h.ns.create(sized('b', 1));
    const fast = recorder();
    const slow = recorder();
    const none = recorder();
    h.informer.addEventHandler(fast.handler, { resyncPeriodMs: 5000 });
    h.informer.addEventHandler(slow.handler, { resyncPeriodMs: 12_000 });
    h.informer.addEventHandler(none.handler);
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    await settle();
    for (const r of [fast, slow, none]) r.log.length = 0;
    h.clock.step(5000);
    await settle();
    expect(fast.log.sort()).toEqual(['resync a', 'resync b']);
    expect(slow.log).toEqual([]);
    h.clock.step(5000);
    await settle();
    expect(fast.log).toHaveLength(4);
    h.clock.step(2000);
    await settle();
    expect(slow.log.sort()).toEqual(['resync a', 'resync b']);
    expect(none.log).toEqual([]);
    h.controller.abort();
    await run;
    expect(h.clock.pendingTimers).toBe(0);
  });

  it('after a relist: tombstones for objects deleted while down, updates for changed ones, nothing for unchanged', async () => {
    const h = harness({ historyLimit: 2 });
    for (const n of ['gone', 'changed', 'same']) await h.ns.create(sized(n, 1));
    const r = recorder();
    h.informer.addEventHandler(r.handler);
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    await until(() => h.verbs('watch').length === 1, 'watch');
    await settle();
    r.log.length = 0;
    h.fake.tracker.closeWatches();
    await h.ns.delete('gone');
    await h.ns.update({ ...(await h.ns.get('changed')), spec: { size: 2 } });
    await h.ns.create(sized('new', 1));
    await until(() => h.clock.pendingTimers === 1, 'backoff');
    h.clock.step(800); // re-watch → 410 (history is gone)
    await until(() => h.watchErrors.length === 1 && h.clock.pendingTimers === 1, '410');
    h.clock.step(h.clock.pendingDelays()[0]!);
    await until(() => r.log.length === 3, 'relist notifications');
    expect(r.log.sort()).toEqual(['add new', 'delete ns/gone (tombstone, last 1)', 'update changed 1->2']);
    h.controller.abort();
    await run;
  });

  it('a slow handler never delays another; each still sees its events in order', async () => {
    const h = harness();
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    await until(() => h.verbs('watch').length === 1, 'watch');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slowLog: string[] = [];
    h.informer.addEventHandler({
      onAdd: async (w) => {
        slowLog.push(`start ${w.metadata?.name}`);
        if (w.metadata?.name === 'a') await gate;
        slowLog.push(`end ${w.metadata?.name}`);
      },
    });
    const fast = recorder();
    h.informer.addEventHandler(fast.handler);
    for (const n of ['a', 'b', 'c']) await h.ns.create(widget(n));
    await until(() => fast.log.length === 3, 'fast handler');
    expect(fast.log).toEqual(['add a', 'add b', 'add c']);
    expect(slowLog).toEqual(['start a']);
    release();
    await until(() => slowLog.length === 6, 'slow handler');
    expect(slowLog).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    h.controller.abort();
    await run;
  });

  it('a failing handler is reported and keeps receiving; remove() stops delivery', async () => {
    const h = harness();
    const seen: string[] = [];
    const reg = h.informer.addEventHandler({
      onAdd: (w) => {
        seen.push(w.metadata!.name!);
        if (w.metadata?.name === 'a') throw new Error('handler bug');
      },
    });
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    await until(() => h.verbs('watch').length === 1, 'watch');
    await h.ns.create(widget('a'));
    await h.ns.create(widget('b'));
    await until(() => seen.length === 2, 'both');
    expect(h.handlerErrors).toEqual([new Error('handler bug')]);
    reg.remove();
    reg.remove();
    await h.ns.create(widget('c'));
    await until(() => h.informer.getIndexer().size === 3, 'c cached');
    await settle();
    expect(seen).toEqual(['a', 'b']);
    h.controller.abort();
    await run;
  });

  it('transforms objects before caching them; addIndexers, setTransform and run only before start', async () => {
    const h = harness({
      informer: {
        transform: (w) => ({ ...w, metadata: { ...w.metadata, managedFields: undefined, annotations: { seen: 'yes' } } }),
        indexers: { size: (w) => [String(w.spec?.size ?? 0)] },
      },
    });
    await h.ns.create(sized('a', 5));
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    expect(h.informer.getIndexer().getByKey('ns/a')?.metadata?.annotations).toEqual({ seen: 'yes' });
    expect(h.informer.getIndexer().byIndex('size', '5').map(metaNamespaceKeyFunc)).toEqual(['ns/a']);
    expect(() => h.informer.addIndexers({ x: () => [] })).toThrow(/already started/);
    expect(() => h.informer.setTransform((w) => w)).toThrow(/already started/);
    await expect(h.informer.run(h.controller.signal)).rejects.toThrow(/already been started/);
    h.controller.abort();
    await run;
    expect(() => h.informer.addEventHandler({})).toThrow(/stopped/);
  });

  it('an event whose transform throws is skipped and reported (phase apply); the informer carries on', async () => {
    const applyErrors: string[] = [];
    const h = harness({
      informer: {
        transform: (w) => {
          if (w.metadata?.name === 'bad') throw new Error('cannot transform');
          return w;
        },
        reflector: { onError: (e, info) => void applyErrors.push(`${info.phase} ${e.reason}: ${e.error instanceof Error ? e.error.message : String(e.error)}`) },
      },
    });
    await h.ns.create(widget('a'));
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    await until(() => h.verbs('watch').length === 1, 'watch');
    await h.ns.create(widget('bad'));
    await h.ns.create(widget('b'));
    await until(() => h.informer.getIndexer().size === 2, 'b');
    expect(names(h.informer.getIndexer().list())).toEqual(['a', 'b']);
    expect(applyErrors).toEqual(['apply Apply: cannot transform']);
    h.controller.abort();
    await run;
  });

  it('freezeObjects: a handler mutating a cached object throws where it mutates', async () => {
    const h = harness({ informer: { freezeObjects: true } });
    await h.ns.create(sized('a', 1));
    const run = h.run();
    await h.informer.waitForSync(h.controller.signal);
    const cached = h.informer.getIndexer().getByKey('ns/a')!;
    expect(() => {
      cached.spec!.size = 2;
    }).toThrow(TypeError);
    expect(() => {
      cached.metadata!.labels = {};
    }).toThrow(TypeError);
    expect(h.informer.getIndexer().getByKey('ns/a')?.spec?.size).toBe(1);
    h.controller.abort();
    await run;
  });

  it('never syncs while the list fails, and waitForCacheSync answers false on abort', async () => {
    const h = harness();
    h.fake.prependReactor('list', 'widgets', () => ({ error: newInternalError('down') }));
    const run = h.run();
    const waiting = new AbortController();
    const result = waitForCacheSync(waiting.signal, h.informer);
    await until(() => h.watchErrors.length === 1, 'first failure');
    for (let i = 0; i < 5; i++) {
      h.clock.step(30_000);
      await until(() => h.watchErrors.length === i + 2, `failure ${i + 2}`);
    }
    expect(h.informer.hasSynced()).toBe(false);
    waiting.abort();
    expect(await result).toBe(false);
    h.controller.abort();
    await run;
  });

  it('filteringHandler turns updates across the filter into adds and deletes', () => {
    const log: string[] = [];
    const h = filteringHandler<Widget>((w) => !isDeletedFinalStateUnknown(w) && (w.spec?.size ?? 0) > 1, {
      onAdd: (w) => void log.push(`add ${w.spec?.size}`),
      onUpdate: (o, n) => void log.push(`update ${o.spec?.size}->${n.spec?.size}`),
      onDelete: (w) => void log.push(`delete ${isDeletedFinalStateUnknown(w) ? 'tombstone' : w.spec?.size}`),
    });
    void h.onAdd!(sized('a', 1), false);
    void h.onUpdate!(sized('a', 1), sized('a', 2));
    void h.onUpdate!(sized('a', 2), sized('a', 3));
    void h.onUpdate!(sized('a', 3), sized('a', 0));
    void h.onDelete!(new DeletedFinalStateUnknown('ns/a', sized('a', 5)));
    expect(log).toEqual(['add 2', 'update 2->3', 'delete 3']);
  });

  it('property: after any writes, the cache and each handler replay equal the server', async () => {
    const op = fc.record({ kind: fc.constantFrom('write', 'write', 'write', 'write', 'delete', 'delete', 'down', 'up'), name: fc.constantFrom('a', 'b', 'c', 'd'), size: fc.nat(9) });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), fc.boolean(), async (ops, late) => {
        // a short history: closed watches often come back to 410 and relist
        const h = harness({ historyLimit: 2 });
        let down = false;
        h.fake.prependWatchReactor('widgets', () => (down ? failingWatch(newInternalError('watch is down').status) : undefined));
        const replay = new Map<string, number | undefined>();
        const handler: ResourceEventHandler<Widget> = {
          onAdd: (w) => void replay.set(metaNamespaceKeyFunc(w), w.spec?.size),
          onUpdate: (_o, n) => void replay.set(metaNamespaceKeyFunc(n), n.spec?.size),
          onDelete: (w) => void replay.delete(isDeletedFinalStateUnknown(w) ? w.key : metaNamespaceKeyFunc(w)),
        };
        if (!late) h.informer.addEventHandler(handler);
        // a first write, so the list's resourceVersion is a real one (an empty fake lists at "0")
        await h.ns.create(sized('z', 0));
        const run = h.run();
        await h.informer.waitForSync(h.controller.signal);
        await settle(3);
        for (const [i, o] of ops.entries()) {
          if (late && i === Math.floor(ops.length / 2)) h.informer.addEventHandler(handler);
          const exists = await h.ns.get(o.name).then(() => true, () => false);
          if (o.kind === 'write' && !exists) await h.ns.create(sized(o.name, o.size));
          if (o.kind === 'write' && exists) await h.ns.update({ ...(await h.ns.get(o.name)), spec: { size: o.size } });
          if (o.kind === 'delete' && exists) await h.ns.delete(o.name);
          if (o.kind === 'down') {
            down = true;
            h.fake.tracker.closeWatches();
          }
          if (o.kind === 'up') down = false;
          await settle(1);
          if (h.clock.pendingTimers > 0) h.clock.step(h.clock.pendingDelays()[0]!);
        }
        if (late && ops.length < 2) h.informer.addEventHandler(handler);
        down = false;
        const want = new Map((await h.ns.list()).items.map((w) => [metaNamespaceKeyFunc(w), w.spec?.size]));
        const cached = () => new Map(h.informer.getIndexer().list().map((w) => [metaNamespaceKeyFunc(w), w.spec?.size]));
        for (let i = 0; i < 200 && (!eq(cached(), want) || !eq(replay, want)); i++) {
          await settle(1);
          if (h.clock.pendingTimers > 0) h.clock.step(h.clock.pendingDelays()[0]!);
        }
        expect(cached()).toEqual(want);
        expect(replay).toEqual(want);
        h.controller.abort();
        await run;
      }),
      { numRuns: 60 },
    );
    function eq(a: Map<string, unknown>, b: Map<string, unknown>): boolean {
      return a.size === b.size && [...a].every(([k, v]) => b.has(k) && b.get(k) === v);
    }
  });
});
