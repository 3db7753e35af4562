/**
 * The controller's queue semantics: the reconcile.Result table exactly as controller-runtime, the same key never
 * reconciled concurrently, maxConcurrentReconciles, graceful stop draining in-flight reconciles, timeouts.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { Controller, type ControllerOptions, type Source } from '../../../../runtime/src/controller/controller';
import { noopLogger } from '../../../../runtime/src/log';
import { LOW_PRIORITY } from '../../../../runtime/src/controller/priorityqueue';
import { terminalError, type Reconciler, type Request, type Result } from '../../../../runtime/src/controller/reconcile';
import { deferred, recordingMetrics, settle, until } from '../../helpers/operator';

/** A source that is synced at once and lets the test enqueue requests. */
function manualSource(): Source & { add: (r: Request, priority?: number) => void } {
  let q: { add(r: Request, priority?: number): void } | undefined;
  return {
    start(queue) {
      q = queue;
      return { hasSynced: () => true, waitForSync: async () => true };
    },
    add: (r, priority) => q!.add(r, priority),
    toString: () => 'manual source',
  };
}

/** Starts `c` watching a manual source; `stop()` stops it and waits for it to finish. */
async function startWithManualSource(c: Controller): Promise<{ src: ReturnType<typeof manualSource>; stop: () => Promise<void> }> {
  const src = manualSource();
  c.watch(src);
  const abort = new AbortController();
  const run = c.start(abort.signal);
  await settle();
  return {
    src,
    stop: async () => {
      abort.abort();
      await run;
    },
  };
}

/** A controller on a fake clock that records its metrics, with `reconciler` and further options. */
function recordedController(reconciler: Reconciler, opts: Partial<ControllerOptions> = {}): { c: Controller; clock: FakeClock; metrics: ReturnType<typeof recordingMetrics> } {
  const clock = new FakeClock(0);
  const metrics = recordingMetrics();
  const c = new Controller({ name: 'w', clock, logger: noopLogger, metrics, reconciler, ...opts });
  return { c, clock, metrics };
}

type Outcome = { result?: Result; throws?: 'error' | 'terminal' };

interface ResultCase {
  name: string;
  given: Outcome[];
  want: { calls: number[]; results: string[]; numRequeues: number; retries: number };
}

// every case starts with one reconcile at t=0; later calls happen when the queue hands the key out again
const resultTable: ResultCase[] = [
  { name: 'zero result → forget, not requeued', given: [{}], want: { calls: [0], results: ['success'], numRequeues: 0, retries: 0 } },
  {
    name: 'error → rate-limited: 5 ms, then 10 ms (backoff doubles), then success forgets',
    given: [{ throws: 'error' }, { throws: 'error' }, {}],
    want: { calls: [0, 5, 15], results: ['error', 'error', 'success'], numRequeues: 0, retries: 2 },
  },
  {
    name: 'terminal error → not requeued and the backoff is NOT forgotten',
    given: [{ throws: 'error' }, { throws: 'terminal' }],
    want: { calls: [0, 5], results: ['error', 'error'], numRequeues: 1, retries: 1 },
  },
  {
    name: 'requeueAfter → forget, then re-added after the delay',
    given: [{ throws: 'error' }, { result: { requeueAfterMs: 1000 } }, {}],
    want: { calls: [0, 5, 1005], results: ['error', 'requeue_after', 'success'], numRequeues: 0, retries: 1 },
  },
  {
    name: 'requeue: true → rate-limited (the backoff grows)',
    given: [{ result: { requeue: true } }, { result: { requeue: true } }, {}],
    want: { calls: [0, 5, 15], results: ['requeue', 'requeue', 'success'], numRequeues: 0, retries: 2 },
  },
  {
    name: 'requeueAfter wins over requeue',
    given: [{ result: { requeue: true, requeueAfterMs: 300 } }, {}],
    want: { calls: [0, 300], results: ['requeue_after', 'success'], numRequeues: 0, retries: 0 },
  },
];

