/**
 * The catch-up policy (runtime/src/cache/catchup.ts): its decision as a table, its options, and the watcher driving
 * it — an informer over a scripted lister-watcher on an injected clock whose time can jump while no timer fires (what
 * a paused process sees): a stall that left a backlog larger than the policy's share of the collection drops the watch
 * and relists, handing the handlers the differences (updates, adds, tombstones); a short one replays; no stall, no
 * probe; `catchUp: false`, no lag timer. While the probe decides, a watch that has replayed `minSample` events since
 * the suspicion holds the rest (paused, over a pushing watch too) until the answer, at most `checkIntervalMs`.
 */
import { PassThrough } from 'node:stream';
import { FakeClock, type Clock, type ClockHold, type ClockTimer, type TimerOptions } from '../../../../runtime/src/clock/clock';
import { catchUpPolicyOf, decideCatchUp, DEFAULT_CATCH_UP_POLICY, revisionOf, type CatchUpFacts, type CatchUpOptions } from '../../../../runtime/src/cache/catchup';
import { SharedIndexInformer } from '../../../../runtime/src/cache/informer';
import { Reflector, type ListerWatcher } from '../../../../runtime/src/cache/reflector';
import { CacheIndexer, isDeletedFinalStateUnknown } from '../../../../runtime/src/cache/store';
import { noopLogger } from '../../../../runtime/src/observe/logger';
import type { ListPage } from '../../../../runtime/src/client/types';
import type { ListOptions, WatchOptions } from '../../../../runtime/src/rest/options';
import { PushWatch, ReadableWatch } from '../../../../runtime/src/watch/stream';
import { settle, until, widget, type Widget } from '../../helpers/cache';

describe('decideCatchUp', () => {
  const policy = catchUpPolicyOf({ minBacklog: 1000, relistRatio: 0.5, minSample: 200 });
  if (policy === undefined) throw new Error('a policy');
  const facts = (over: Partial<CatchUpFacts>): CatchUpFacts => ({ appliedRv: '1000', serverRv: '1000', size: 10_000, suspectedRv: '1000', appliedSince: 0, ...over });
  const rows: { name: string; given: Partial<CatchUpFacts>; want: { relist: boolean; backlog: number } }[] = [
    { name: 'nothing behind: replay', given: {}, want: { relist: false, backlog: 0 } },
    { name: 'a short stall (100 of 10,000): replay', given: { serverRv: '1100' }, want: { relist: false, backlog: 100 } },
    { name: 'half the collection behind: relist', given: { serverRv: '6000' }, want: { relist: true, backlog: 5000 } },
    { name: 'the whole collection behind: relist', given: { serverRv: '11000' }, want: { relist: true, backlog: 10_000 } },
    { name: 'just under half: replay', given: { serverRv: '5999' }, want: { relist: false, backlog: 4999 } },
    { name: 'a small collection far behind, but under minBacklog: replay', given: { serverRv: '1900', size: 10 }, want: { relist: false, backlog: 900 } },
    { name: 'a small collection, a backlog of minBacklog: relist', given: { serverRv: '2000', size: 10 }, want: { relist: true, backlog: 1000 } },
    {
      name: 'the revisions count other resources: one event in ten revisions since the suspicion scales the gap down',
      given: { suspectedRv: '1000', appliedRv: '3000', appliedSince: 200, serverRv: '43000' },
      want: { relist: false, backlog: 4000 },
    },
    {
      name: 'a dense replay (every revision ours) keeps the gap',
      given: { suspectedRv: '1000', appliedRv: '1300', appliedSince: 300, serverRv: '11300' },
      want: { relist: true, backlog: 10_000 },
    },
    {
      name: 'too few events applied to trust their density: the gap as it is',
      given: { suspectedRv: '1000', appliedRv: '2000', appliedSince: 10, serverRv: '8000' },
      want: { relist: true, backlog: 6000 },
    },
    { name: 'a server behind what was applied (a lagging apiserver): replay', given: { serverRv: '900' }, want: { relist: false, backlog: 0 } },
  ];
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    expect(decideCatchUp(policy, facts(row.given))).toMatchObject(row.want);
  });

  it('replays when a resourceVersion is not a decimal revision (they are opaque to clients)', () => {
    for (const [appliedRv, serverRv] of [
      ['abc', '5000'],
      ['1000', 'x9'],
      ['1000', '12345678901234567'],
      ['', '5000'],
    ] as const) {
      const d = decideCatchUp(policy, facts({ appliedRv, serverRv }));
      expect(d.relist).toBe(false);
      expect(d.backlog).toBeNaN();
    }
    expect(revisionOf('0042')).toBe(42);
    expect(revisionOf('-1')).toBeUndefined();
  });
});

