/**
 * The watch cache against a real etcd (the envtest build, on free ports), with a fake clock for its timers (bookmarks,
 * the freshness timeout, the dispatch budget): lists and gets from the cache with the apiserver's resourceVersion
 * semantics and delegation, watches replayed from the window or refused as too old, initial events, bookmarks,
 * predicates, and the end of a watcher that does not keep up.
 */
import { Cacher, EtcdStorage, type Predicate, type StoredObject, type Watch, type WatchEvent } from '@kubegen/apiserver/storage';
import { StatusError, isJsonObject, type JsonObject } from '@kubegen/runtime';
import { FakeClock } from '@kubegen/runtime/cache';
import { startTestEtcd, type TestEtcd } from '../../helpers/etcd';

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

const summary = (events: WatchEvent[]) => events.map((e) => (e.type === 'BOOKMARK' || e.type === 'ERROR' ? e.type : `${e.type} ${nameOf(e.object)}`));

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error('expected a rejection'),
    (err: unknown) => err,
  );
}

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

  test('a page from the cache, the next ones from etcd at its revision; predicates fill pages without a count', async () => {
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
      clock.step(61_000);
      const [bookmark] = await take(w, 1);
      expect(bookmark?.type).toBe('BOOKMARK');
      expect(rvOf(bookmark?.object ?? {})).toBe(cacher.resourceVersion.toString());
      expect(meta(bookmark?.object ?? {}).annotations).toBeUndefined();
      w.stop();
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

  test('a watcher whose buffer stays full for the dispatch budget is ended; the others go on', async () => {
    const { cacher, prefix, clock } = await newCacher();
    try {
      const slow = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      const fast = await cacher.watch(prefix, { resourceVersion: '0', sendInitialEvents: false });
      const names = Array.from({ length: 15 }, (_, i) => `o${String(i).padStart(2, '0')}`);
      const reading = take(fast, names.length);
      await createAll(cacher, prefix, names);
      // the slow one reads nothing: 10 events fill its buffer, the eleventh waits (and everyone with it) for the budget
      expect(cacher.watcherCount).toBe(2);
      clock.step(99);
      await new Promise((r) => setTimeout(r, 20));
      expect(cacher.watcherCount).toBe(2);
      clock.step(1);
      await until(() => cacher.watcherCount === 1, 'the slow watcher ended');
      expect(await reading).toHaveLength(names.length);
      const got = await take(slow, names.length);
      expect(got.length).toBeLessThan(names.length);
      // and a new event reaches the fast one
      const next = take(fast, 1);
      await createAll(cacher, prefix, ['p']);
      expect(summary(await next)).toEqual(['ADDED p']);
      fast.stop();
    } finally {
      await cacher.close();
    }
  });

  test('the list semantics the apiserver delegates: Exact, a legacy resourceVersion with a limit, continue', () => {
    expect(Cacher.shouldDelegateList({ resourceVersion: '5', resourceVersionMatch: 'Exact' })).toBe(true);
    expect(Cacher.shouldDelegateList({ resourceVersion: '5', limit: 10 })).toBe(true);
    expect(Cacher.shouldDelegateList({ continue: 'abc' })).toBe(true);
    expect(Cacher.shouldDelegateList({ resourceVersion: '5' })).toBe(false);
    expect(Cacher.shouldDelegateList({ resourceVersion: '0', limit: 10 })).toBe(false);
    expect(Cacher.shouldDelegateList({ limit: 10 })).toBe(false);
    expect(Cacher.shouldDelegateList({ resourceVersion: '5', resourceVersionMatch: 'NotOlderThan', limit: 10 })).toBe(false);
  });
});
