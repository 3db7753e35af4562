import { Fake } from '../../../../runtime/src/testing/fake';
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../../runtime/src/client/types';
import { isResourceExpired, newInternalError } from '../../../../runtime/src/errors/errors';
import { retryWatch, untilEvent } from '../../../../runtime/src/watch/retry';
import type { WatchEvent } from '../../../../runtime/src/watch/types';

const things: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'things', kind: 'Thing', namespaced: true };
const obj = (name: string, labels?: Record<string, string>): KubeObject => ({ metadata: { name, ...(labels ? { labels } : {}) } });

function setup(historyLimit?: number) {
  const fake = new Fake(historyLimit ? { historyLimit } : {});
  return { fake, c: fake.client<KubeObject, KubeList<KubeObject>>(things, 'ns') };
}

describe('retryWatch', () => {
  it('resumes from the last resourceVersion when the server closes the stream, without gaps or duplicates', async () => {
    const { fake, c } = setup();
    await c.create(obj('a'));
    const w = retryWatch((o) => c.watch(o), { resourceVersion: fake.tracker.resourceVersion, sleep: async () => undefined });
    const got: string[] = [];
    const done = (async () => {
      for await (const ev of w) {
        got.push(`${ev.type} ${ev.object.metadata?.name}`);
        if (got.length === 1) {
          fake.tracker.closeWatches();
          await c.create(obj('c'));
        }
        if (got.length === 2) fake.tracker.closeWatches();
        if (got.length === 3) w.stop();
      }
    })();
    await c.create(obj('b'));
    await new Promise((r) => setTimeout(r, 10));
    await c.delete('a');
    await done;
    expect(got).toEqual(['ADDED b', 'ADDED c', 'DELETED a']);
    expect(fake.actions().filter((a) => a.verb === 'watch').length).toBeGreaterThanOrEqual(3);
  });

  it('throws 410 Expired: only a relist can recover', async () => {
    const { c } = setup(1);
    for (const n of ['a', 'b', 'c']) await c.create(obj(n));
    const w = retryWatch((o) => c.watch(o), { resourceVersion: '1' });
    const err = await (async () => {
      for await (const _ of w) {
        // no events: the history is gone
      }
    })().catch((e: unknown) => e);
    expect(isResourceExpired(err)).toBe(true);
  });

  it('retries other failures with backoff', async () => {
    const { fake, c } = setup();
    let calls = 0;
    const errors: unknown[] = [];
    const sleeps: number[] = [];
    const w = retryWatch(
      async (o) => {
        if (++calls <= 2) throw newInternalError('etcd unavailable');
        return c.watch(o);
      },
      { resourceVersion: '1', sleep: async (ms) => void sleeps.push(ms), onRetry: (e) => void errors.push(e), backoff: { durationMs: 10, factor: 2, jitter: 0, steps: 100 } },
    );
    await c.create(obj('a'));
    await c.create(obj('b'));
    const ev = await untilEvent(w, (e: WatchEvent<KubeObject>) => e.object.metadata?.name === 'b');
    expect(ev.type).toBe('ADDED');
    expect(errors).toHaveLength(2);
    expect(sleeps).toEqual([10, 20]);
    expect(fake.tracker.resourceVersion).toBe('2');
  });

  it('rejects an unusable starting resourceVersion', () => {
    const { c } = setup();
    expect(() => retryWatch((o) => c.watch(o), { resourceVersion: '' })).toThrow(TypeError);
    expect(() => retryWatch((o) => c.watch(o), { resourceVersion: '0' })).toThrow(TypeError);
  });
});

describe('untilEvent', () => {
  it('returns the first event meeting the condition', async () => {
    const { c } = setup();
    const w = await c.watch({ resourceVersion: '0' });
    setTimeout(() => {
      void c.create(obj('a', { ready: 'false' })).then((a) => c.update({ ...a, metadata: { ...a.metadata, labels: { ready: 'true' } } }));
    }, 1);
    const ev = await untilEvent(w, (e) => e.object.metadata?.labels?.ready === 'true');
    expect(ev.type).toBe('MODIFIED');
  });

  it('times out with a TimeoutError and when the watch ends first', async () => {
    const { fake, c } = setup();
    await expect(untilEvent(await c.watch(), () => false, { timeoutMs: 10 })).rejects.toMatchObject({ name: 'TimeoutError' });
    const w = await c.watch();
    setTimeout(() => fake.tracker.closeWatches(), 1);
    await expect(untilEvent(w, () => false)).rejects.toThrow(/ended before/);
  });
});