describe('reconcile.Result drives the queue as controller-runtime', () => {
  it.each(resultTable)('$name', async ({ given, want }) => {
    const calls: number[] = [];
    const outcomes = [...given];
    const { c, clock, metrics } = recordedController({
      reconcile: () => {
        calls.push(clock.now());
        const o = outcomes.shift();
        if (!o) throw new Error('reconciled more often than the table says');
        if (o.throws === 'error') throw new Error('boom');
        if (o.throws === 'terminal') throw terminalError(new Error('bad spec'));
        return o.result;
      },
    });
    const { src, stop } = await startWithManualSource(c);
    src.add({ namespace: 'ns', name: 'a' });
    for (let i = 0; i < 50 && (outcomes.length > 0 || clock.pendingTimers > 0); i++) {
      await settle();
      const next = clock.pendingDelays()[0];
      if (next !== undefined) clock.step(next);
    }
    await settle();
    expect(calls).toEqual(want.calls);
    expect(metrics.results).toEqual(want.results);
    expect(c.queue.numRequeues('ns/a')).toBe(want.numRequeues);
    expect(metrics.retries).toBe(want.retries);
    expect(clock.pendingTimers).toBe(0);
    await stop();
  });

  it('a terminal error is recognised through a cause chain and counted as terminal', async () => {
    const { c, clock, metrics } = recordedController({
      reconcile: () => {
        throw new Error('wrapped', { cause: terminalError('missing secret') });
      },
    });
    const { src, stop } = await startWithManualSource(c);
    src.add({ namespace: '', name: 'x' });
    await until(() => metrics.results.length === 1);
    expect(metrics.errors).toEqual([{ terminal: true, timeout: false }]);
    expect(clock.pendingTimers).toBe(0);
    expect(terminalError('missing secret').message).toBe('terminal error: missing secret');
    await stop();
  });
});

describe('concurrency', () => {
  it('never reconciles one key twice at once, even with many workers and repeated events', async () => {
    const active = new Set<string>();
    let overlap = 0;
    let maxActive = 0;
    const gates: Array<() => void> = [];
    const seen: string[] = [];
    const c = new Controller({
      name: 'w',
      maxConcurrentReconciles: 4,
      logger: noopLogger,
      reconciler: {
        reconcile: async (req) => {
          if (active.has(req.name)) overlap++;
          active.add(req.name);
          maxActive = Math.max(maxActive, active.size);
          seen.push(req.name);
          await new Promise<void>((r) => gates.push(r));
          active.delete(req.name);
        },
      },
    });
    const { src, stop } = await startWithManualSource(c);
    for (const n of ['a', 'a', 'b', 'a', 'c', 'b']) src.add({ namespace: 'ns', name: n });
    await until(() => gates.length === 3, 'three keys in flight');
    // events for keys in flight while they are processed
    src.add({ namespace: 'ns', name: 'a' });
    src.add({ namespace: 'ns', name: 'a' });
    await settle();
    expect(gates).toHaveLength(3);
    while (gates.length > 0 || c.queue.len() > 0) {
      gates.shift()?.();
      await settle();
    }
    expect(overlap).toBe(0);
    expect(maxActive).toBe(3);
    // a and b were added again while processing: each runs once more after its first reconcile is done
    expect(seen).toEqual(['a', 'b', 'c', 'a', 'b']);
    await stop();
  });

  it.each([
    { given: 1, want: 1 },
    { given: 3, want: 3 },
  ])('maxConcurrentReconciles $given → at most $want reconciles at once', async ({ given, want }) => {
    let active = 0;
    let max = 0;
    const gates: Array<() => void> = [];
    const c = new Controller({
      name: 'w',
      maxConcurrentReconciles: given,
      logger: noopLogger,
      reconciler: {
        reconcile: async () => {
          active++;
          max = Math.max(max, active);
          await new Promise<void>((r) => gates.push(r));
          active--;
        },
      },
    });
    const { src, stop } = await startWithManualSource(c);
    for (let i = 0; i < 6; i++) src.add({ namespace: 'ns', name: `k${i}` });
    let done = 0;
    while (done < 6) {
      await until(() => gates.length > 0);
      gates.shift()!();
      done++;
    }
    expect(max).toBe(want);
    await stop();
  });

  it('rejects a maxConcurrentReconciles below 1', () => {
    expect(() => new Controller({ name: 'w', maxConcurrentReconciles: 0, reconciler: { reconcile: () => undefined } })).toThrow(
      'controller w: maxConcurrentReconciles must be an integer ≥ 1, not 0',
    );
  });
});

