/**
 * Stale controller mitigation: `WrittenVersions` (what the manager's clients wrote), `recordingWrites` (the clients
 * that record it), and the controller holding a request until its cache has caught up with the object's last write.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import type { KubeList, KubeObject, ResourceClient } from '../../../../runtime/src/client/types';
import { Controller, type Source } from '../../../../runtime/src/controller/controller';
import { compareResourceVersions, recordingWrites, resourceId, WrittenVersions } from '../../../../runtime/src/controller/freshness';
import type { Request } from '../../../../runtime/src/controller/reconcile';
import { noopLogger } from '../../../../runtime/src/log';
import { settle } from '../../helpers/operator';

const CRONTABS = resourceId({ group: 'stable.example.com', resource: 'crontabs' });

describe('compareResourceVersions', () => {
  const table: Array<{ a: string; b: string; want: 'older' | 'same' | 'newer' | undefined }> = [
    { a: '9', b: '10', want: 'older' },
    { a: '10', b: '9', want: 'newer' },
    { a: '123', b: '123', want: 'same' },
    { a: '1000', b: '999', want: 'newer' },
    { a: '', b: '1', want: undefined },
    { a: '01', b: '1', want: undefined },
    { a: 'abc', b: '1', want: undefined },
    { a: '1', b: '1.5', want: undefined },
  ];
  it.each(table)('$a vs $b → $want', ({ a, b, want }) => {
    const c = compareResourceVersions(a, b);
    expect(c === undefined ? undefined : c < 0 ? 'older' : c > 0 ? 'newer' : 'same').toBe(want);
  });
});

describe('WrittenVersions', () => {
  it('records the writes of tracked resources only', () => {
    const v = new WrittenVersions(new FakeClock(0));
    v.record(CRONTABS, 'ns/a', '5');
    expect(v.pending(CRONTABS, 'ns/a', '4')).toBe(false);
    v.track(CRONTABS);
    v.record(CRONTABS, 'ns/a', '5');
    expect(v.pending(CRONTABS, 'ns/a', '4')).toBe(true);
    expect(v.pending('configmaps.', 'ns/a', '4')).toBe(false);
  });

  it('is pending while the cache is older or has no copy, and drops the record once it caught up', () => {
    const v = new WrittenVersions(new FakeClock(0));
    v.track(CRONTABS);
    v.record(CRONTABS, 'ns/a', '10');
    expect(v.pending(CRONTABS, 'ns/a', undefined)).toBe(true);
    expect(v.pending(CRONTABS, 'ns/a', '9')).toBe(true);
    expect(v.pending(CRONTABS, 'ns/a', '10')).toBe(false);
    expect(v.size()).toBe(0);
    // an older copy after the record was dropped holds nothing
    expect(v.pending(CRONTABS, 'ns/a', '9')).toBe(false);
  });

  it('keeps the higher of two versions of one key', () => {
    const v = new WrittenVersions(new FakeClock(0));
    v.track(CRONTABS);
    v.record(CRONTABS, 'ns/a', '12');
    v.record(CRONTABS, 'ns/a', '11');
    expect(v.pending(CRONTABS, 'ns/a', '11')).toBe(true);
    expect(v.pending(CRONTABS, 'ns/a', '12')).toBe(false);
  });

  it('never records a version that is not a decimal integer (it could not be compared)', () => {
    const v = new WrittenVersions(new FakeClock(0));
    v.track(CRONTABS);
    v.record(CRONTABS, 'ns/a', 'opaque-1');
    v.record(CRONTABS, 'ns/b', undefined);
    expect(v.size()).toBe(0);
    expect(v.pending(CRONTABS, 'ns/a', undefined)).toBe(false);
  });

  it('ignores and drops a record maxAgeMs after the write', () => {
    const clock = new FakeClock(0);
    const v = new WrittenVersions(clock, 2_000);
    v.track(CRONTABS);
    v.record(CRONTABS, 'ns/a', '10');
    clock.step(1_999);
    expect(v.pending(CRONTABS, 'ns/a', '9')).toBe(true);
    clock.step(1);
    expect(v.pending(CRONTABS, 'ns/a', '9')).toBe(false);
    expect(v.size()).toBe(0);
  });

  it('stays bounded by the writes of the last maxAgeMs when the cache never catches up', () => {
    const clock = new FakeClock(0);
    const v = new WrittenVersions(clock, 100);
    v.track(CRONTABS);
    for (let i = 0; i < 10_000; i++) {
      v.record(CRONTABS, `ns/o${i}`, String(i + 1));
      clock.step(1);
    }
    // at most the last 100 ms of writes, plus what was written since the last sweep
    expect(v.size()).toBeLessThanOrEqual(300);
  });
});

describe('recordingWrites', () => {
  const object = (name: string, rv: string): KubeObject => ({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name, namespace: 'ns', resourceVersion: rv } });

  /** A client whose writes answer the object at `rv` and whose reads answer at '1'. */
  function fakeClient(rv: string): ResourceClient<KubeObject, KubeList<KubeObject>> {
    const answer = async (obj: KubeObject): Promise<KubeObject> => object(obj.metadata?.name ?? '', rv);
    const fake: Partial<ResourceClient<KubeObject, KubeList<KubeObject>>> = {
      create: answer,
      update: answer,
      updateStatus: answer,
      get: async (name: string) => object(name, '1'),
      patch: async (name: string) => object(name, rv),
    };
    return fake as ResourceClient<KubeObject, KubeList<KubeObject>>;
  }

  it('records the version every write answers, and passes reads through', async () => {
    const v = new WrittenVersions(new FakeClock(0));
    v.track(CRONTABS);
    const d = { group: 'stable.example.com', resource: 'crontabs' };
    await recordingWrites(fakeClient('7'), d, v).updateStatus(object('a', '6'));
    await recordingWrites(fakeClient('8'), d, v).patch('b', 'application/merge-patch+json', {});
    await recordingWrites(fakeClient('9'), d, v).get('c');
    expect(v.pending(CRONTABS, 'ns/a', '6')).toBe(true);
    expect(v.pending(CRONTABS, 'ns/b', '7')).toBe(true);
    expect(v.pending(CRONTABS, 'ns/c', undefined)).toBe(false);
  });

  it('hands out the client itself for a resource nobody tracks', () => {
    const client = fakeClient('7');
    expect(recordingWrites(client, { group: '', resource: 'configmaps' }, new WrittenVersions(new FakeClock(0)))).toBe(client);
  });
});

