/**
 * The controller runtime's reproductions of issue 23, each kept as a regression test:
 * - item 6: a reconciler returning `requeueAfterMs` ≥ 2³¹ ms respun a 1 ms Node timer for the whole delay (a
 *   `TimeoutOverflowWarning` each time); every timer with a delay users or the cluster influence now chains Node
 *   timeouts (`startTimer`, `realClock`, the retry backoff's sleep, the fake's watch timeout);
 * - a reconciler throwing a value `String()` throws on (or a Proxy, a revoked Proxy, a null-prototype object …)
 *   stopped the workers; property (c): any thrown value is logged, the request requeued with backoff, the workers
 *   go on and nothing rejects unhandled;
 * - `ensureFinalizer` / `ensureFinalizerRemoved` on a stale copy answered `changed: false` without a request, leaving
 *   the server's finalizers as they were.
 */
import * as fc from 'fast-check';
import { clampTimerDelay, FakeClock, MAX_TIMER_DELAY_MS, realClock, startTimer } from '../../runtime/src/clock/clock';
import { watcherError } from '../../runtime/src/cache/reflector';
import { Controller, type Source } from '../../runtime/src/controller/controller';
import { serveHealthz } from '../../runtime/src/controller/healthz';
import { jsonLogger, newLogger, noopLogger, textLogger, type Logger } from '../../runtime/src/log';
import { isTerminalError, terminalError, type Reconciler, type Request } from '../../runtime/src/controller/reconcile';
import { ensureFinalizer, ensureFinalizerRemoved } from '../../runtime/src/controllerutil/controllerutil';
import { isConflict, isNotFound } from '../../runtime/src/errors/errors';
import { abortableSleep } from '../../runtime/src/errors/retry';
import { DelayingWorkQueue } from '../../runtime/src/workqueue/delaying_queue';
import { fakeServer, recordingMetrics, settle, until, widget, widgets, type Widget, type WidgetList } from '../unit/helpers/operator';
import { anyThrown, HOSTILE_THROWN, RUNS } from './thrown-values';
import { present } from '../unit/helpers/present';

/** A source that is synced at once and lets the test enqueue requests. */
function manualSource(): Source & { add: (r: Request) => void } {
  let q: { add(r: Request): void } | undefined;
  return {
    start(queue) {
      q = queue;
      return { hasSynced: () => true, waitForSync: async () => true };
    },
    add: (r) => {
      if (!q) throw new Error('the manual source was handed a request before it was started');
      q.add(r);
    },
    toString: () => 'manual source',
  };
}

/** Starts a controller over a manual source; `run` is its `start` promise, watched so that it never rejects unseen. */
async function started(c: Controller): Promise<{ src: ReturnType<typeof manualSource>; stop: () => Promise<void>; rejected: () => unknown[] }> {
  const src = manualSource();
  c.watch(src);
  const abort = new AbortController();
  const rejections: unknown[] = [];
  const run = c.start(abort.signal).catch((err: unknown) => { rejections.push(err); });
  await settle();
  return {
    src,
    rejected: () => rejections,
    stop: async () => {
      abort.abort();
      await run;
    },
  };
}

/** Counts `unhandledRejection`s of the process while `fn` runs (and shortly after). */
async function withoutUnhandledRejections(fn: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown): void => { seen.push(reason); };
  process.on('unhandledRejection', onRejection);
  try {
    await fn();
    await settle(3);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
  return seen;
}