describe('catchUpPolicyOf', () => {
  it('applies the defaults, keeps what is given, and is off with false', () => {
    expect(catchUpPolicyOf(undefined)).toEqual(DEFAULT_CATCH_UP_POLICY);
    expect(catchUpPolicyOf({ relistRatio: 0.25, minBacklog: undefined })).toEqual({ ...DEFAULT_CATCH_UP_POLICY, relistRatio: 0.25 });
    expect(catchUpPolicyOf(false)).toBeUndefined();
  });

  it.each<[CatchUpOptions, string]>([
    [{ stallMs: 0 }, 'catchUp.stallMs must be a positive finite number, got 0'],
    [{ checkIntervalMs: Number.NaN }, 'catchUp.checkIntervalMs must be a positive finite number, got NaN'],
    [{ relistRatio: -1 }, 'catchUp.relistRatio must be a positive finite number, got -1'],
    [{ minBacklog: Infinity }, 'catchUp.minBacklog must be a finite number ≥ 0, got Infinity'],
    [{ minSample: -5 }, 'catchUp.minSample must be a finite number ≥ 0, got -5'],
  ])('refuses %j with one clear line', (opts, message) => {
    expect(() => catchUpPolicyOf(opts)).toThrow(message);
    // and an informer refuses it at construction, not when it runs
    expect(() => new SharedIndexInformer<Widget>(scripted().lw, { reflector: { catchUp: opts } })).toThrow(message);
  });
});

/** A clock whose time can jump without firing timers (a paused process), then fire them late. */
class StallClock implements Clock {
  private readonly base = new FakeClock();
  private skew = 0;

  now(): number {
    return this.base.now() + this.skew;
  }

  setTimer(fn: () => void, ms: number, opts?: TimerOptions): ClockTimer {
    return this.base.setTimer(fn, ms, opts);
  }

  clearTimer(timer: ClockTimer): void {
    this.base.clearTimer(timer);
  }

  hold(): ClockHold {
    return this.base.hold();
  }

  get pendingTimers(): number {
    return this.base.pendingTimers;
  }

  /** Time passes, no timer fires: the process is stopped. */
  jump(ms: number): void {
    this.skew += ms;
  }

  /** Time passes and the timers due fire (each seeing `now()` as its due time plus the jumps). */
  step(ms: number): void {
    this.base.step(ms);
  }
}

const at = (name: string, rv: string, size?: number): Widget => ({ ...widget(name, 'ns', undefined, size), metadata: { name, namespace: 'ns', resourceVersion: rv } });

/**
 * A lister-watcher the test scripts: `collection` is what a list answers (as of `rv`); a probe (a list with `limit=1`)
 * answers the server's resourceVersion `serverRv` and the collection's size; each watch is a `PushWatch` the test feeds.
 */
