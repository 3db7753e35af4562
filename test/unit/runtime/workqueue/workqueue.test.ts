/**
 * Workqueue: fair (FIFO), stingy (dedup while queued, never two workers on one item, re-add during processing
 * requeued after done), shutdown with and without drain; delaying queue and rate limiters on a fake clock; and a
 * model-based fast-check run of the queue's contract.
 */
import fc from 'fast-check';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { newQueue } from '../../../../runtime/src/workqueue/queue';
import { newDelayingQueue } from '../../../../runtime/src/workqueue/delaying_queue';
import { newRateLimitingQueue } from '../../../../runtime/src/workqueue/rate_limiting_queue';
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialFailureRateLimiter,
  ItemFastSlowRateLimiter,
  MaxOfRateLimiter,
  WithMaxWaitRateLimiter,
} from '../../../../runtime/src/workqueue/rate_limiters';
import { settle } from '../../helpers/cache';

async function item<T>(p: Promise<{ item: T | undefined; shutdown: boolean }>): Promise<T | 'shutdown'> {
  const r = await p;
  return r.shutdown ? 'shutdown' : (r.item as T);
}

describe('Queue', () => {
  it('is FIFO and dedups an item added again while it waits', async () => {
    const q = newQueue<string>();
    for (const k of ['a', 'b', 'a', 'c', 'b']) q.add(k);
    expect(q.len()).toBe(3);
    expect([await item(q.get()), await item(q.get()), await item(q.get())]).toEqual(['a', 'b', 'c']);
    expect(q.len()).toBe(0);
  });

  it('stays FIFO across thousands of items, interleaving adds and gets', async () => {
    const q = newQueue<number>();
    const out: number[] = [];
    for (let i = 0; i < 5000; i++) {
      q.add(i);
      if (i % 3 === 0) {
        const { item: n } = await q.get();
        out.push(n!);
        q.done(n!);
      }
    }
    while (q.len() > 0) out.push((await q.get()).item!);
    expect(out).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it('never hands out an item being processed; a re-add during processing is queued again at done', async () => {
    const q = newQueue<string>();
    q.add('a');
    expect(await item(q.get())).toBe('a');
    q.add('a');
    q.add('a');
    q.add('b');
    expect(q.len()).toBe(1);
    expect(await item(q.get())).toBe('b');
    // a second worker waits: 'a' is not available while processing
    const second = q.get();
    let got: string | undefined;
    void second.then((r) => (got = r.item));
    await settle(2);
    expect(got).toBeUndefined();
    q.done('a');
    expect(await item(second)).toBe('a');
    q.done('a');
    q.done('b');
    expect(q.len()).toBe(0);
    q.done('zzz'); // unknown: no-op
  });

  it('serves waiting workers in the order they asked', async () => {
    const q = newQueue<string>();
    const order: string[] = [];
    const w1 = q.get().then((r) => order.push(`w1:${r.item}`));
    const w2 = q.get().then((r) => order.push(`w2:${r.item}`));
    q.add('x');
    q.add('y');
    await Promise.all([w1, w2]);
    expect(order).toEqual(['w1:x', 'w2:y']);
  });

  it('shutDown wakes waiters, still hands out what is queued, then reports shutdown; adds are ignored', async () => {
    const q = newQueue<string>();
    const waiter = q.get();
    q.shutDown();
    expect(await waiter).toEqual({ item: undefined, shutdown: true });

    const q2 = newQueue<string>();
    q2.add('a');
    q2.shutDown();
    q2.add('b');
    expect(q2.shuttingDown()).toBe(true);
    expect(await item(q2.get())).toBe('a');
    expect(await item(q2.get())).toBe('shutdown');
  });

  it('shutDownWithDrain resolves once every item handed out is done; shutDown ends the wait', async () => {
    const q = newQueue<string>();
    q.add('a');
    q.add('b');
    await q.get();
    await q.get();
    let drained = false;
    const drain = q.shutDownWithDrain().then(() => (drained = true));
    q.done('a');
    await settle(2);
    expect(drained).toBe(false);
    q.done('b');
    await drain;

    const q2 = newQueue<string>();
    q2.add('a');
    await q2.get();
    const drain2 = q2.shutDownWithDrain();
    q2.shutDown();
    await drain2;
    await expect(newQueue<string>().shutDownWithDrain()).resolves.toBeUndefined();
  });

  it('model: its hand-outs, lengths and order follow the written contract for any interleaving', async () => {
    type Cmd = { op: 'add'; k: string } | { op: 'get' } | { op: 'done'; i: number } | { op: 'shutdown' };
    const cmd = fc.oneof(
      fc.record({ op: fc.constant('add' as const), k: fc.constantFrom('a', 'b', 'c', 'd') }),
      fc.record({ op: fc.constant('get' as const) }),
      fc.record({ op: fc.constant('done' as const), i: fc.nat(5) }),
      fc.constant({ op: 'shutdown' as const }),
    ) as fc.Arbitrary<Cmd>;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { maxLength: 60 }), async (cmds) => {
        const q = newQueue<string>();
        // the model, straight from the doc comment
        const queue: string[] = [];
        const dirty = new Set<string>();
        const processing = new Set<string>();
        let shut = false;
        for (const c of cmds) {
          if (c.op === 'add') {
            q.add(c.k);
            if (!shut && !dirty.has(c.k)) {
              dirty.add(c.k);
              if (!processing.has(c.k)) queue.push(c.k);
            }
          } else if (c.op === 'get') {
            if (queue.length === 0 && !shut) continue; // would wait
            const r = await q.get();
            if (queue.length === 0) {
              expect(r.shutdown).toBe(true);
              continue;
            }
            const want = queue.shift()!;
            expect(r).toEqual({ item: want, shutdown: false });
            expect(processing.has(want)).toBe(false); // stingy
            dirty.delete(want);
            processing.add(want);
          } else if (c.op === 'done') {
            const k = [...processing][c.i % Math.max(1, processing.size)];
            if (k === undefined) continue;
            q.done(k);
            processing.delete(k);
            if (dirty.has(k)) queue.push(k);
          } else {
            q.shutDown();
            shut = true;
          }
          expect(q.len()).toBe(queue.length);
          expect(new Set(queue).size).toBe(queue.length); // never twice in the queue
        }
      }),
      { numRuns: 200 },
    );
  });

  it('two async workers never process one key at once, and every add after a get is processed again', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 40 }), async (adds) => {
        const q = newQueue<string>();
        const active = new Set<string>();
        const lastAdd = new Map<string, number>();
        const lastStart = new Map<string, number>();
        let tick = 0;
        const worker = async (): Promise<void> => {
          for (;;) {
            const { item: k, shutdown } = await q.get();
            if (shutdown) return;
            expect(active.has(k)).toBe(false);
            active.add(k);
            lastStart.set(k, ++tick);
            await settle(1);
            active.delete(k);
            q.done(k);
          }
        };
        const workers = [worker(), worker()];
        for (const k of adds) {
          q.add(k);
          lastAdd.set(k, ++tick);
          await Promise.resolve();
        }
        while (q.len() > 0 || q.processingCount() > 0) await settle(1);
        await q.shutDownWithDrain();
        await Promise.all(workers);
        for (const [k, t] of lastAdd) expect(lastStart.get(k)!).toBeGreaterThan(t);
      }),
      { numRuns: 30 },
    );
  });
});