describe('timers past 2³¹ − 1 ms (issue 23, item 6)', () => {
  describe('startTimer / realClock chain Node timeouts (Jest fake timers run Node timers as Node does: > 2³¹ − 1 → 1 ms)', () => {
    beforeEach(() => { jest.useFakeTimers(); });
    afterEach(() => { jest.useRealTimers(); });

    it.each([
      ['2³¹ − 1 (the longest single timeout)', MAX_TIMER_DELAY_MS],
      ['2³¹ (the reproduction)', 2 ** 31],
      ['2³¹ + 5 s', 2 ** 31 + 5000],
      ['2⁴⁰ (512 legs)', 2 ** 40],
    ])('a delay of %s fires once, at its time and not a millisecond before', (_name, ms) => {
      let fired = 0;
      realClock.setTimer(() => { fired++; }, ms);
      jest.advanceTimersByTime(ms - 1);
      expect(fired).toBe(0);
      expect(jest.getTimerCount()).toBe(1); // one leg at a time, never a pile
      jest.advanceTimersByTime(1);
      expect(fired).toBe(1);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('Infinity never fires and holds one timeout at a time', () => {
      let fired = 0;
      startTimer(() => { fired++; }, Infinity);
      jest.advanceTimersByTime(2 ** 35);
      expect(fired).toBe(0);
      expect(jest.getTimerCount()).toBe(1);
    });

    it('clearTimer cancels a chain between legs', () => {
      let fired = 0;
      const t = realClock.setTimer(() => { fired++; }, 3 * 2 ** 31);
      jest.advanceTimersByTime(2 ** 32);
      realClock.clearTimer(t);
      expect(jest.getTimerCount()).toBe(0);
      jest.advanceTimersByTime(2 ** 32);
      expect(fired).toBe(0);
    });

    it('NaN and negative delays are 0', () => {
      const fired: string[] = [];
      for (const [name, ms] of [['NaN', NaN], ['negative', -5], ['-Infinity', -Infinity]] as const) startTimer(() => fired.push(name), ms);
      jest.advanceTimersByTime(1);
      expect(fired.sort()).toEqual(['-Infinity', 'NaN', 'negative']);
      expect([NaN, -1, 0, 5, 2 ** 31, Infinity].map(clampTimerDelay)).toEqual([0, 0, 0, 5, MAX_TIMER_DELAY_MS, MAX_TIMER_DELAY_MS]);
    });

    it("the retry backoff's sleep (abortableSleep) waits the whole of a long delay", async () => {
      let done = false;
      void abortableSleep(2 ** 31 + 10).then(() => { done = true; });
      await jest.advanceTimersByTimeAsync(2 ** 31);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(10);
      expect(done).toBe(true);
    });
  });

  it('a controller on the real clock: requeueAfterMs of 2³² and 2⁴⁰ ms arm no respinning timer (counted, not timed)', async () => {
    // Node's TimeoutOverflowWarning goes to the real process, which a test's sandbox does not see: the timers armed
    // are counted instead (each overflowing timeout fired after 1 ms and the delay stage armed the next)
    const spy = jest.spyOn(globalThis, 'setTimeout');
    try {
      const calls: string[] = [];
      const c = new Controller({
        name: 'long',
        logger: noopLogger,
        maxConcurrentReconciles: 2,
        reconciler: { reconcile: (r) => { calls.push(r.name); return { requeueAfterMs: r.name === 'a' ? 2 ** 32 : 2 ** 40 }; } },
      });
      const { src, stop } = await started(c);
      src.add({ namespace: 'ns', name: 'a' });
      src.add({ namespace: 'ns', name: 'b' });
      await until(() => calls.length === 2, 'both reconciles');
      // a window for timers to fire (its length bounds nothing)
      const armedBefore = spy.mock.calls.length;
      await new Promise<void>((r) => { setTimeout(r, 200); });
      const armed = spy.mock.calls.slice(armedBefore).map((args) => args[1]);
      await stop();
      expect(armed).toEqual([200]); // only the window's own timer
      expect(calls.sort()).toEqual(['a', 'b']);
      // and what was armed for the requeues fits a Node timeout
      expect(spy.mock.calls.every((args) => (args[1] ?? 0) <= MAX_TIMER_DELAY_MS)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  }, 30_000);

  it('a controller on the fake clock requeues a 2⁴⁰ ms requeueAfter at exactly that time', async () => {
    const clock = new FakeClock(0);
    const at: number[] = [];
    const c = new Controller({ name: 'long', clock, logger: noopLogger, reconciler: { reconcile: () => { at.push(clock.now()); return at.length === 1 ? { requeueAfterMs: 2 ** 40 } : undefined; } } });
    const { src, stop } = await started(c);
    src.add({ namespace: 'ns', name: 'a' });
    await until(() => at.length === 1, 'the first reconcile');
    expect(clock.pendingDelays()).toEqual([2 ** 40]);
    clock.step(2 ** 40 - 1);
    await settle();
    expect(at).toEqual([0]);
    clock.step(1);
    await until(() => at.length === 2, 'the requeue');
    expect(at).toEqual([0, 2 ** 40]);
    await stop();
  });

  it('DelayingQueue.addAfter(item, NaN) adds the item now (a NaN due time broke the heap and never fired)', async () => {
    const clock = new FakeClock(0);
    const q = new DelayingWorkQueue<string>({ clock });
    q.addAfter('nan', NaN);
    q.addAfter('later', 10);
    expect(q.len()).toBe(1);
    expect((await q.get()).item).toBe('nan');
    clock.step(10);
    expect((await q.get()).item).toBe('later');
    q.shutDown();
  });
});

/** A controller on a fake clock whose jsonLogger lines are kept; `reconcile` decides per request. */
function hostileController(reconcile: Reconciler['reconcile'], opts: { workers?: number; logger?: Logger } = {}) {
  const clock = new FakeClock(0);
  const lines: string[] = [];
  const metrics = recordingMetrics();
  const c = new Controller({
    name: 'hostile',
    clock,
    metrics,
    maxConcurrentReconciles: opts.workers ?? 1,
    logger: opts.logger ?? jsonLogger({ write: (l) => lines.push(l), now: () => 0 }),
    reconciler: { reconcile },
  });
  const errorRecords = () =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.level === 'error' && r.msg === 'Reconciler error');
  return { c, clock, lines, metrics, errorRecords };
}

/** What every hostile case checks: logged with a string error, requeued after the 5 ms backoff, workers alive. */
async function expectLoggedRequeuedAndAlive(
  h: ReturnType<typeof hostileController>,
  src: ReturnType<typeof manualSource>,
  calls: string[],
  name: string,
): Promise<void> {
  const before = calls.filter((n) => n === name).length;
  src.add({ namespace: 'ns', name });
  await until(() => calls.filter((n) => n === name).length === before + 1, `the first reconcile of ${name}`);
  await settle(1);
  const records = h.errorRecords();
  expect(records.length).toBeGreaterThan(0);
  expect(typeof records.at(-1)?.error).toBe('string');
  // requeued with backoff: not before 5 ms, at 5 ms
  h.clock.step(4);
  await settle(1);
  expect(calls.filter((n) => n === name)).toHaveLength(before + 1);
  h.clock.step(1);
  await until(() => calls.filter((n) => n === name).length === before + 2, `the requeue of ${name}`);
}

describe('any value a reconciler throws (issue 23, low item; property (c), reconciler half)', () => {
  it.each(Object.entries(HOSTILE_THROWN))('%s: logged, requeued with backoff, the workers go on', async (_name, hostile) => {
    const calls: string[] = [];
    const seen = await withoutUnhandledRejections(async () => {
      const h = hostileController((r) => {
        calls.push(r.name);
        if (r.name === 'bad' && calls.filter((n) => n === 'bad').length === 1) throw hostile();
      });
      const { src, stop, rejected } = await started(h.c);
      await expectLoggedRequeuedAndAlive(h, src, calls, 'bad');
      // the one worker is alive: another request is reconciled
      src.add({ namespace: 'ns', name: 'good' });
      await until(() => calls.includes('good'), 'the next request');
      expect(h.metrics.results).toEqual(['error', 'success', 'success']);
      expect(rejected()).toEqual([]);
      await stop();
    });
    expect(seen).toEqual([]);
  });

  it.each([
    ['a revoked Proxy', () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; }],
    ['a throwing requeueAfterMs getter', () => ({ get requeueAfterMs(): number { throw HOSTILE_THROWN['toString throws'](); } })],
    ['a requeueAfterMs that is a string', () => ({ requeueAfterMs: '1000' })],
    ['a requeueAfterMs that is a BigInt', () => ({ requeueAfterMs: 1000n })],
    ['a thenable whose then throws a null-prototype object', () => ({ then() { throw Object.create(null); } })],
  ])('a Result that cannot be read (%s) is a reconcile error: logged and requeued', async (_name, make) => {
    const calls: string[] = [];
    const h = hostileController((r) => {
      calls.push(r.name);
      return calls.length === 1 ? make() : undefined;
    });
    const { src, stop, rejected } = await started(h.c);
    await expectLoggedRequeuedAndAlive(h, src, calls, 'x');
    expect(h.metrics.results).toEqual(['error', 'success']);
    expect(rejected()).toEqual([]);
    await stop();
  });

  it('a logger sink that throws on the reconcile records stops no worker and loses no request', async () => {
    const calls: string[] = [];
    // it throws while the workers run (a sink that throws at start-up makes start reject, which is seen)
    const logger = newLogger({
      enabled: () => true,
      write: (r) => {
        if (r.msg === 'Reconciling' || r.msg === 'Reconciler error' || r.msg.startsWith('Reconcile ')) throw HOSTILE_THROWN['revoked Proxy']();
      },
    });
    const h = hostileController((r) => {
      calls.push(r.name);
      if (calls.length === 1) throw new Error('first');
    }, { logger });
    const { src, stop, rejected } = await started(h.c);
    src.add({ namespace: 'ns', name: 'x' });
    await until(() => calls.length === 1, 'the first reconcile');
    await settle(2);
    h.clock.step(5);
    await until(() => calls.length === 2, 'the requeue');
    src.add({ namespace: 'ns', name: 'y' });
    await until(() => calls.includes('y'), 'the next request');
    expect(rejected()).toEqual([]);
    await stop();
  });

  it('property: any thrown value is logged and requeued, two workers never stop, nothing rejects unhandled', async () => {
    const calls: string[] = [];
    const throwers = new Map<string, () => unknown>();
    const seen = await withoutUnhandledRejections(async () => {
      const h = hostileController((r) => {
        calls.push(r.name);
        const make = throwers.get(r.name);
        throwers.delete(r.name);
        if (make) throw make();
      }, { workers: 2 });
      const { src, stop, rejected } = await started(h.c);
      let n = 0;
      await fc.assert(
        fc.asyncProperty(anyThrown, async (make) => {
          const name = `k${n++}`;
          throwers.set(name, make);
          await expectLoggedRequeuedAndAlive(h, src, calls, name);
          expect(rejected()).toEqual([]);
        }),
        { numRuns: RUNS },
      );
      // every request failed once (error), then succeeded
      expect(h.metrics.results.filter((r) => r === 'error')).toHaveLength(n);
      expect(h.metrics.results.filter((r) => r === 'success')).toHaveLength(n);
      await stop();
    });
    expect(seen).toEqual([]);
  }, 1_800_000);

  it('isTerminalError and terminalError take any value without throwing', () => {
    fc.assert(
      fc.property(anyThrown, (make) => {
        const v = make();
        expect(isTerminalError(v)).toBe(false);
        const t = terminalError(v);
        expect(t.message.startsWith('terminal error: ')).toBe(true);
        expect(isTerminalError(t)).toBe(true);
        expect(isTerminalError(new Error('wrapped', { cause: t }))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(Object.entries(HOSTILE_THROWN))('%s through the other places that describe a thrown value', async (_name, hostile) => {
    const v = (): unknown => hostile();
    // the cache's default logger (an informer handler's throw is logged with it)
    const lines: string[] = [];
    textLogger({ write: (l) => lines.push(l) }).error(v(), 'an event handler failed', { value: v() });
    expect(lines).toHaveLength(1);
    // a health check (user code)
    const r = await serveHealthz(new Map([['c', () => { throw v(); }]]), '/c', new URLSearchParams());
    expect(r.status).toBe(500);
    expect(r.body.startsWith('internal server error: ')).toBe(true);
    // what a list-watch threw, classified for the reflector
    const e = watcherError(v(), 'watch');
    expect(e.reason).toBe('Network');
    expect(typeof e.error).toBe('object');
    // API error predicates
    expect(isNotFound(v())).toBe(false);
    expect(isConflict(v())).toBe(false);
  });
});

describe('ensureFinalizer / ensureFinalizerRemoved are correct against the server, not a stale copy (issue 23, low item)', () => {
  const F = 'example.com/cleanup';

  it('15 of 15: a stale copy listing the finalizer does not stop ensureFinalizer from adding it on the server', async () => {
    for (let run = 0; run < 15; run++) {
      const { fake } = fakeServer({ allowUnconditionalUpdate: false });
      const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
      const created = await ws.create({ ...widget('w'), metadata: { name: 'w', namespace: 'ns', finalizers: [F] } });
      const stale = structuredClone(created);
      // someone removes it meanwhile: the copy (an informer's, say) still lists it
      await ws.update({ ...created, metadata: { ...created.metadata, finalizers: [] } });
      const { changed, object } = await ensureFinalizer(ws, stale, F, { sleep: async () => undefined });
      expect(changed).toBe(true);
      expect(object.metadata?.finalizers).toEqual([F]);
      expect((await ws.get('w')).metadata?.finalizers).toEqual([F]);
      expect(stale.metadata?.finalizers).toEqual([F]); // not mutated
    }
  });

  it('15 of 15: a stale copy without the finalizer does not stop ensureFinalizerRemoved from removing it (and finishing a deletion)', async () => {
    for (let run = 0; run < 15; run++) {
      const { fake } = fakeServer({ allowUnconditionalUpdate: false });
      const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
      const created = await ws.create(widget('w'));
      const stale = structuredClone(created);
      // someone adds it, and the object is deleted: our copy predates both
      await ws.update({ ...created, metadata: { ...created.metadata, finalizers: [F] } });
      await ws.delete('w');
      const { changed } = await ensureFinalizerRemoved(ws, stale, F, { sleep: async () => undefined });
      expect(changed).toBe(true);
      await expect(ws.get('w')).rejects.toThrow('not found');
    }
  });

  it('a copy without a resourceVersion is read first: the server\'s other finalizers survive', async () => {
    const { fake } = fakeServer({ allowUnconditionalUpdate: true });
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    await ws.create({ ...widget('w'), metadata: { name: 'w', namespace: 'ns', finalizers: ['other'] } });
    const { changed, object } = await ensureFinalizer(ws, widget('w'), F);
    expect(changed).toBe(true);
    expect(object.metadata?.finalizers).toEqual(['other', F]);
    const removed = await ensureFinalizerRemoved(ws, { ...widget('w'), metadata: { name: 'w', namespace: 'ns', finalizers: [F, 'another'] } }, F);
    expect(removed.object?.metadata?.finalizers).toEqual(['other']);
  });

  it('the costs: a copy that needs the change → one update; a current copy that has it → one get, no write', async () => {
    const { fake } = fakeServer({ allowUnconditionalUpdate: false });
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    const created = await ws.create(widget('w'));
    fake.clearActions();
    const added = await ensureFinalizer(ws, created, F);
    expect(fake.actions().map((a) => a.verb)).toEqual(['update']);
    fake.clearActions();
    expect(await ensureFinalizer(ws, added.object, F)).toEqual({ changed: false, object: added.object });
    expect(fake.actions().map((a) => a.verb)).toEqual(['get']);
    fake.clearActions();
    const removed = await ensureFinalizerRemoved(ws, added.object, F);
    expect(removed.changed).toBe(true);
    fake.clearActions();
    expect((await ensureFinalizerRemoved(ws, present(removed.object, 'the object without the finalizer'), F)).changed).toBe(false);
    expect(fake.actions().map((a) => a.verb)).toEqual(['get']);
  });
});