describe('Controller with freshness', () => {
  /** A controller over a manual source whose cache is `cache` (key → resourceVersion). */
  async function setup(maxAgeMs = 2_000) {
    const clock = new FakeClock(0);
    const versions = new WrittenVersions(clock, maxAgeMs);
    versions.track(CRONTABS);
    const cache = new Map<string, string>();
    const calls: Array<{ key: string; cached: string | undefined; at: number }> = [];
    const c = new Controller({
      name: 'fresh',
      clock,
      logger: noopLogger,
      reconciler: {
        reconcile: async (req: Request) => {
          const key = `${req.namespace}/${req.name}`;
          calls.push({ key, cached: cache.get(key), at: clock.now() });
        },
      },
      freshness: { versions, resource: CRONTABS, cachedVersion: (key) => cache.get(key) },
    });
    let queue: { add(r: Request): void } | undefined;
    const source: Source = {
      start(q) {
        queue = q;
        return { hasSynced: () => true, waitForSync: async () => true };
      },
      toString: () => 'manual source',
    };
    c.watch(source);
    const abort = new AbortController();
    const run = c.start(abort.signal);
    await settle();
    const add = (name: string): void => queue?.add({ namespace: 'ns', name });
    return { clock, versions, cache, calls, c, add, stop: async () => { abort.abort(); await run; } };
  }

  it('reconciles at once when the cache has seen the last write', async () => {
    const t = await setup();
    t.cache.set('ns/a', '10');
    t.versions.record(CRONTABS, 'ns/a', '10');
    t.add('a');
    await settle();
    expect(t.calls).toEqual([{ key: 'ns/a', cached: '10', at: 0 }]);
    await t.stop();
  });

  it('holds a request until the cache has caught up, without a worker and without counting a failure', async () => {
    const t = await setup();
    t.cache.set('ns/a', '9');
    t.versions.record(CRONTABS, 'ns/a', '10');
    t.add('a');
    t.add('b'); // not written: not held, and not blocked by a
    await settle();
    expect(t.calls).toEqual([{ key: 'ns/b', cached: undefined, at: 0 }]);
    t.clock.step(5);
    await settle();
    expect(t.calls).toHaveLength(1);
    t.cache.set('ns/a', '10'); // the write's event arrived
    t.clock.step(10); // the second wait: 10 ms
    await settle();
    expect(t.calls).toEqual([
      { key: 'ns/b', cached: undefined, at: 0 },
      { key: 'ns/a', cached: '10', at: 15 },
    ]);
    expect(t.c.queue.numRequeues('ns/a')).toBe(0);
    await t.stop();
  });

  it('reconciles from the cache as it is once the write is older than maxAgeMs', async () => {
    const t = await setup(100);
    t.cache.set('ns/a', '9');
    t.versions.record(CRONTABS, 'ns/a', '10');
    t.add('a');
    for (let i = 0; i < 20 && t.calls.length === 0; i++) {
      await settle();
      t.clock.step(Math.min(...t.clock.pendingDelays(), 100));
    }
    await settle();
    expect(t.calls).toEqual([{ key: 'ns/a', cached: '9', at: expect.any(Number) as number }]);
    expect(t.calls[0]?.at).toBeGreaterThanOrEqual(100);
    expect(t.calls[0]?.at).toBeLessThan(300);
    await t.stop();
  });
});
