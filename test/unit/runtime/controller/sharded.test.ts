/**
 * The builder's `withSharding` over a fake API server with an injected clock: bad names fail at build in one line;
 * the shard holds its labelled Lease, caches and reconciles only the objects labelled for it (of its owned kinds too:
 * an owned object of this shard triggers its owner, another shard's is never cached), acknowledges a drain
 * (both labels removed, the user's reconciler not called) whatever the user's predicates say; on lease loss its
 * reconciles abort at once and the manager stops with `shard lease … lost`; on graceful stop the Lease is released
 * after the last reconcile ended.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { controllerManagedBy } from '../../../../runtime/src/controller/builder';
import { Manager } from '../../../../runtime/src/controller/manager';
import { generationChangedPredicate } from '../../../../runtime/src/controller/predicates';
import { leaseResource, type Lease, type LeaseList } from '../../../../runtime/src/leaderelection/lease';
import { noopLogger } from '../../../../runtime/src/log';
import { drainLabel, LABEL_RING, shardLabel } from '../../../../runtime/src/sharding/names';
import { configMaps, fakeServer, settle, until, widget, widgets, type Widget } from '../../helpers/operator';

jest.setTimeout(60_000);

const RING = 'widgets';
const SL = shardLabel(RING);
const DL = drainLabel(RING);
const SHARD = { ring: RING, shardName: 'shard-a', leaseNamespace: 'ns', leaseDurationMs: 10_000, renewDeadlineMs: 6_000, retryPeriodMs: 2_000, random: () => 0 };
const T0 = Date.UTC(2026, 0, 1);

function setup() {
  const clock = new FakeClock(T0);
  const server = fakeServer({ clock: () => new Date(clock.now()) });
  const mgr = new Manager({ clients: server.clients, logger: noopLogger, clock, gracefulShutdownTimeoutMs: 5_000 });
  const objects = server.fake.client<Widget>(widgets, 'ns');
  const leases = server.fake.client<Lease, LeaseList>(leaseResource, 'ns');
  const advance = async (ms: number, step = 500): Promise<void> => {
    for (let t = 0; t < ms; t += step) {
      clock.step(Math.min(step, ms - t));
      await settle();
    }
  };
  return { clock, mgr, objects, leases, advance, fake: server.fake };
}

describe('withSharding: bad input', () => {
  it.each([
    { given: { ...SHARD, ring: 'Widgets!' }, want: 'sharding: invalid ring name "Widgets!": must be a DNS-1123 label: lowercase alphanumeric characters or \'-\', starting and ending with an alphanumeric character' },
    { given: { ...SHARD, shardName: '' }, want: 'sharding: invalid shard name "": must not be empty' },
    { given: { ...SHARD, shardName: 'pod.with.dots' }, want: 'sharding: invalid shard name "pod.with.dots": must be a DNS-1123 label' },
    { given: { ...SHARD, leaseNamespace: '' }, want: 'sharding: leaseNamespace must name the namespace of the shard Leases' },
    { given: { ...SHARD, leaseDurationMs: 5_500 }, want: 'sharding: leaseDurationMs must be whole seconds (a Lease holds seconds), got 5500' },
    { given: { ...SHARD, renewDeadlineMs: 10_000 }, want: 'sharding: renewDeadlineMs must be less than leaseDurationMs' },
  ])('$want', ({ given, want }) => {
    const { mgr } = setup();
    expect(() => controllerManagedBy(mgr).for(widgets).withSharding(given)).toThrow(want);
  });

  it('needs For()', () => {
    const { mgr } = setup();
    expect(() => controllerManagedBy(mgr).named('x').watchesRawSource({ start: () => ({ hasSynced: () => true, waitForSync: async () => true }) }).withSharding(SHARD).build(() => undefined)).toThrow(
      'withSharding() can only be used together with For()',
    );
  });
});

describe('withSharding: a shard', () => {
  it('holds its Lease, reconciles only its objects, acknowledges drains without reconciling them; releases the Lease after a graceful stop', async () => {
    const env = setup();
    const reconciled: string[] = [];
    const c = controllerManagedBy(env.mgr)
      .for(widgets, { predicates: [generationChangedPredicate()] })
      .withSharding(SHARD)
      .build(async (req) => {
        reconciled.push(req.name);
      });
    expect(c.needLeaderElection()).toBe(false);
    await env.objects.create(widget('mine', 'ns', { metadata: { name: 'mine', namespace: 'ns', labels: { [SL]: 'shard-a' } } }));
    await env.objects.create(widget('theirs', 'ns', { metadata: { name: 'theirs', namespace: 'ns', labels: { [SL]: 'shard-b' } } }));
    await env.objects.create(widget('unassigned'));
    const stop = new AbortController();
    const run = env.mgr.start(stop.signal);
    await until(() => reconciled.includes('mine'), 'the first reconcile', 2_000);
    const lease = await env.leases.get('shard-a');
    expect(lease.metadata?.labels).toEqual({ [LABEL_RING]: RING });
    expect(lease.spec?.holderIdentity).toBe('shard-a');
    expect(lease.spec?.leaseDurationSeconds).toBe(10);
    // the drain: a label change that generationChanged would filter; acknowledged, not reconciled
    const mine = await env.objects.get('mine');
    await env.objects.update({ ...mine, metadata: { ...mine.metadata, name: 'mine', labels: { [SL]: 'shard-a', [DL]: 'true' } } });
    await env.advance(1_000);
    expect((await env.objects.get('mine')).metadata?.labels ?? {}).toEqual({});
    await env.advance(2_000);
    expect(reconciled).toEqual(['mine']);
    stop.abort();
    await env.advance(1_000);
    await run;
    expect((await env.leases.get('shard-a')).spec?.holderIdentity).toBe('');
  });

  it('owned kinds are cached for this shard only: an owned object of this shard triggers its owner, one of another shard is not seen', async () => {
    const env = setup();
    const reconciled: string[] = [];
    controllerManagedBy(env.mgr)
      .for(widgets, { predicates: [generationChangedPredicate()] })
      .owns(configMaps)
      .withSharding(SHARD)
      .build(async (req) => {
        reconciled.push(req.name);
      });
    const cms = env.fake.client(configMaps, 'ns');
    const owned = (name: string, owner: string, shard: string) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, namespace: 'ns', labels: { [SL]: shard }, ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: owner, uid: `u-${owner}`, controller: true }] },
    });
    await env.objects.create(widget('mine', 'ns', { metadata: { name: 'mine', namespace: 'ns', labels: { [SL]: 'shard-a' } } }));
    await cms.create(owned('cm-mine', 'mine', 'shard-a'));
    await cms.create(owned('cm-theirs', 'theirs', 'shard-b'));
    const stop = new AbortController();
    const run = env.mgr.start(stop.signal);
    await until(() => reconciled.includes('mine'), 'the first reconcile', 2_000);
    const informer = await env.mgr.informerForKind(configMaps, stop.signal);
    expect(informer.getIndexer().listKeys()).toEqual(['ns/cm-mine']);
    // a change of the owned object of this shard reaches its owner; the other shard's is never seen
    await cms.patch('cm-mine', 'application/merge-patch+json', JSON.stringify({ data: { x: '1' } }));
    await cms.patch('cm-theirs', 'application/merge-patch+json', JSON.stringify({ data: { x: '1' } }));
    await until(() => reconciled.length === 2, 'the owner reconciled again', 2_000);
    await env.advance(1_000);
    expect(reconciled).toEqual(['mine', 'mine']);
    expect(informer.getIndexer().listKeys()).toEqual(['ns/cm-mine']);
    stop.abort();
    await env.advance(1_000);
    await run;
  });

  it('lease loss: the reconcile in flight is aborted at once and the manager stops with "shard lease … lost"', async () => {
    const env = setup();
    const signals: AbortSignal[] = [];
    controllerManagedBy(env.mgr)
      .for(widgets)
      .withSharding(SHARD)
      .build((_req, signal) => {
        signals.push(signal);
        // a long reconcile: it ends only when its signal aborts
        return new Promise((resolve) => signal.addEventListener('abort', () => { resolve(); }, { once: true }));
      });
    await env.objects.create(widget('mine', 'ns', { metadata: { name: 'mine', namespace: 'ns', labels: { [SL]: 'shard-a' } } }));
    const stop = new AbortController();
    const run = env.mgr.start(stop.signal);
    const outcome = run.then(() => 'resolved', (err: unknown) => (err instanceof Error ? err.message : 'not an error'));
    await until(() => signals.length === 1, 'the reconcile', 2_000);
    // the API server stops answering the shard's renewals
    env.fake.prependReactor('update', 'leases', () => new Promise(() => undefined));
    env.fake.prependReactor('get', 'leases', () => new Promise(() => undefined));
    await env.advance(2_000 + 5_500);
    expect(signals[0]?.aborted).toBe(false);
    await env.advance(1_000);
    expect(signals[0]?.aborted).toBe(true);
    await env.advance(1_000);
    await expect(outcome).resolves.toBe('shard lease ns/shard-a lost: it could not be renewed within 6s');
    stop.abort();
  });
});