describe('DelayingQueue', () => {
  it('adds an item when its time comes on the injected clock', () => {
    const clock = new FakeClock();
    const q = newDelayingQueue<string>({ clock });
    q.addAfter('a', 100);
    q.addAfter('now', 0);
    expect(q.len()).toBe(1);
    clock.step(99);
    expect(q.len()).toBe(1);
    clock.step(1);
    expect(q.len()).toBe(2);
  });

  it('keeps the earlier time of an item waiting twice, and orders ties by call', async () => {
    const clock = new FakeClock();
    const q = newDelayingQueue<string>({ clock });
    q.addAfter('b', 50);
    q.addAfter('b', 10); // earlier: wins
    q.addAfter('c', 10);
    q.addAfter('c', 50); // later: ignored
    q.addAfter('d', 10);
    expect(q.waitingCount()).toBe(3);
    clock.step(10);
    expect(q.len()).toBe(3);
    expect([await item(q.get()), await item(q.get()), await item(q.get())]).toEqual(['b', 'c', 'd']);
    clock.step(100);
    expect(q.len()).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('drops waiting items and its timer at shutdown, and ignores addAfter after', () => {
    const clock = new FakeClock();
    const q = newDelayingQueue<string>({ clock });
    q.addAfter('a', 100);
    q.shutDown();
    q.addAfter('b', 1);
    expect(clock.pendingTimers).toBe(0);
    clock.step(1000);
    expect(q.len()).toBe(0);
  });

  it('property: every item is added at the earliest time asked, in due-time order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.integer({ min: 1, max: 100 })), { maxLength: 30 }), (calls) => {
        const clock = new FakeClock();
        const q = newDelayingQueue<string>({ clock });
        const due = new Map<string, number>();
        for (const [k, ms] of calls) {
          q.addAfter(k, ms);
          due.set(k, Math.min(due.get(k) ?? Infinity, ms));
        }
        for (let t = 1; t <= 100; t++) {
          clock.step(1);
          expect(q.len()).toBe([...due.values()].filter((d) => d <= t).length);
        }
      }),
    );
  });
});

