/**
 * The etcd storage against a real etcd (the envtest build, on free ports): create / get / list paging and the
 * resourceVersion semantics, optimistic concurrency, preconditions, watch (initial events, bookmarks, predicates) and
 * 410 Expired after compaction.
 */
import { EtcdStorage, isStorageError, type Predicate, type StoredObject, type Watch, type WatchEvent } from '@kubegen/apiserver/storage';
import { StatusError, isJsonObject, type JsonObject } from '@kubegen/runtime';
import { startTestEtcd, type TestEtcd } from '../../helpers/etcd';

jest.setTimeout(120_000);

let etcd: TestEtcd;
let storage: EtcdStorage;

beforeAll(async () => {
  etcd = await startTestEtcd();
  storage = new EtcdStorage({ endpoints: [etcd.endpoint], bookmarkIntervalMs: 200 });
});

afterAll(async () => {
  await storage.close();
  await etcd.stop();
});

const obj = (name: string, labels: Record<string, string> = {}, data: JsonObject = {}): StoredObject => ({ metadata: { name, labels }, ...data });
const meta = (o: JsonObject): JsonObject => (isJsonObject(o.metadata) ? o.metadata : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const rvOf = (o: JsonObject): string => str(meta(o).resourceVersion);
const nameOf = (o: JsonObject): string => str(meta(o).name);

const labelled = (key: string, value: string): Predicate => ({
  empty: false,
  matches: (o) => {
    const labels = meta(o).labels;
    return isJsonObject(labels) && labels[key] === value;
  },
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error('expected a rejection'),
    (err: unknown) => err,
  );
}

/** The next `n` events of a watch (fails the test after 20 s without them). */
async function take(watch: Watch, n: number): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  const it = watch[Symbol.asyncIterator]();
  const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${out.length} of ${n} events in 20 s`)), 20_000).unref());
  while (out.length < n) {
    const r = await Promise.race([it.next(), deadline]);
    if (r.done === true) break;
    out.push(r.value);
  }
  return out;
}

const summary = (events: WatchEvent[]) => events.map((e) => `${e.type} ${e.type === 'BOOKMARK' ? '' : nameOf(e.object)}`.trim());

describe('create and get', () => {
  it('stores an object at its key, its resourceVersion the revision, and refuses a second create', async () => {
    const created = await storage.create('/registry/g/things/ns/a', obj('a'));
    expect(rvOf(created)).toBe(await storage.currentResourceVersion());
    const got = await storage.get('/registry/g/things/ns/a');
    expect(got).toEqual(created);
    const err = await rejection(storage.create('/registry/g/things/ns/a', obj('a')));
    expect(isStorageError(err, 'KeyExists')).toBe(true);
    expect(await storage.get('/registry/g/things/ns/missing')).toBeUndefined();
  });

  it('answers a resourceVersion newer than etcd with 504 ResourceVersionTooLarge and one that does not parse with InvalidResourceVersion', async () => {
    const current = BigInt(await storage.currentResourceVersion());
    const tooLarge = await rejection(storage.get('/registry/g/things/ns/a', { resourceVersion: String(current + 1000n) }));
    expect(tooLarge).toBeInstanceOf(StatusError);
    expect((tooLarge as StatusError).code).toBe(504);
    expect((tooLarge as StatusError).causes).toEqual([{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]);
    expect((tooLarge as StatusError).message).toBe(`Timeout: Too large resource version: ${current + 1000n}, current: ${current}`);
    for (const rv of ['abc', '-1', '1.5', ' 1', '99999999999999999999']) {
      const bad = await rejection(storage.getList('/registry/g/things/', { resourceVersion: rv }));
      expect(isStorageError(bad, 'InvalidResourceVersion')).toBe(true);
      expect((bad as Error).message).toContain(`resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint`);
    }
  });
});

describe('getList', () => {
  const prefix = '/registry/g/pages/';
  let firstRv = '';

  beforeAll(async () => {
    for (const [i, name] of ['p1', 'p2', 'p3', 'p4', 'p5'].entries()) {
      const created = await storage.create(`${prefix}ns/${name}`, obj(name, { parity: i % 2 === 0 ? 'even' : 'odd' }));
      if (i === 4) firstRv = rvOf(created);
    }
  });

  it('pages in key order at the revision of the first page, with remainingItemCount', async () => {
    const page1 = await storage.getList(prefix, { limit: 2 });
    expect(page1.items.map(nameOf)).toEqual(['p1', 'p2']);
    expect(page1.remainingItemCount).toBe(3);
    expect(page1.continue).not.toBe('');
    // A write between pages is not seen by the pages of this list.
    await storage.create(`${prefix}ns/p6`, obj('p6'));
    const page2 = await storage.getList(prefix, { limit: 2, continue: page1.continue });
    expect(page2.resourceVersion).toBe(page1.resourceVersion);
    expect(page2.items.map(nameOf)).toEqual(['p3', 'p4']);
    const page3 = await storage.getList(prefix, { limit: 2, continue: page2.continue });
    expect(page3.items.map(nameOf)).toEqual(['p5']);
    expect(page3.continue).toBe('');
    expect(page3.remainingItemCount).toBeUndefined();
    const all = await storage.getList(prefix);
    expect(all.items.map(nameOf)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(all.resourceVersion).toBe(await storage.currentResourceVersion());
  });

  it('fills a filtered page up to the limit and gives no remainingItemCount', async () => {
    const page = await storage.getList(prefix, { limit: 2, predicate: labelled('parity', 'even') });
    expect(page.items.map(nameOf)).toEqual(['p1', 'p3']);
    expect(page.remainingItemCount).toBeUndefined();
    const rest = await storage.getList(prefix, { limit: 2, predicate: labelled('parity', 'even'), continue: page.continue });
    expect(rest.items.map(nameOf)).toEqual(['p5']);
  });

  it('reads Exact at the revision asked, NotOlderThan at the newest, and the legacy resourceVersion+limit as exact', async () => {
    const exact = await storage.getList(prefix, { resourceVersion: firstRv, resourceVersionMatch: 'Exact' });
    expect(exact.items.map(nameOf)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(exact.resourceVersion).toBe(firstRv);
    const notOlder = await storage.getList(prefix, { resourceVersion: firstRv, resourceVersionMatch: 'NotOlderThan' });
    expect(notOlder.items).toHaveLength(6);
    expect(BigInt(notOlder.resourceVersion)).toBeGreaterThan(BigInt(firstRv));
    const legacy = await storage.getList(prefix, { resourceVersion: firstRv, limit: 10 });
    expect(legacy.items).toHaveLength(5);
    const any = await storage.getList(prefix, { resourceVersion: '0' });
    expect(any.items).toHaveLength(6);
    const future = String(BigInt(await storage.currentResourceVersion()) + 100n);
    for (const match of ['NotOlderThan', 'Exact'] as const) {
      const err = await rejection(storage.getList(prefix, { resourceVersion: future, resourceVersionMatch: match }));
      expect((err as StatusError).code).toBe(504);
    }
  });

  it('refuses a continue token that is not one, or that leaves the prefix, with 400', async () => {
    for (const token of ['%%%', Buffer.from('{"v":"meta.k8s.io/v1","rv":1,"start":"../../x"}').toString('base64url'), Buffer.from('[]').toString('base64url')]) {
      const err = await rejection(storage.getList(prefix, { limit: 1, continue: token }));
      expect((err as StatusError).code).toBe(400);
      expect((err as StatusError).message).toMatch(/^invalid continue token: continue key is not valid: /);
    }
  });
});

describe('guaranteedUpdate and delete', () => {
  const key = '/registry/g/counters/ns/c';

  it('applies concurrent updates one after the other (compare-and-swap on the revision, retried)', async () => {
    const created = await storage.create(key, obj('c', {}, { count: 0 }));
    const increment = () =>
      storage.guaranteedUpdate(key, {
        tryUpdate: async (cur) => {
          await new Promise((r) => setImmediate(r));
          return { ...(cur ?? obj('c')), count: Number(cur?.count) + 1 };
        },
      });
    await Promise.all([increment(), increment(), increment(), increment()]);
    const after = await storage.get(key);
    expect(after?.count).toBe(4);
    expect(BigInt(rvOf(after ?? {}))).toBeGreaterThan(BigInt(rvOf(created)));
  });

  it('writes nothing for an update that changes nothing, and checks preconditions', async () => {
    const before = await storage.get(key);
    const same = await storage.guaranteedUpdate(key, { tryUpdate: (cur) => cur ?? obj('c') });
    expect(rvOf(same)).toBe(rvOf(before ?? {}));
    const err = await rejection(storage.guaranteedUpdate(key, { preconditions: { uid: 'other' }, tryUpdate: (cur) => cur ?? obj('c') }));
    expect(isStorageError(err, 'InvalidObj')).toBe(true);
    expect((err as Error).message).toBe('Precondition failed: UID in precondition: other, UID in object meta: ');
    const missing = await rejection(storage.guaranteedUpdate('/registry/g/counters/ns/none', { tryUpdate: (cur) => cur ?? obj('none') }));
    expect(isStorageError(missing, 'KeyNotFound')).toBe(true);
    const upserted = await storage.guaranteedUpdate('/registry/g/counters/ns/none', { ignoreNotFound: true, tryUpdate: (cur) => cur ?? obj('none') });
    expect(nameOf(upserted)).toBe('none');
  });

  it('deletes with a resourceVersion precondition, answering the object at the deletion revision', async () => {
    const cur = await storage.get(key);
    const stale = await rejection(storage.delete(key, { preconditions: { resourceVersion: '1' } }));
    expect(isStorageError(stale, 'InvalidObj')).toBe(true);
    const deleted = await storage.delete(key, { preconditions: { resourceVersion: rvOf(cur ?? {}) } });
    expect(deleted.count).toBe(4);
    expect(rvOf(deleted)).toBe(await storage.currentResourceVersion());
    expect(await storage.get(key)).toBeUndefined();
    expect(isStorageError(await rejection(storage.delete(key)), 'KeyNotFound')).toBe(true);
  });
});

describe('watch', () => {
  const prefix = '/registry/g/watched/';

  it('yields the events after a resourceVersion in order, and the current state first from 0', async () => {
    const a = await storage.create(`${prefix}ns/a`, obj('a'));
    const w = await storage.watch(prefix, { resourceVersion: rvOf(a) });
    await storage.create(`${prefix}ns/b`, obj('b'));
    await storage.guaranteedUpdate(`${prefix}ns/a`, { tryUpdate: (cur) => ({ ...(cur ?? obj('a')), x: 1 }) });
    const deleted = await storage.delete(`${prefix}ns/b`);
    const events = await take(w, 3);
    w.stop();
    expect(summary(events)).toEqual(['ADDED b', 'MODIFIED a', 'DELETED b']);
    expect(rvOf(events[2]?.object ?? {})).toBe(rvOf(deleted));

    const fromZero = await storage.watch(prefix, { resourceVersion: '0' });
    await storage.create(`${prefix}ns/c`, obj('c'));
    expect(summary(await take(fromZero, 2))).toEqual(['ADDED a', 'ADDED c']);
    fromZero.stop();
  });

  it('ends the initial events with a bookmark under sendInitialEvents, and sends progress bookmarks', async () => {
    const w = await storage.watch(prefix, { sendInitialEvents: true, allowWatchBookmarks: true, resourceVersion: '' });
    const initial = await take(w, 3);
    expect(summary(initial)).toEqual(['ADDED a', 'ADDED c', 'BOOKMARK']);
    expect(meta(initial[2]?.object ?? {}).annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
    const d = await storage.create(`${prefix}ns/d`, obj('d'));
    const [added, bookmark] = await take(w, 2);
    w.stop();
    expect(added?.type).toBe('ADDED');
    expect(bookmark?.type).toBe('BOOKMARK');
    expect(BigInt(rvOf(bookmark?.object ?? {}))).toBeGreaterThanOrEqual(BigInt(rvOf(d)));
    expect(Object.keys(bookmark?.object ?? {})).toEqual(['metadata']);
  });

  it('turns an object leaving the predicate into DELETED and one entering it into ADDED', async () => {
    const start = await storage.currentResourceVersion();
    const w = await storage.watch(prefix, { resourceVersion: start, predicate: labelled('team', 'blue') });
    await storage.create(`${prefix}ns/e`, obj('e', { team: 'red' }));
    await storage.guaranteedUpdate(`${prefix}ns/e`, { tryUpdate: (cur) => ({ ...(cur ?? {}), metadata: { ...meta(cur ?? {}), labels: { team: 'blue' } } }) });
    await storage.guaranteedUpdate(`${prefix}ns/e`, { tryUpdate: (cur) => ({ ...(cur ?? {}), y: 1 }) });
    await storage.guaranteedUpdate(`${prefix}ns/e`, { tryUpdate: (cur) => ({ ...(cur ?? {}), metadata: { ...meta(cur ?? {}), labels: { team: 'red' } } }) });
    const events = await take(w, 3);
    w.stop();
    expect(summary(events)).toEqual(['ADDED e', 'MODIFIED e', 'DELETED e']);
  });

  it('ends when stopped or aborted, and at its deadline (timeoutMs) with no event', async () => {
    const ac = new AbortController();
    const w = await storage.watch(prefix, { resourceVersion: await storage.currentResourceVersion(), signal: ac.signal });
    ac.abort();
    expect(await take(w, 1)).toEqual([]);
    // a real timer: the watch ends once 50 ms have passed, however long that takes to be seen
    const timed = await storage.watch(prefix, { resourceVersion: await storage.currentResourceVersion(), timeoutMs: 50 });
    expect(await take(timed, 1)).toEqual([]);
  });
});

describe('after compaction', () => {
  it('answers 410 Expired to an exact list, a continue token and a watch at a compacted revision', async () => {
    const prefix = '/registry/g/compacted/';
    const first = await storage.create(`${prefix}ns/a`, obj('a'));
    await storage.create(`${prefix}ns/b`, obj('b'));
    const page = await storage.getList(prefix, { limit: 1 });
    await storage.guaranteedUpdate(`${prefix}ns/a`, { tryUpdate: (cur) => ({ ...(cur ?? {}), z: 1 }) });
    const current = await storage.currentResourceVersion();
    await storage.client.kv.compact({ revision: current, physical: true });

    const exact = await rejection(storage.getList(prefix, { resourceVersion: rvOf(first), resourceVersionMatch: 'Exact' }));
    expect((exact as StatusError).code).toBe(410);
    expect((exact as StatusError).reason).toBe('Expired');
    expect((exact as StatusError).message).toBe('The resourceVersion for the provided list is too old.');

    const cont = await rejection(storage.getList(prefix, { limit: 1, continue: page.continue }));
    expect((cont as StatusError).code).toBe(410);
    const inconsistent = (cont as StatusError).status.metadata?.continue ?? '';
    expect(inconsistent).not.toBe('');
    const rest = await storage.getList(prefix, { limit: 1, continue: inconsistent });
    expect(rest.items.map(nameOf)).toEqual(['b']);

    const w = await storage.watch(prefix, { resourceVersion: rvOf(first) });
    const events = await take(w, 2);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('ERROR');
    expect(events[0]?.object).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired', message: `too old resource version: ${rvOf(first)} (${current})` });
  });
});
