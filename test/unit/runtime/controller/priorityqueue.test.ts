/** controller-runtime's priority queue semantics, and the priorities handlers give to events. */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { enqueueRequestForObject, enqueueRequestForOwner, eventPriority, type RequestQueue } from '../../../../runtime/src/controller/handlers';
import { LOW_PRIORITY, PriorityQueue, type AddOptions } from '../../../../runtime/src/controller/priorityqueue';
import type { Request } from '../../../../runtime/src/controller/reconcile';
import { ItemExponentialFailureRateLimiter } from '../../../../runtime/src/workqueue/rate_limiters';
import { settle } from '../../helpers/operator';

function queue() {
  const clock = new FakeClock(0);
  const added: string[] = [];
  const retried: string[] = [];
  const q = new PriorityQueue(new ItemExponentialFailureRateLimiter<string>(5, 1_000_000), clock, { added: (k) => added.push(k), retried: (k) => retried.push(k) });
  return { clock, q, added, retried };
}

/** Takes every ready key in order (marking each done). */
async function drain(q: PriorityQueue): Promise<string[]> {
  const out: string[] = [];
  while (q.len() > 0) {
    const got = await q.get();
    if (got.shutdown) break;
    out.push(`${got.item}:${got.priority}`);
    q.done(got.item);
  }
  return out;
}

describe('PriorityQueue', () => {
  it.each<{ name: string; given: Array<[string, AddOptions]>; want: string[] }>([
    { name: 'FIFO within one priority', given: [['a', {}], ['b', {}], ['c', {}]], want: ['a:0', 'b:0', 'c:0'] },
    { name: 'higher priority first', given: [['low', { priority: LOW_PRIORITY }], ['a', {}], ['high', { priority: 10 }]], want: ['high:10', 'a:0', 'low:-100'] },
    { name: 'a re-add keeps the higher priority (raised)', given: [['x', { priority: LOW_PRIORITY }], ['a', {}], ['x', { priority: 5 }]], want: ['x:5', 'a:0'] },
    { name: 'a re-add keeps the higher priority (not lowered)', given: [['x', { priority: 5 }], ['a', { priority: 1 }], ['x', { priority: LOW_PRIORITY }]], want: ['x:5', 'a:1'] },
    { name: 'a re-add keeps its place in the FIFO', given: [['a', {}], ['b', {}], ['a', {}]], want: ['a:0', 'b:0'] },
    { name: 'delayed keys are not ready', given: [['later', { afterMs: 100 }], ['now', {}]], want: ['now:0'] },
    { name: 'an undelayed re-add makes a delayed key ready (earlier time wins)', given: [['k', { afterMs: 100 }], ['k', {}]], want: ['k:0'] },
  ])('$name', async ({ given, want }) => {
    const { q } = queue();
    for (const [k, o] of given) q.add(k, o);
    expect(await drain(q)).toEqual(want);
  });

  it('delayed keys become ready at their time, then by priority', async () => {
    const { q, clock } = queue();
    q.add('a', { afterMs: 100 });
    q.add('b', { afterMs: 50, priority: -1 });
    q.add('c', { afterMs: 100, priority: 3 });
    q.add('a', { afterMs: 500 }); // a later time never postpones
    clock.step(50);
    expect(await drain(q)).toEqual(['b:-1']);
    clock.step(50);
    expect(await drain(q)).toEqual(['c:3', 'a:0']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('rateLimited takes the limiter\'s delay when shorter than afterMs, and counts a retry', async () => {
    const { q, clock, retried } = queue();
    q.add('k', { rateLimited: true }); // 5 ms
    q.add('j', { rateLimited: true, afterMs: 1 }); // 1 ms < 5 ms
    expect(q.len()).toBe(0);
    clock.step(1);
    expect(await drain(q)).toEqual(['j:0']);
    clock.step(4);
    expect(await drain(q)).toEqual(['k:0']);
    expect(q.numRequeues('k')).toBe(1);
    q.forget('k');
    expect(q.numRequeues('k')).toBe(0);
    expect(retried).toEqual(['k', 'j']);
  });

  it('a key being processed is not handed out again until done; re-adds during processing run once after', async () => {
    const { q, added } = queue();
    q.add('k');
    const first = await q.get();
    q.add('k', { priority: 7 });
    q.add('k');
    q.add('other');
    expect(q.len()).toBe(1);
    const second = await q.get();
    expect(second.item).toBe('other');
    let third: string | undefined;
    void q.get().then((g) => (third = `${g.item}:${g.priority}`));
    await settle();
    expect(third).toBeUndefined();
    q.done(first.item!);
    await settle();
    expect(third).toBe('k:7');
    expect(added).toEqual(['k', 'k', 'other']);
  });

  it('shutDown: get answers shutdown at once and queued keys are dropped; waiters are woken', async () => {
    const { q } = queue();
    const waiting = q.get();
    q.shutDown();
    expect(await waiting).toEqual({ item: undefined, priority: 0, shutdown: true });
    q.add('k');
    expect(q.has('k')).toBe(false);
    expect(await q.get()).toMatchObject({ shutdown: true });
  });
});

describe('event priorities', () => {
  const obj = (rv: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'o', namespace: 'ns', resourceVersion: rv, ownerReferences: [{ apiVersion: 'v1', kind: 'Owner', name: 'p', uid: 'u', controller: true }] } });
  it.each([
    { name: 'initial-list create', e: { isInInitialList: true }, want: LOW_PRIORITY },
    { name: 'watch create', e: { isInInitialList: false }, want: 0 },
    { name: 'resync (same resourceVersion)', e: { objectOld: obj('1'), objectNew: obj('1') }, want: LOW_PRIORITY },
    { name: 'real update', e: { objectOld: obj('1'), objectNew: obj('2') }, want: 0 },
  ])('$name → $want', ({ e, want }) => {
    expect(eventPriority(e)).toBe(want);
  });

  it('handlers pass the priority to the queue', () => {
    const got: Array<[Request, number | undefined]> = [];
    const q: RequestQueue = { add: (r, p) => got.push([r, p]), addAfter: () => undefined, addRateLimited: () => undefined };
    enqueueRequestForObject().create!({ object: obj('1'), isInInitialList: true }, q);
    enqueueRequestForObject().update!({ objectOld: obj('1'), objectNew: obj('2') }, q);
    enqueueRequestForOwner({ group: '', kind: 'Owner', namespaced: true }, { onlyController: true }).update!({ objectOld: obj('3'), objectNew: obj('3') }, q);
    expect(got.map(([r, p]) => `${r.name}:${p}`)).toEqual(['o:-100', 'o:0', 'p:-100']);
  });
});