describe('rate limiters', () => {
  it('ItemExponentialFailureRateLimiter: 5ms doubling per item, capped at 1000s; forget starts over', () => {
    const r = new ItemExponentialFailureRateLimiter<string>();
    expect([r.when('a'), r.when('a'), r.when('a'), r.when('b')]).toEqual([5, 10, 20, 5]);
    expect(r.numRequeues('a')).toBe(3);
    for (let i = 0; i < 40; i++) r.when('a');
    expect(r.when('a')).toBe(1_000_000);
    r.forget('a');
    expect(r.numRequeues('a')).toBe(0);
    expect(r.when('a')).toBe(5);
    const slow = new ItemExponentialFailureRateLimiter<string>(1, 1000);
    for (let i = 0; i < 2000; i++) slow.when('x'); // 2^2000 overflows: still the cap
    expect(slow.when('x')).toBe(1000);
  });

  it('BucketRateLimiter: a burst, then one token per 1/qps, refilled on the injected clock', () => {
    const clock = new FakeClock();
    const r = new BucketRateLimiter<string>(10, 100, { clock });
    const first = Array.from({ length: 100 }, (_, i) => r.when(`i${i}`));
    expect(first.every((d) => d === 0)).toBe(true);
    expect([r.when('x'), r.when('y')]).toEqual([100, 200]);
    clock.step(1000); // +10 tokens: -2 + 10 = 8
    expect(Array.from({ length: 8 }, () => r.when('z'))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(r.when('z')).toBe(100);
    expect(r.numRequeues('z')).toBe(0);
  });

  it('MaxOf, FastSlow, WithMaxWait and the default controller limiter', () => {
    const fs = new ItemFastSlowRateLimiter<string>(1, 100, 2);
    expect([fs.when('a'), fs.when('a'), fs.when('a')]).toEqual([1, 1, 100]);
    const max = new MaxOfRateLimiter<string>(new ItemExponentialFailureRateLimiter(5, 1000), fs);
    expect(max.when('b')).toBe(5);
    expect(max.numRequeues('a')).toBe(3);
    max.forget('a');
    expect(max.numRequeues('a')).toBe(0);
    expect(new WithMaxWaitRateLimiter(new ItemExponentialFailureRateLimiter<string>(5000, 1e9), 2000).when('a')).toBe(2000);

    const clock = new FakeClock();
    const d = defaultControllerRateLimiter<string>({ clock });
    expect([d.when('a'), d.when('a'), d.when('a')]).toEqual([5, 10, 20]);
    for (let i = 0; i < 97; i++) d.when(`k${i}`);
    // the bucket (burst 100) is empty: the overall limit dominates a fresh item's 5ms
    expect(d.when('fresh')).toBe(100);
  });
});

describe('RateLimitingQueue', () => {
  it('retries a failing item after growing delays and starts over after forget', async () => {
    const clock = new FakeClock();
    const q = newRateLimitingQueue<string>({ clock });
    const processedAt: number[] = [];
    let failures = 2;
    const worker = (async () => {
      for (;;) {
        const { item: k, shutdown } = await q.get();
        if (shutdown) return;
        processedAt.push(clock.now());
        if (failures-- > 0) q.addRateLimited(k);
        else q.forget(k);
        q.done(k);
      }
    })();
    q.add('key');
    await settle();
    expect(q.numRequeues('key')).toBe(1);
    clock.step(5);
    await settle();
    expect(q.numRequeues('key')).toBe(2);
    clock.step(9);
    await settle();
    expect(processedAt).toEqual([0, 5]);
    clock.step(1);
    await settle();
    expect(processedAt).toEqual([0, 5, 15]);
    expect(q.numRequeues('key')).toBe(0);
    q.shutDown();
    await worker;
  });
});