function scripted() {
  const s = {
    collection: [] as Widget[],
    rv: '100',
    serverRv: '100',
    /** The probe fails (a network error). */
    probeFails: false,
    /** When set, a probe answers only once it settles (what the server says then). */
    probeGate: undefined as Promise<void> | undefined,
    lists: [] as ListOptions[],
    probes: [] as ListOptions[],
    watches: [] as { opts: WatchOptions; watch: PushWatch<Widget> }[],
  };
  const lw: ListerWatcher<Widget> = {
    list: (opts) => {
      if (opts.limit === 1) {
        s.probes.push(opts);
        const answer = (): ListPage<Widget> => {
          if (s.probeFails) throw new Error('connection reset');
          return { metadata: { resourceVersion: s.serverRv, remainingItemCount: Math.max(0, s.collection.length - 1) }, items: s.collection.slice(0, 1) };
        };
        return (s.probeGate ?? Promise.resolve()).then(answer);
      }
      s.lists.push(opts);
      const page: ListPage<Widget> = { metadata: { resourceVersion: s.rv }, items: [...s.collection] };
      return Promise.resolve(page);
    },
    watch: (opts) => {
      const watch = new PushWatch<Widget>(opts.signal);
      s.watches.push({ opts, watch });
      return Promise.resolve(watch);
    },
  };
  return { ...s, s, lw };
}

function harness(catchUp: CatchUpOptions | false = { stallMs: 2000, checkIntervalMs: 1000, minBacklog: 5, relistRatio: 0.5 }) {
  const sc = scripted();
  const s = sc.s;
  for (let i = 0; i < 20; i++) s.collection.push(at(`w${String(i).padStart(2, '0')}`, String(50 + i)));
  const clock = new StallClock();
  const counted: string[] = [];
  const informer = new SharedIndexInformer<Widget>(sc.lw, {
    clock,
    reflector: { initialList: 'ListWatch', watchTimeoutSeconds: 0, random: () => 0, catchUp, onError: () => undefined },
    metrics: { count: (name) => counted.push(name) },
    logger: noopLogger,
  });
  const seen: string[] = [];
  informer.addEventHandler({
    onAdd: (o, initial) => {
      if (!initial) seen.push(`add ${o.metadata?.name}`);
    },
    onUpdate: (old, o) => {
      seen.push(`update ${o.metadata?.name} ${old.metadata?.resourceVersion}→${o.metadata?.resourceVersion}`);
    },
    onDelete: (o) => {
      seen.push(`delete ${isDeletedFinalStateUnknown(o) ? `${o.key} (tombstone)` : o.metadata?.name}`);
    },
  });
  const controller = new AbortController();
  const run = informer.run(controller.signal);
  const stop = async () => {
    controller.abort();
    await run;
  };
  return { s, clock, informer, seen, counted, stop };
}

