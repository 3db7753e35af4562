/**
 * The watch cache against a real etcd (the envtest build, on free ports), with a fake clock for its timers (bookmarks,
 * the freshness timeout, the dispatch budget, the compactor, the Retry-After): lists and gets from the cache with the
 * apiserver's resourceVersion semantics and delegation, Exact lists and continue pages from its snapshots (and what
 * goes to etcd: older than the snapshots, compacted), watches replayed from the window or refused as too old, initial
 * events, bookmarks, predicates, the end of a watcher that does not keep up, and the 429s of a cache that is not ready
 * (before its first list, during a relist) beside the lists it delegates then.
 */
import { COMPACT_REV_KEY, Cacher, EtcdStorage, type ListOptions, type Predicate, type StoredObject, type Watch, type WatchEvent } from '@kubegen/apiserver/storage';
import { StatusError, isJsonObject, type JsonObject } from '@kubegen/runtime';
import { FakeClock } from '@kubegen/runtime/cache';
import { startTestEtcd, type TestEtcd } from '../../helpers/etcd';
import { SpyStorage } from '../../helpers/spy-storage';

jest.setTimeout(120_000);

let etcd: TestEtcd;
let storage: EtcdStorage;

beforeAll(async () => {
  etcd = await startTestEtcd();
  storage = new EtcdStorage({ endpoints: [etcd.endpoint] });
});

afterAll(async () => {
  await storage.close();
  await etcd.stop();
});