describe('priorities', () => {
  it('real changes overtake the initial list; a requeue keeps the priority the request had', async () => {
    const clock = new FakeClock(0);
    const order: string[] = [];
    const gate: Array<() => void> = [];
    let failInit1 = true;
    let blockNext = false;
    const c = new Controller({
      name: 'w',
      clock,
      logger: noopLogger,
      reconciler: {
        reconcile: async (req) => {
          order.push(req.name);
          if (req.name === 'blocker' && blockNext) {
            blockNext = false;
            await new Promise<void>((r) => gate.push(r));
          }
          if (req.name === 'init1' && failInit1) {
            failInit1 = false;
            await new Promise<void>((r) => gate.push(r));
            throw new Error('transient');
          }
        },
      },
    });
    const { src, stop } = await startWithManualSource(c);
    src.add({ namespace: 'ns', name: 'init1' }, LOW_PRIORITY);
    src.add({ namespace: 'ns', name: 'init2' }, LOW_PRIORITY);
    src.add({ namespace: 'ns', name: 'init3' }, LOW_PRIORITY);
    await until(() => gate.length === 1);
    src.add({ namespace: 'ns', name: 'change' });
    gate.shift()!();
    await until(() => order.length === 4);
    // init1 failed and waits 5 ms; while a blocker holds the only worker, init1 comes due and a change arrives
    blockNext = true;
    src.add({ namespace: 'ns', name: 'blocker' });
    await until(() => gate.length === 1);
    clock.step(5);
    src.add({ namespace: 'ns', name: 'change2' });
    gate.shift()!();
    await until(() => order.length === 7);
    // the requeued init1 kept its low priority: the change goes first
    expect(order).toEqual(['init1', 'change', 'init2', 'init3', 'blocker', 'change2', 'init1']);
    await stop();
  });
});

describe('stop', () => {
  it('graceful stop lets in-flight reconciles finish, starts no new ones, and resolves after them', async () => {
    const gate = deferred();
    const started: string[] = [];
    const finished: string[] = [];
    let signalAborted: boolean | undefined;
    const c = new Controller({
      name: 'w',
      logger: noopLogger,
      reconciler: {
        reconcile: async (req, signal) => {
          started.push(req.name);
          await gate.promise;
          signalAborted = signal.aborted;
          finished.push(req.name);
        },
      },
    });
    const src = manualSource();
    c.watch(src);
    const stop = new AbortController();
    let resolved = false;
    // the manager's hard-abort signal: not aborted within the grace period
    const run = c.start(stop.signal, new AbortController().signal).then(() => (resolved = true));
    await settle();
    src.add({ namespace: 'ns', name: 'a' });
    src.add({ namespace: 'ns', name: 'b' });
    await until(() => started.length === 1);
    stop.abort();
    await settle();
    expect(resolved).toBe(false);
    gate.resolve();
    await run;
    expect(finished).toEqual(['a']);
    expect(started).toEqual(['a']);
    expect(signalAborted).toBe(false);
  });

  it('the abort signal reaches in-flight reconciles at once', async () => {
    const c = new Controller({
      name: 'w',
      logger: noopLogger,
      reconciler: {
        reconcile: (_req, signal) =>
          new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
      },
    });
    const src = manualSource();
    c.watch(src);
    const stop = new AbortController();
    const hard = new AbortController();
    const run = c.start(stop.signal, hard.signal);
    await settle();
    src.add({ namespace: 'ns', name: 'a' });
    await settle();
    stop.abort();
    hard.abort(new Error('leadership lost'));
    await run;
    expect(c.queue.shuttingDown()).toBe(true);
  });

  it('a reconcile over its reconciliationTimeoutMs sees its signal abort and counts a timeout', async () => {
    const { c, clock, metrics } = recordedController(
      { reconcile: (_req, signal) => new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })) },
      { reconciliationTimeoutMs: 100 },
    );
    const { src, stop } = await startWithManualSource(c);
    src.add({ namespace: 'ns', name: 'slow' });
    await settle();
    clock.step(100);
    await until(() => metrics.results.length === 1);
    expect(metrics.errors).toEqual([{ terminal: false, timeout: true }]);
    await stop();
  });

  it('start twice is refused with controller-runtime\'s message; a cache that never syncs times out', async () => {
    const clock = new FakeClock(0);
    const c = new Controller({ name: 'w', clock, logger: noopLogger, cacheSyncTimeoutMs: 1000, reconciler: { reconcile: () => undefined } });
    c.watch({ start: () => ({ hasSynced: () => false, waitForSync: (s) => new Promise((r) => s.addEventListener('abort', () => r(false))) }), toString: () => 'kind source: example.com/v1, Kind=Widget' });
    const stop = new AbortController();
    const run = c.start(stop.signal);
    await expect(c.start(stop.signal)).rejects.toThrow('controller was started more than once. This is likely to be caused by being added to a manager multiple times');
    await settle();
    clock.step(1000);
    await expect(run).rejects.toThrow('failed to wait for w caches to sync kind source: example.com/v1, Kind=Widget: timed out waiting for cache to be synced');
  });
});
