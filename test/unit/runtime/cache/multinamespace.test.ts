/**
 * MultiNamespaceInformer: informers of single namespaces read as one cache (controller-runtime's multi-namespace
 * cache) — routing by namespace, unions, one registration over every member, sync and start state — on the fake
 * tracker with a fake clock (for the members' resyncs).
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { SharedIndexInformer } from '../../../../runtime/src/cache/informer';
import { MultiNamespaceInformer } from '../../../../runtime/src/cache/multinamespace';
import { Fake } from '../../../../runtime/src/testing';
import { until, widget, widgets, type Widget, type WidgetList } from '../../helpers/cache';

// This file runs informers on the fake tracker: a timeout for a loaded machine.
jest.setTimeout(30_000);

function harness(namespaces: string[]) {
  const fake = new Fake({ allowUnconditionalUpdate: true });
  const clock = new FakeClock();
  const members = new Map(namespaces.map((ns) => [ns, new SharedIndexInformer<Widget>(fake.client<Widget, WidgetList>(widgets, ns), { clock, resyncPeriodMs: 60_000, reflector: { initialList: 'ListWatch' } })]));
  const controller = new AbortController();
  const client = (ns: string) => fake.client<Widget, WidgetList>(widgets, ns);
  return {
    clock,
    client,
    informer: new MultiNamespaceInformer(members),
    run: () => Promise.all([...members.values()].map((i) => i.run(controller.signal))),
    stop: () => { controller.abort(); },
  };
}

describe('MultiNamespaceInformer', () => {
  it('reads the caches of its namespaces as one, and nothing of the others', async () => {
    const h = harness(['a', 'b']);
    for (const [ns, name, team] of [['a', 'x', 'red'], ['b', 'y', 'blue'], ['c', 'z', 'red']] as const) await h.client(ns).create(widget(name, ns, { team }));
    expect(h.informer.isStarted).toBe(false);
    const running = h.run();
    expect(await h.informer.waitForSync(new AbortController().signal)).toBe(true);
    const idx = h.informer.getIndexer();
    expect({
      started: h.informer.isStarted,
      namespaces: h.informer.namespaces,
      size: idx.size,
      keys: idx.listKeys().sort(),
      list: idx.list().map((w) => w.metadata?.name).sort(),
      get: idx.getByNamespaceAndName('b', 'y')?.metadata?.name,
      getByKey: idx.getByKey('a/x')?.metadata?.name,
      unknownNamespace: idx.getByNamespaceAndName('c', 'z'),
      clusterKey: idx.getByKey('x'),
      byObject: idx.get(widget('x', 'a'))?.metadata?.name,
      inNamespace: idx.byIndex('namespace', 'a').map((w) => w.metadata?.name),
      namespaceKeys: idx.indexKeys('namespace', 'b'),
      namespaceValues: idx.listIndexFuncValues('namespace').sort(),
      sameNamespace: idx.index('namespace', widget('q', 'b')).map((w) => w.metadata?.name),
      resourceVersion: idx.resourceVersion,
    }).toEqual({
      started: true,
      namespaces: ['a', 'b'],
      size: 2,
      keys: ['a/x', 'b/y'],
      list: ['x', 'y'],
      get: 'y',
      getByKey: 'x',
      unknownNamespace: undefined,
      clusterKey: undefined,
      byObject: 'x',
      inNamespace: ['x'],
      namespaceKeys: ['b/y'],
      namespaceValues: ['a', 'b'],
      sameNamespace: ['y'],
      resourceVersion: '',
    });
    h.stop();
    await running;
    expect(h.informer.isStopped).toBe(true);
  });

  it('one handler over every member: events of each namespace, synced once all are, removed from all; resyncs on the clock', async () => {
    const h = harness(['a', 'b']);
    await h.client('a').create(widget('x', 'a'));
    await h.client('b').create(widget('y', 'b'));
    const log: string[] = [];
    const reg = h.informer.addEventHandler({
      onAdd: (w, initial) => void log.push(`add ${w.metadata?.namespace}/${w.metadata?.name}${initial ? ' (initial)' : ''}`),
      onUpdate: (o, n) => void log.push(`${o === n ? 'resync' : 'update'} ${n.metadata?.namespace}/${n.metadata?.name}`),
    });
    expect(reg.hasSynced()).toBe(false);
    const running = h.run();
    expect(await reg.waitForSync(new AbortController().signal)).toBe(true);
    expect(log.sort()).toEqual(['add a/x (initial)', 'add b/y (initial)']);
    await h.client('b').create(widget('late', 'b'));
    await h.client('c').create(widget('other', 'c'));
    await until(() => log.includes('add b/late'), 'late add');
    h.clock.step(60_000);
    await until(() => log.filter((l) => l.startsWith('resync')).length === 3, 'resyncs');
    reg.remove();
    await h.client('a').create(widget('after', 'a'));
    await until(() => h.informer.getIndexer().size === 4, 'cache');
    expect(log.filter((l) => l.includes('other') || l.includes('after'))).toEqual([]);
    h.stop();
    await running;
  });

  it('needs at least one namespace', () => {
    expect(() => new MultiNamespaceInformer(new Map())).toThrow('MultiNamespaceInformer: no namespace');
  });
});