describe('the watcher under the catch-up policy', () => {
  it('a stall with a backlog over half the collection: drops the watch, relists, and hands the handlers the differences', async () => {
    const h = harness();
    await until(() => h.informer.hasSynced() && h.s.watches.length === 1, 'sync and watch');
    const first = h.s.watches[0];
    if (first === undefined) throw new Error('a watch');
    first.watch.modify(at('w00', '101', 1));
    await until(() => h.seen.length === 1, 'a replayed event');
    // the process stalls while 15 objects change, one is deleted and one created (revisions 102…118 of 118)
    h.clock.jump(30_000);
    h.s.collection = h.s.collection.filter((o) => o.metadata?.name !== 'w19').map((o, i) => (i >= 1 && i <= 15 ? at(o.metadata?.name ?? '', String(101 + i), 2) : i === 0 ? at('w00', '101', 1) : o));
    h.s.collection.push(at('w20', '117'));
    h.s.rv = '118';
    h.s.serverRv = '118';
    // the backlog as the watch would replay it: frames waiting in the socket
    first.watch.modify(at('w01', '102', 2));
    // the lag timer fires 30 s late: a stall, so a probe (limit=1): 17 behind of 20 ≥ max(5, 0.5 × 20)
    h.clock.step(1000);
    await until(() => h.s.lists.length === 2, 'the relist');
    expect(h.s.probes).toEqual([{ limit: 1, resourceVersion: '101', resourceVersionMatch: 'NotOlderThan', signal: expect.any(AbortSignal) as AbortSignal }]);
    expect(first.watch.isStopped).toBe(true);
    // not older than the last applied, in one response (no limit)
    expect(h.s.lists[1]).toMatchObject({ resourceVersionMatch: 'NotOlderThan' });
    expect(h.s.lists[1]?.limit).toBeUndefined();
    await until(() => h.s.watches.length === 2, 'the watch after the relist');
    expect(h.s.watches[1]?.opts.resourceVersion).toBe('118');
    expect(h.informer.lastSyncResourceVersion).toBe('118');
    expect(h.informer.getStore().size).toBe(20);
    expect(h.counted.filter((n) => n === 'kubegen_watcher_catchup_relists_total')).toHaveLength(1);
    // each changed object once, with its latest state; unchanged ones not at all; the deleted as a tombstone
    const updates = h.seen.filter((x) => x.startsWith('update')).sort();
    expect(updates[0]).toBe('update w00 50→101');
    expect(new Set(updates.slice(1).map((u) => u.split(' ')[1]))).toEqual(new Set(Array.from({ length: 15 }, (_, i) => `w${String(i + 1).padStart(2, '0')}`)));
    expect(updates.filter((u) => u.startsWith('update w01'))).toEqual(expect.arrayContaining([expect.stringMatching(/→102$/)]));
    expect(h.seen.filter((x) => x.startsWith('add'))).toEqual(['add w20']);
    expect(h.seen.filter((x) => x.startsWith('delete'))).toEqual(['delete ns/w19 (tombstone)']);
    await h.stop();
  });

  it('a short stall replays: the probe finds a backlog under the threshold, the watch goes on', async () => {
    const h = harness();
    await until(() => h.informer.hasSynced() && h.s.watches.length === 1, 'sync and watch');
    const first = h.s.watches[0];
    if (first === undefined) throw new Error('a watch');
    h.clock.jump(30_000);
    h.s.serverRv = '103';
    h.clock.step(1000);
    await until(() => h.s.probes.length === 1, 'the probe');
    for (const [i, rv] of [[1, '101'], [2, '102'], [3, '103']] as const) first.watch.modify(at(`w0${i}`, rv, 9));
    await until(() => h.seen.length === 3, 'the replay');
    expect(h.s.lists).toHaveLength(1);
    expect(first.watch.isStopped).toBe(false);
    expect(h.counted).not.toContain('kubegen_watcher_catchup_relists_total');
    expect(h.seen).toEqual(['update w01 51→101', 'update w02 52→102', 'update w03 53→103']);
    await h.stop();
  });

  it('no stall, no probe: a lag timer on time asks nothing of the server', async () => {
    const h = harness();
    await until(() => h.informer.hasSynced() && h.s.watches.length === 1, 'sync and watch');
    h.s.serverRv = '100000';
    for (let i = 0; i < 10; i++) h.clock.step(1000);
    await until(() => h.clock.pendingTimers >= 1, 'the lag timer re-armed');
    expect(h.s.probes).toEqual([]);
    expect(h.s.lists).toHaveLength(1);
    await h.stop();
  });

  it('catchUp: false arms no lag timer and never probes: it always replays', async () => {
    const h = harness(false);
    await until(() => h.informer.hasSynced() && h.s.watches.length === 1, 'sync and watch');
    expect(h.clock.pendingTimers).toBe(0);
    h.clock.jump(30_000);
    h.s.serverRv = '100000';
    h.clock.step(1000);
    expect(h.s.probes).toEqual([]);
    await h.stop();
  });

  it.each([
    [
      'fails',
      (s: ReturnType<typeof scripted>['s']): void => {
        s.probeFails = true;
      },
    ],
    [
      'answers a resourceVersion that is not a revision',
      (s: ReturnType<typeof scripted>['s']): void => {
        s.serverRv = 'not-a-revision';
      },
    ],
  ])('a probe that %s changes nothing: the watch goes on replaying, and the next stall probes again', async (_what, spoil) => {
    const h = harness();
    await until(() => h.informer.hasSynced() && h.s.watches.length === 1, 'sync and watch');
    const first = h.s.watches[0];
    if (first === undefined) throw new Error('a watch');
    spoil(h.s);
    h.clock.jump(30_000);
    h.clock.step(1000);
    await until(() => h.s.probes.length === 1, 'the probe');
    first.watch.modify(at('w05', '101', 3));
    await until(() => h.seen.length === 1, 'the replay');
    expect(h.s.lists).toHaveLength(1);
    expect(first.watch.isStopped).toBe(false);
    h.clock.jump(30_000);
    h.clock.step(1000);
    await until(() => h.s.probes.length === 2, 'the second probe');
    expect(h.informer.getStore().size).toBe(20);
    await h.stop();
  });

  /** A probe held until `open()`; `harness` with `minSample` 2: the third event after a suspicion waits for it. */
  function gated() {
    const h = harness({ stallMs: 2000, checkIntervalMs: 1000, minBacklog: 5, relistRatio: 0.5, minSample: 2 });
    let open: () => void = () => undefined;
    h.s.probeGate = new Promise<void>((resolve) => (open = resolve));
    return { h, open: () => open() };
  }

  /** Stalls, probes (held by the gate), replays 2 events, then 3 more that wait: the watch. */
  async function stallAndHold(h: ReturnType<typeof harness>): Promise<PushWatch<Widget>> {
    await until(() => h.informer.hasSynced() && h.s.watches.length === 1, 'sync and watch');
    const first = h.s.watches[0];
    if (first === undefined) throw new Error('a watch');
    h.clock.jump(30_000);
    h.clock.step(1000);
    await until(() => h.s.probes.length === 1, 'the probe');
    first.watch.modify(at('w01', '101', 2));
    first.watch.modify(at('w02', '102', 2));
    await until(() => h.seen.length === 2, 'the sample replayed');
    for (const i of [3, 4, 5]) first.watch.modify(at(`w0${i}`, String(100 + i), 2));
    await settle(20);
    return first.watch;
  }

  it('holds the events after minSample while the probe decides, then replays them when it says replay', async () => {
    const { h, open } = gated();
    h.s.serverRv = '105';
    const watch = await stallAndHold(h);
    // held: not applied while the probe is out
    expect(h.seen).toEqual(['update w01 51→101', 'update w02 52→102']);
    open();
    await until(() => h.seen.length === 5, 'the held events replayed');
    expect(h.seen.slice(2)).toEqual(['update w03 53→103', 'update w04 54→104', 'update w05 55→105']);
    expect(watch.isStopped).toBe(false);
    expect(h.s.lists).toHaveLength(1);
    expect(h.counted).not.toContain('kubegen_watcher_catchup_relists_total');
    await h.stop();
  });

  it('drops the held events with the watch when the probe says relist: the relist hands the latest state', async () => {
    const { h, open } = gated();
    const watch = await stallAndHold(h);
    expect(h.seen).toHaveLength(2);
    // where the server is: w01…w15 changed (revisions 101…115)
    h.s.collection = h.s.collection.map((o, i) => (i >= 1 && i <= 15 ? at(o.metadata?.name ?? '', String(100 + i), 2) : o));
    h.s.rv = '115';
    h.s.serverRv = '115';
    open();
    await until(() => h.s.lists.length === 2, 'the relist');
    expect(watch.isStopped).toBe(true);
    await until(() => h.s.watches.length === 2, 'the watch after the relist');
    // each of w03…w15 once, from the relist; w01 and w02 (replayed before the hold) are not updated again
    const updates = h.seen.slice(2).sort();
    expect(updates).toEqual(Array.from({ length: 13 }, (_, i) => `update w${String(i + 3).padStart(2, '0')} ${50 + i + 3}→${100 + i + 3}`));
    expect(h.counted.filter((n) => n === 'kubegen_watcher_catchup_relists_total')).toHaveLength(1);
    await h.stop();
  });

  it('holds for at most checkIntervalMs: a probe that does not answer lets the replay go on', async () => {
    const { h } = gated();
    await stallAndHold(h);
    expect(h.seen).toHaveLength(2);
    h.clock.step(1000);
    await until(() => h.seen.length === 5, 'the held events replayed after the bound');
    expect(h.s.lists).toHaveLength(1);
    await h.stop();
  });

  /**
   * A reflector over watches that push (`ReadableWatch` over a body the test writes, as Node's HTTP client's), with
   * `gated()`'s policy; its probe answers `serverRv` once `open()` is called.
   */
  function pushing(serverRv: string) {
    const bodies: PassThrough[] = [];
    const watches: WatchOptions[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const lw: ListerWatcher<Widget> = {
      list: (opts) => {
        if (opts.limit === 1) return gate.then(() => ({ metadata: { resourceVersion: serverRv }, items: [] }));
        return Promise.resolve({ metadata: { resourceVersion: '100' }, items: Array.from({ length: 20 }, (_, i) => at(`w${String(i).padStart(2, '0')}`, String(50 + i))) });
      },
      watch: (opts) => {
        watches.push(opts);
        const body = new PassThrough();
        const controller = new AbortController();
        const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
        signal.addEventListener('abort', () => body.destroy());
        bodies.push(body);
        return Promise.resolve(new ReadableWatch<Widget>(body, controller, signal));
      },
    };
    const clock = new StallClock();
    const store = new CacheIndexer<Widget>({ indexers: {} });
    const reflector = new Reflector<Widget>(lw, store, {
      clock,
      random: () => 0,
      initialList: 'ListWatch',
      watchTimeoutSeconds: 0,
      catchUp: { stallMs: 2000, checkIntervalMs: 1000, minBacklog: 5, relistRatio: 0.5, minSample: 2 },
      logger: noopLogger,
    });
    const ac = new AbortController();
    const done = reflector.run(ac.signal);
    const body = (i: number): PassThrough => {
      const b = bodies[i];
      if (b === undefined) throw new Error(`watch ${i}`);
      return b;
    };
    return {
      bodies,
      watches,
      body,
      clock,
      open: () => open(),
      rv: (name: string): string | undefined => store.getByKey(`ns/${name}`)?.metadata?.resourceVersion,
      frame: (name: string, v: number): string => `${JSON.stringify({ type: 'MODIFIED', object: at(name, String(v), 2) })}\n`,
      stop: async () => {
        ac.abort();
        await done;
      },
    };
  }

  /** A pushing watch that stalled (the probe out, answering 105 once opened) and then applied minSample (2) events. */
  async function sampledAfterStall(): Promise<ReturnType<typeof pushing>> {
    const h = pushing('105');
    await until(() => h.bodies.length === 1, 'the watch');
    h.clock.jump(30_000);
    h.clock.step(1000);
    h.body(0).write(h.frame('w01', 101) + h.frame('w02', 102));
    await until(() => h.rv('w02') === '102', 'the sample applied');
    return h;
  }

  it('over a pushing watch (Node HTTP): the response is paused while the probe decides, and resumed after', async () => {
    const h = await sampledAfterStall();
    h.body(0).write(h.frame('w03', 103) + h.frame('w04', 104));
    await settle(20);
    // held, and the watch paused its response: what follows waits in it
    expect([h.rv('w03'), h.rv('w04')]).toEqual(['53', '54']);
    expect(h.body(0).isPaused()).toBe(true);
    h.body(0).write(h.frame('w05', 105));
    await settle(20);
    expect(h.rv('w05')).toBe('55');
    h.open();
    await until(() => h.rv('w05') === '105', 'the held events and the rest applied');
    expect([h.rv('w03'), h.rv('w04')]).toEqual(['103', '104']);
    expect(h.watches).toHaveLength(1);
    await h.stop();
  });

  it('a response the server ended while its events were held: replayed to its end, then watched on from there', async () => {
    const h = await sampledAfterStall();
    // the apiserver dropped the paused watch: its last frames, then the end of the response
    h.body(0).write(h.frame('w03', 103));
    await settle(20);
    h.body(0).end(h.frame('w04', 104) + h.frame('w05', 105));
    await settle(20);
    expect(h.rv('w03')).toBe('53');
    h.open();
    await until(() => h.rv('w05') === '105', 'the held events and the rest applied');
    await until(() => h.watches.length === 2, 'the next watch');
    expect(h.watches[1]?.resourceVersion).toBe('105');
    expect(h.rv('w04')).toBe('104');
    await h.stop();
  });
});