const meta = (o: JsonObject): JsonObject => (isJsonObject(o.metadata) ? o.metadata : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const rvOf = (o: JsonObject): string => str(meta(o).resourceVersion);
const nameOf = (o: JsonObject): string => str(meta(o).name);
const obj = (name: string, labels: Record<string, string> = {}): StoredObject => ({ metadata: { name, namespace: 'ns', labels } });

const labelled = (key: string, value: string): Predicate => ({
  empty: false,
  matches: (o) => {
    const labels = meta(o).labels;
    return isJsonObject(labels) && labels[key] === value;
  },
});

/** Real time passes until `cond` holds (the cache follows etcd on its own); fails after 20 s. */
async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`not within 20 s: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The next `n` events of a watch, or fewer when it ends (fails after 20 s). */
async function take(watch: Watch, n: number): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  const it = watch[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`only ${out.length} of ${n} events in 20 s`)), 20_000)));
  try {
    while (out.length < n) {
      const r = await Promise.race([it.next(), deadline]);
      if (r.done === true) break;
      out.push(r.value);
    }
  } finally {
    clearTimeout(timer);
  }
  return out;
}

/**
 * Reads a watch one event at a time. `poll` answers what the watch has delivered by the end of the current turn (the
 * cacher hands events over synchronously: a fake-clock step that sends one makes it ready at once) — an event, `'end'`
 * once the watch ended, or undefined; `next` waits for the next one (20 s at most).
 */
class Reader {
  private readonly it: AsyncIterator<WatchEvent>;
  private pending: Promise<IteratorResult<WatchEvent>> | undefined;
  private got: WatchEvent | 'end' | undefined;

  constructor(watch: Watch) {
    this.it = watch[Symbol.asyncIterator]();
  }

  async poll(): Promise<WatchEvent | 'end' | undefined> {
    if (!this.pending) {
      const p = this.it.next();
      this.pending = p;
      void p.then((r: IteratorResult<WatchEvent, unknown>) => {
        if (this.pending === p) this.got = r.done === true ? 'end' : r.value;
      });
    }
    await new Promise((r) => setImmediate(r));
    const got = this.got;
    if (got !== undefined) this.pending = this.got = undefined;
    return got;
  }

  async next(): Promise<WatchEvent | 'end'> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const got = await this.poll();
      if (got !== undefined) return got;
      if (Date.now() > deadline) throw new Error('no event in 20 s');
    }
  }
}

/** What a Reader answered, as `summary` writes an event. */
const said = (got: WatchEvent | 'end' | undefined): string => (got === undefined || got === 'end' ? String(got) : (summary([got])[0] ?? ''));

const summary = (events: WatchEvent[]) => events.map((e) => (e.type === 'BOOKMARK' || e.type === 'ERROR' ? e.type : `${e.type} ${nameOf(e.object)}`));

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error('expected a rejection'),
    (err: unknown) => err,
  );
}

/** A watcher's channel size with the default window (100 events over 75 s: the minimum, 10). */
const CHAN_SIZE = 10;
/** How many unread events fill a watcher: its result channel, the one in hand, its input channel. */
const FILL = 2 * CHAN_SIZE + 1;

let n = 0;
/** A cacher over a resource prefix of its own, started and ready. */
async function newCacher(options: Partial<ConstructorParameters<typeof Cacher>[0]> = {}): Promise<{ cacher: Cacher; prefix: string; clock: FakeClock }> {
  const prefix = `/registry/test.kubegen.dev/things${n++}/`;
  const clock = new FakeClock(1_000_000);
  const cacher = new Cacher({ storage, resourcePrefix: prefix, clock, ...options }).start();
  await cacher.waitReady();
  return { cacher, prefix, clock };
}

/** Creates `names` in etcd and waits until the cache has them. */
async function createAll(cacher: Cacher, prefix: string, names: string[], labels: Record<string, string> = {}): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  for (const name of names) out.push(await cacher.create(`${prefix}ns/${name}`, obj(name, labels)));
  const last = out[out.length - 1];
  if (last) await until(() => cacher.resourceVersion >= BigInt(rvOf(last)), 'the cache has the objects');
  return out;
}

describe('Cacher lists', () => {
  test('resourceVersion "0" from the cache, a consistent list waits until the cache has the newest revision', async () => {
    const { cacher, prefix } = await newCacher();
    try {
      await createAll(cacher, prefix, ['a', 'b', 'c']);
      const any = await cacher.getList(prefix, { resourceVersion: '0', limit: 1 });
      // resourceVersion 0 ignores the limit, as the apiserver's cache
      expect(any.items.map(nameOf)).toEqual(['a', 'b', 'c']);
      expect(any.continue).toBe('');
      // a write elsewhere in etcd moves the revision on: the consistent list waits for the cache's progress
      await storage.create(`/registry/test.kubegen.dev/elsewhere${n}/x`, obj('x'));
      const newest = await storage.currentResourceVersion();
      const list = await cacher.getList(prefix);
      expect(BigInt(list.resourceVersion)).toBeGreaterThanOrEqual(BigInt(newest));
      expect(list.items.map(nameOf)).toEqual(['a', 'b', 'c']);
      // written through the cacher: the next consistent list has it
      await cacher.create(`${prefix}ns/d`, obj('d'));
      expect((await cacher.getList(prefix)).items.map(nameOf)).toEqual(['a', 'b', 'c', 'd']);
    } finally {
      await cacher.close();
    }
  });

  test('a page from the cache, the next ones at its revision; predicates fill pages without a count', async () => {
    const { cacher, prefix } = await newCacher();
    try {
      await createAll(cacher, prefix, ['a', 'b', 'c'], { team: 'x' });
      await createAll(cacher, prefix, ['d', 'e'], { team: 'y' });
      const first = await cacher.getList(prefix, { limit: 2 });
      expect(first.items.map(nameOf)).toEqual(['a', 'b']);
      expect(first.remainingItemCount).toBe(3);
      await cacher.delete(`${prefix}ns/c`);
      const second = await cacher.getList(prefix, { limit: 2, continue: first.continue });
      // read at the first page's revision: c is still there
      expect(second.items.map(nameOf)).toEqual(['c', 'd']);
      expect(second.resourceVersion).toBe(first.resourceVersion);
      const filtered = await cacher.getList(prefix, { limit: 1, predicate: labelled('team', 'y') });
      expect(filtered.items.map(nameOf)).toEqual(['d']);
      expect(filtered.remainingItemCount).toBeUndefined();
      expect(filtered.continue).not.toBe('');
    } finally {
      await cacher.close();
    }
  });

  test('NotOlderThan a revision the cache does not reach: the 504 of the apiserver after its 3 s, on the clock', async () => {
    const { cacher, prefix, clock } = await newCacher();
    try {
      const future = (BigInt(await storage.currentResourceVersion()) + 1000n).toString();
      const pending = rejection(cacher.getList(prefix, { resourceVersion: future, resourceVersionMatch: 'NotOlderThan' }));
      clock.step(3_000);
      const err = await pending;
      expect(err).toBeInstanceOf(StatusError);
      expect(err instanceof StatusError && err.status).toMatchObject({ code: 504, reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge' }], retryAfterSeconds: 1 } });
      expect(err instanceof StatusError && err.status.message).toMatch(/^Timeout: Too large resource version: \d+, current: \d+$/);
      // get with a resourceVersion is served by the cache too, with the same wait
      const get = rejection(cacher.get(`${prefix}ns/a`, { resourceVersion: future }));
      clock.step(3_000);
      expect(await get).toMatchObject({ code: 504 });
    } finally {
      await cacher.close();
    }
  });

  test('get: resourceVersion "0" from the cache (not a write it has not seen), unset from etcd', async () => {
    const { cacher, prefix } = await newCacher();
    try {
      const [a] = await createAll(cacher, prefix, ['a']);
      const cached = await cacher.get(`${prefix}ns/a`, { resourceVersion: '0' });
      expect(cached && rvOf(cached)).toBe(a && rvOf(a));
      expect(Object.isFrozen(cached)).toBe(true);
      expect(await cacher.get(`${prefix}ns/none`, { resourceVersion: '0' })).toBeUndefined();
      const fresh = await cacher.get(`${prefix}ns/a`);
      expect(fresh && Object.isFrozen(fresh)).toBe(false);
    } finally {
      await cacher.close();
    }
  });
});

describe('Cacher watches', () => {
  test('from a revision in the window: the events after it, then the following ones; older than the window: 410', async () => {
    const { cacher, prefix } = await newCacher({ window: { lowerBound: 4, upperBound: 4 } });
    try {
      const created = await createAll(cacher, prefix, ['a', 'b', 'c']);
      const from = rvOf(created[0] ?? {});
      const w = await cacher.watch(prefix, { resourceVersion: from });
      expect(summary(await take(w, 2))).toEqual(['ADDED b', 'ADDED c']);
      await cacher.guaranteedUpdate(`${prefix}ns/a`, { tryUpdate: (cur) => ({ ...(cur ?? {}), spec: { x: 1 } }) });
      await cacher.delete(`${prefix}ns/b`);
      expect(summary(await take(w, 2))).toEqual(['MODIFIED a', 'DELETED b']);
      w.stop();
      // five events since the list, a window of four: the first of them is gone
      await createAll(cacher, prefix, ['d']);
      const old = await cacher.watch(prefix, { resourceVersion: from });
      const events = await take(old, 2);
      expect(summary(events)).toEqual(['ERROR']);
      expect(events[0]?.object).toMatchObject({ code: 410, reason: 'Expired' });
      expect(str(events[0]?.object.message)).toMatch(new RegExp(`^too old resource version: ${from} \\(\\d+\\)$`));
    } finally {
      await cacher.close();
    }
  });

  test('initial events from the cache, then the initial-events-end bookmark; periodic bookmarks on the clock', async () => {
    const { cacher, prefix, clock } = await newCacher();
    try {
      await createAll(cacher, prefix, ['a', 'b']);
      const legacy = await cacher.watch(prefix, {});
      expect(summary(await take(legacy, 2))).toEqual(['ADDED a', 'ADDED b']);
      legacy.stop();
      const w = await cacher.watch(prefix, { sendInitialEvents: true, allowWatchBookmarks: true });
      const initial = await take(w, 3);
      expect(summary(initial)).toEqual(['ADDED a', 'ADDED b', 'BOOKMARK']);
      expect(meta(initial[2]?.object ?? {}).annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
      await createAll(cacher, prefix, ['c']);
      expect(summary(await take(w, 1))).toEqual(['ADDED c']);
      // due 60 s on (its bucket's second), sent by the first bookmark tick after that (ticks 1 to 1.25 s apart)
      clock.step(62_000);
      const [bookmark] = await take(w, 1);
      expect(bookmark?.type).toBe('BOOKMARK');
      expect(rvOf(bookmark?.object ?? {})).toBe(cacher.resourceVersion.toString());
      expect(meta(bookmark?.object ?? {}).annotations).toBeUndefined();
      w.stop();
    } finally {
      await cacher.close();
    }
  });

  test('a watch with a timeout: a bookmark about 2 s before its deadline, none after it, and it ends at the deadline', async () => {
    const { cacher, prefix, clock } = await newCacher();
    try {
      await createAll(cacher, prefix, ['a']);
      const start = clock.now();
      const w = new Reader(await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false, allowWatchBookmarks: true, timeoutMs: 10_000 }));
      const [b] = await createAll(cacher, prefix, ['b']);
      expect(said(await w.next())).toBe('ADDED b');
      // due at deadline - 2 s (rule (a), before the minute of rule (b)): nothing before that second
      clock.setTime(start + 7_999);
      expect(await w.poll()).toBeUndefined();
      clock.setTime(start + 9_999);
      const bookmark = await w.poll();
      expect(said(bookmark)).toBe('BOOKMARK');
      expect(rvOf(typeof bookmark === 'object' ? bookmark.object : {})).toBe(rvOf(b ?? {}));
      expect(await w.poll()).toBeUndefined();
      expect(cacher.watcherCount).toBe(1);
      // the deadline ends it, events or not
      clock.setTime(start + 10_000);
      expect(await w.poll()).toBe('end');
      expect(cacher.watcherCount).toBe(0);
    } finally {
      await cacher.close();
    }
  });

  test('no bookmark for a timeout under 2 s, nor one at the revision the watch started from; a deadline ends every watch', async () => {
    const { cacher, prefix, clock } = await newCacher();
    try {
      await createAll(cacher, prefix, ['a']);
      const start = clock.now();
      const short = new Reader(await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false, allowWatchBookmarks: true, timeoutMs: 1_500 }));
      const quiet = new Reader(await cacher.watch(`${prefix}ns/a`, { resourceVersion: '0', sendInitialEvents: false, allowWatchBookmarks: true, timeoutMs: 5_000 }));
      const plain = new Reader(await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false, timeoutMs: 5_000 }));
      await createAll(cacher, prefix, ['b']);
      expect(said(await short.next())).toBe('ADDED b');
      expect(said(await plain.next())).toBe('ADDED b');
      clock.setTime(start + 1_499);
      expect(await short.poll()).toBeUndefined();
      clock.setTime(start + 1_500);
      expect(await short.poll()).toBe('end');
      // `quiet` watches a key nothing wrote since it started, but b moved the revision on: its bookmark (at 3 s) says
      // so; `plain` does not allow bookmarks
      clock.setTime(start + 4_999);
      expect(said(await quiet.poll())).toBe('BOOKMARK');
      expect(await plain.poll()).toBeUndefined();
      clock.setTime(start + 5_000);
      expect(await quiet.poll()).toBe('end');
      expect(await plain.poll()).toBe('end');
      expect(cacher.watcherCount).toBe(0);
      // started at the newest revision and nothing written since: no bookmark before the deadline
      const idle = new Reader(await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false, allowWatchBookmarks: true, timeoutMs: 5_000 }));
      clock.step(4_999);
      expect(await idle.poll()).toBeUndefined();
      clock.step(1);
      expect(await idle.poll()).toBe('end');
    } finally {
      await cacher.close();
    }
  });

  test('a bookmark carries the last revision dispatched: it never overtakes an event queued behind a blocked watcher', async () => {
    // a dispatch budget that does not run out while the test holds the slow watcher
    const { cacher, prefix, clock } = await newCacher({ dispatchTimeoutMs: 3_600_000 });
    try {
      // the budget starts empty and refills at half of it per second
      clock.step(2_000);
      const slow = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      const fast = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false, allowWatchBookmarks: true });
      const got: WatchEvent[] = [];
      const reading = (async () => {
        for await (const ev of fast) got.push(ev);
      })();
      // the slow one reads nothing: 21 events fill its channels, the 22nd blocks the dispatch, the 23rd waits behind it
      const names = Array.from({ length: FILL + 2 }, (_, i) => `o${String(i).padStart(2, '0')}`);
      const created = await createAll(cacher, prefix, names);
      await until(() => got.length >= FILL + 1, 'the fast watcher has the first 22 events');
      // the fast watcher's minute passes: its bookmark waits behind the 23rd event
      clock.step(62_000);
      await new Promise((r) => setImmediate(r));
      expect(summary(got)).toEqual(names.slice(0, FILL + 1).map((name) => `ADDED ${name}`));
      slow.stop();
      await until(() => got.length >= FILL + 3, 'the 23rd event and the bookmark');
      expect(summary(got.slice(FILL + 1))).toEqual([`ADDED ${names[FILL + 1] ?? ''}`, 'BOOKMARK']);
      expect(rvOf(got[FILL + 2]?.object ?? {})).toBe(rvOf(created[FILL + 1] ?? {}));
      fast.stop();
      await reading;
    } finally {
      await cacher.close();
    }
  });

  test('a predicate: entering the selection is ADDED, leaving it DELETED (at the event revision), a single key alone', async () => {
    const { cacher, prefix } = await newCacher();
    try {
      await createAll(cacher, prefix, ['a', 'b']);
      const w = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false, predicate: labelled('team', 'x') });
      const single = await cacher.watch(`${prefix}ns/b`, { resourceVersion: '0', sendInitialEvents: false });
      const label = (team: string) => (cur: StoredObject | undefined) => ({ ...(cur ?? {}), metadata: { ...meta(cur ?? {}), labels: { team } } });
      await cacher.guaranteedUpdate(`${prefix}ns/a`, { tryUpdate: label('x') });
      await cacher.guaranteedUpdate(`${prefix}ns/a`, { tryUpdate: (cur) => ({ ...(cur ?? {}), spec: { still: 'x' } }) });
      const left = await cacher.guaranteedUpdate(`${prefix}ns/a`, { tryUpdate: label('y') });
      await cacher.guaranteedUpdate(`${prefix}ns/b`, { tryUpdate: label('z') });
      const events = await take(w, 3);
      expect(summary(events)).toEqual(['ADDED a', 'MODIFIED a', 'DELETED a']);
      // the last state that was selected, at the revision of the update that deselected it
      expect(rvOf(events[2]?.object ?? {})).toBe(rvOf(left));
      expect(meta(events[2]?.object ?? {}).labels).toEqual({ team: 'x' });
      expect(summary(await take(single, 1))).toEqual(['MODIFIED b']);
      w.stop();
      single.stop();
    } finally {
      await cacher.close();
    }
  });

  test('a watcher whose channels stay full for the dispatch budget is ended, still reading its result channel; the others go on', async () => {
    const { cacher, prefix, clock } = await newCacher();
    try {
      // the budget starts empty: two seconds fill it (50 ms/s, 100 ms at most)
      clock.step(2_000);
      const slow = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      const fast = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      const names = Array.from({ length: FILL + 3 }, (_, i) => `o${String(i).padStart(2, '0')}`);
      const reading = take(fast, names.length);
      await createAll(cacher, prefix, names);
      // the slow one reads nothing: 21 events fill its channels (10 in result, 1 in hand, 10 in input), the 22nd waits
      // (and everyone with it) for the budget
      expect(cacher.watcherCount).toBe(2);
      clock.step(99);
      await new Promise((r) => setTimeout(r, 20));
      expect(cacher.watcherCount).toBe(2);
      clock.step(1);
      await until(() => cacher.watcherCount === 1, 'the slow watcher ended');
      expect(await reading).toHaveLength(names.length);
      // ended, it still hands over its result channel: the first 10 events, then its end
      expect(summary(await take(slow, names.length))).toEqual(names.slice(0, CHAN_SIZE).map((name) => `ADDED ${name}`));
      // and a new event reaches the fast one
      const next = take(fast, 1);
      await createAll(cacher, prefix, ['p']);
      expect(summary(await next)).toEqual(['ADDED p']);
      fast.stop();
    } finally {
      await cacher.close();
    }
  });
});

describe('Cacher dispatch budget (timeBudget)', () => {
  const batch = (tag: string) => Array.from({ length: FILL + 1 }, (_, i) => `${tag}${String(i).padStart(2, '0')}`);
  const settle = () => new Promise((r) => setImmediate(r));

  test('shared by every wait and refilled at 50 ms/s: empty at the start, 100 ms at most, what a wait used is gone', async () => {
    const { cacher, prefix, clock } = await newCacher();
    try {
      // a new cacher has no budget yet: a watcher that reads nothing holds 21 events (10 in result, 1 in hand, 10 in
      // input), and is ended at the 22nd at once
      await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      const first = batch('a');
      await createAll(cacher, prefix, first.slice(0, FILL));
      await settle();
      await settle();
      expect(cacher.watcherCount).toBe(1);
      await createAll(cacher, prefix, first.slice(FILL));
      await until(() => cacher.watcherCount === 0, 'the first slow watcher ended without the clock moving');
      // two seconds fill it: the next one is waited for 100 ms
      clock.step(2_000);
      await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      await createAll(cacher, prefix, batch('b'));
      clock.step(99);
      await settle();
      expect(cacher.watcherCount).toBe(1);
      clock.step(1);
      await until(() => cacher.watcherCount === 0, 'the second slow watcher ended after 100 ms');
      // that wait used it all: 100 ms on, 5 ms have come back
      await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      await createAll(cacher, prefix, batch('c'));
      clock.step(4);
      await settle();
      expect(cacher.watcherCount).toBe(1);
      clock.step(1);
      await until(() => cacher.watcherCount === 0, 'the third slow watcher ended after 5 ms');
    } finally {
      await cacher.close();
    }
  });
});

/** A cacher over a spied backend, on a prefix of its own; ready unless the first list is held. */
async function newSpiedCacher(options: { hold?: boolean; window?: { lowerBound: number; upperBound: number } } = {}) {
  const prefix = `/registry/test.kubegen.dev/things${n++}/`;
  const clock = new FakeClock(1_000_000);
  const spy = new SpyStorage(storage);
  if (options.hold === true) spy.holdNextList();
  const cacher = new Cacher({ storage: spy, resourcePrefix: prefix, clock, ...(options.window ? { window: options.window } : {}) }).start();
  if (options.hold !== true) await cacher.waitReady();
  return { cacher, prefix, clock, spy };
}

const names = (list: { items: StoredObject[] }) => list.items.map((o) => `${nameOf(o)}:${str(isJsonObject(o.spec) ? o.spec.v : '')}`);
const setV = (v: string) => (cur: StoredObject | undefined) => ({ ...(cur ?? {}), spec: { v } });

describe('Cacher snapshots (ListFromCacheSnapshot)', () => {
  test('Exact and the legacy resourceVersion with a limit: the state at that revision, from the cache', async () => {
    const { cacher, prefix, spy } = await newSpiedCacher();
    try {
      const [a] = await createAll(cacher, prefix, ['a', 'b', 'c']);
      const rv1 = rvOf(a ?? {});
      const updated = await cacher.guaranteedUpdate(`${prefix}ns/a`, { tryUpdate: setV('2') });
      // another prefix writes: a revision between two of this prefix's events
      const other = await storage.create(`/registry/test.kubegen.dev/elsewhere${n}/y`, obj('y'));
      const deleted = await cacher.delete(`${prefix}ns/b`);
      await createAll(cacher, prefix, ['aa', 'd']);
      const at = (rv: string) => cacher.getList(prefix, { resourceVersion: rv, resourceVersionMatch: 'Exact' });
      // at the first create: a alone; after the update: a changed, b and c there; after the delete: b gone
      expect(names(await at(rv1))).toEqual(['a:']);
      const afterUpdate = await at(rvOf(updated));
      expect(names(afterUpdate)).toEqual(['a:2', 'b:', 'c:']);
      expect(afterUpdate.resourceVersion).toBe(rvOf(updated));
      expect(names(await at(rvOf(deleted)))).toEqual(['a:2', 'c:']);
      // between two of this prefix's events: the snapshot before it, at the revision asked
      const between = await at(rvOf(other));
      expect(names(between)).toEqual(['a:2', 'b:', 'c:']);
      expect(between.resourceVersion).toBe(rvOf(other));
      // the legacy meaning of a resourceVersion with a limit, paged on from the cache at that revision
      const page = await cacher.getList(prefix, { resourceVersion: rvOf(updated), limit: 2 });
      expect(names(page)).toEqual(['a:2', 'b:']);
      expect(page.remainingItemCount).toBe(1);
      expect(page.resourceVersion).toBe(rvOf(updated));
      const next = await cacher.getList(prefix, { continue: page.continue, limit: 2 });
      expect(names(next)).toEqual(['c:']);
      expect(next.continue).toBe('');
      expect(next.resourceVersion).toBe(rvOf(updated));
      // none of these reached etcd
      expect(spy.lists).toEqual([]);
    } finally {
      await cacher.close();
    }
  });

  test('continue pages at the first page revision from the cache, with a predicate; a compacted token reads on consistently', async () => {
    const { cacher, prefix, spy } = await newSpiedCacher();
    try {
      await createAll(cacher, prefix, ['a', 'b', 'c', 'd', 'e'], { team: 'x' });
      const first = await cacher.getList(prefix, { limit: 2 });
      expect(names(first)).toEqual(['a:', 'b:']);
      // writes after the first page: the next pages do not see them
      await cacher.delete(`${prefix}ns/c`);
      await cacher.guaranteedUpdate(`${prefix}ns/d`, { tryUpdate: setV('new') });
      await createAll(cacher, prefix, ['bb', 'f']);
      const second = await cacher.getList(prefix, { limit: 2, continue: first.continue });
      expect(names(second)).toEqual(['c:', 'd:']);
      expect(second.resourceVersion).toBe(first.resourceVersion);
      expect(second.remainingItemCount).toBe(1);
      const third = await cacher.getList(prefix, { limit: 2, continue: second.continue });
      expect(names(third)).toEqual(['e:']);
      expect(third.continue).toBe('');
      // a predicate filters the snapshot's pages: no count
      const filtered = await cacher.getList(prefix, { limit: 1, continue: first.continue, predicate: labelled('team', 'x') });
      expect(names(filtered)).toEqual(['c:']);
      expect(filtered.remainingItemCount).toBeUndefined();
      expect(spy.lists).toEqual([]);
      // the token of a 410 (revision -1): the rest of the list as it is now, read from the cache
      const token = Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: -1, start: 'ns/b\u0000' })).toString('base64url');
      const rest = await cacher.getList(prefix, { limit: 10, continue: token });
      expect(names(rest)).toEqual(['bb:', 'd:new', 'e:', 'f:']);
      expect(BigInt(rest.resourceVersion)).toBe(cacher.resourceVersion);
      expect(spy.lists).toEqual([]);
    } finally {
      await cacher.close();
    }
  });

  test('older than the snapshots (the list, a full window, the compaction): the backend answers', async () => {
    const { cacher, prefix, clock, spy } = await newSpiedCacher({ window: { lowerBound: 4, upperBound: 4 } });
    try {
      const before = (BigInt(await storage.currentResourceVersion()) - 1n).toString();
      // before the cache's list: no snapshot; etcd has it
      expect(names(await cacher.getList(prefix, { resourceVersion: before, resourceVersionMatch: 'Exact' }))).toEqual([]);
      expect(spy.lists).toHaveLength(1);
      const created = await createAll(cacher, prefix, ['a', 'b', 'c', 'd', 'e', 'f']);
      const rvOfIndex = (i: number) => rvOf(created[i] ?? {});
      // a window of four: the events of a and b are gone, with their snapshots; c's is the oldest left
      expect(names(await cacher.getList(prefix, { resourceVersion: rvOfIndex(2), resourceVersionMatch: 'Exact' }))).toEqual(['a:', 'b:', 'c:']);
      expect(spy.lists).toHaveLength(1);
      expect(names(await cacher.getList(prefix, { resourceVersion: rvOfIndex(1), resourceVersionMatch: 'Exact' }))).toEqual(['a:', 'b:']);
      expect(spy.lists).toHaveLength(2);
      // compacted (as the apiservers' compactor records it): after the compactor's next read, the backend answers 410
      const compactAt = rvOfIndex(4);
      await storage.client.put(COMPACT_REV_KEY).value(compactAt);
      await storage.client.kv.compact({ revision: compactAt, physical: true });
      clock.step(15_000);
      for (let i = 0; (await cacher.compactRevision()) !== compactAt; i++) {
        if (i > 2000) throw new Error('the compactor did not read the revision');
        await new Promise((r) => setTimeout(r, 10));
      }
      const err = await rejection(cacher.getList(prefix, { resourceVersion: rvOfIndex(3), resourceVersionMatch: 'Exact' }));
      expect(err).toMatchObject({ code: 410, reason: 'Expired' });
      expect(spy.lists).toHaveLength(3);
      // at the compaction's revision and after: still the cache's
      expect(names(await cacher.getList(prefix, { resourceVersion: compactAt, resourceVersionMatch: 'Exact' }))).toEqual(['a:', 'b:', 'c:', 'd:', 'e:']);
      expect(spy.lists).toHaveLength(3);
    } finally {
      await storage.client.delete().key(COMPACT_REV_KEY);
      await cacher.close();
    }
  });

  test('an Exact revision the cache has not reached: it waits for it (504 after its 3 s), not the backend', async () => {
    const { cacher, prefix, clock, spy } = await newSpiedCacher();
    try {
      const future = (BigInt(await storage.currentResourceVersion()) + 1000n).toString();
      const pending = rejection(cacher.getList(prefix, { resourceVersion: future, resourceVersionMatch: 'Exact' }));
      await new Promise((r) => setTimeout(r, 10));
      clock.step(3_000);
      expect(await pending).toMatchObject({ code: 504, reason: 'Timeout' });
      expect(spy.lists).toEqual([]);
      // a single key (not recursive) is the backend's
      await cacher.getList(`${prefix}ns/a`, { resourceVersion: '1', resourceVersionMatch: 'Exact' }).catch(() => undefined);
      expect(spy.lists).toHaveLength(1);
    } finally {
      await cacher.close();
    }
  });
});

describe('Cacher before its first list and during a relist (ResilientWatchCacheInitialization)', () => {
  const tooMany = (err: unknown) => (err instanceof StatusError ? { code: err.code, reason: err.status.reason, message: err.status.message, retry: err.status.details?.retryAfterSeconds } : err);

  test('watches get 429 with a Retry-After growing with the downtime; gets go to the backend', async () => {
    const { cacher, prefix, clock, spy } = await newSpiedCacher({ hold: true });
    try {
      expect(cacher.isReady()).toBe(false);
      expect(tooMany(await rejection(cacher.watch(prefix, { resourceVersion: '0' })))).toEqual({ code: 429, reason: 'TooManyRequests', message: 'storage is (re)initializing', retry: 1 });
      clock.step(20_000);
      // e^(0.06·20) = 3.3
      expect(tooMany(await rejection(cacher.watch(prefix, { sendInitialEvents: true, allowWatchBookmarks: true })))).toMatchObject({ code: 429, retry: 3 });
      clock.step(100_000);
      expect(tooMany(await rejection(cacher.watch(prefix, {})))).toMatchObject({ code: 429, retry: 30 });
      await cacher.get(`${prefix}ns/a`, { resourceVersion: '0' });
      expect(spy.gets).toEqual([`${prefix}ns/a`]);
      expect(spy.watches).toEqual([]);
      spy.release();
      await cacher.waitReady();
      const w = await cacher.watch(prefix, { resourceVersion: '0' });
      w.stop();
    } finally {
      spy.release();
      await cacher.close();
    }
  });

  test('lists: a page without selectors from the backend, anything else 429 (shouldDelegateListOnNotReadyCache)', async () => {
    const { cacher, prefix, spy } = await newSpiedCacher({ hold: true });
    try {
      await storage.create(`${prefix}ns/a`, obj('a', { team: 'x' }));
      expect(names(await cacher.getList(prefix, { limit: 5 }))).toEqual(['a:']);
      expect(names(await cacher.getList(prefix, { limit: 5, resourceVersion: '0' }))).toEqual(['a:']);
      expect(spy.lists).toHaveLength(2);
      const current = await storage.currentResourceVersion();
      const refused: ListOptions[] = [
        {},
        { resourceVersion: '0' },
        { limit: 5, predicate: labelled('team', 'x') },
        { resourceVersion: '1', resourceVersionMatch: 'NotOlderThan' },
        // a revision the (empty) cache has not reached is its to wait for: not ready, 429
        { resourceVersion: current, resourceVersionMatch: 'Exact' },
      ];
      for (const options of refused) {
        expect(tooMany(await rejection(cacher.getList(prefix, options)))).toEqual({ code: 429, reason: 'TooManyRequests', message: 'storage is (re)initializing', retry: 1 });
      }
      expect(names(await cacher.getList(prefix, { resourceVersion: current, resourceVersionMatch: 'Exact', limit: 5 }))).toEqual(['a:']);
      expect(spy.lists).toHaveLength(3);
      spy.release();
      await cacher.waitReady();
      expect(names(await cacher.getList(prefix, {}))).toEqual(['a:']);
      expect(spy.lists).toHaveLength(3);
    } finally {
      spy.release();
      await cacher.close();
    }
  });

  test('a relist (the watch expired): watchers end, new watches get 429 until the cache is ready again', async () => {
    const { cacher, prefix, spy } = await newSpiedCacher();
    try {
      await createAll(cacher, prefix, ['a']);
      const w = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      spy.holdNextList();
      spy.failReflector(prefix, { kind: 'Status', code: 410, reason: 'Expired', message: 'too old resource version: 1 (2)' });
      await until(() => !cacher.isReady(), 'the cache relists');
      expect(await take(w, 1)).toEqual([]);
      expect(tooMany(await rejection(cacher.watch(prefix, { resourceVersion: '0' })))).toMatchObject({ code: 429, message: 'storage is (re)initializing', retry: 1 });
      expect(tooMany(await rejection(cacher.getList(prefix, {})))).toMatchObject({ code: 429 });
      spy.release();
      await cacher.waitReady();
      expect(names(await cacher.getList(prefix, {}))).toEqual(['a:']);
    } finally {
      spy.release();
      await cacher.close();
    }
  });
});
