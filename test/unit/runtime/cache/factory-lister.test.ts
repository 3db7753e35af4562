/** SharedInformerFactory (keyed by GVR, namespace, tweakListOptions, start / waitForCacheSync / shutdown) and listers. */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { gvrKey, SharedInformerFactory } from '../../../../runtime/src/cache/factory';
import { Lister, listAllByNamespace, type ClusterLister, type NamespacedLister } from '../../../../runtime/src/cache/lister';
import { CacheIndexer, metaNamespaceKeyFunc, newIndexer } from '../../../../runtime/src/cache/store';
import fc from 'fast-check';
import { isNotFound, StatusError } from '../../../../runtime/src/errors/errors';
import type { KubeList, KubeObject } from '../../../../runtime/src/client/types';
import { gadgets, names, setup, until, widget, widgets, type Widget } from '../../helpers/cache';

const reflector = { random: () => 0, initialList: 'ListWatch' as const, watchTimeoutSeconds: 0, onError: () => {} };

describe('SharedInformerFactory', () => {
  it('shares one informer per GroupVersionResource and runs, syncs and shuts them down', async () => {
    const s = setup();
    await s.ns.create(widget('a'));
    await s.fake.client<KubeObject, KubeList<KubeObject>>(gadgets).create({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g' } });
    const f = new SharedInformerFactory({ clock: new FakeClock(), reflector });
    const w1 = f.informerFor<Widget>(widgets, s.client);
    const w2 = f.informerFor<Widget>(widgets, s.fake.client<Widget, KubeList<Widget>>(widgets));
    const g = f.informerFor<KubeObject>(gadgets, s.fake.client<KubeObject, KubeList<KubeObject>>(gadgets));
    expect(w2).toBe(w1);
    expect(g).not.toBe(w1);
    expect(f.forResource({ group: 'example.com', version: 'v1', resource: 'widgets' })).toBe(w1);
    expect(f.forResource({ group: 'example.com', version: 'v2', resource: 'widgets' })).toBeUndefined();

    const controller = new AbortController();
    f.start(controller.signal);
    f.start(controller.signal); // idempotent
    const synced = await f.waitForCacheSync(controller.signal);
    expect([...synced]).toEqual([
      [gvrKey(widgets), true],
      [gvrKey(gadgets), true],
    ]);
    expect(names(w1.getIndexer().list())).toEqual(['a']);
    expect(names(g.getIndexer().list())).toEqual(['g']);
    expect(s.fake.actions().filter((a) => a.verb === 'list')).toHaveLength(2);

    // an informer requested after start runs at the next start
    const late = f.informerFor<KubeObject>({ ...gadgets, version: 'v2' }, s.fake.client<KubeObject, KubeList<KubeObject>>({ ...gadgets, version: 'v2' }));
    expect(late.isStarted).toBe(false);
    f.start(controller.signal);
    expect(late.isStarted).toBe(true);

    await f.shutdown();
    expect([w1, g, late].every((i) => i.isStopped)).toBe(true);
    expect(() => f.start(controller.signal)).toThrow(/shut down/);
  });

  it('applies namespace and tweakListOptions to every list and watch', async () => {
    const s = setup();
    await s.ns.create(widget('keep', 'ns', { tier: 'web' }));
    await s.ns.create(widget('drop', 'ns', { tier: 'db' }));
    const f = new SharedInformerFactory({ namespace: 'ns', tweakListOptions: (o) => ({ ...o, labelSelector: 'tier=web' }), reflector });
    expect(() => f.informerFor<Widget>(widgets, s.client)).toThrow(/watches namespace "", the factory "ns"/);
    const inf = f.informerFor<Widget>(widgets, s.ns);
    const controller = new AbortController();
    f.start(controller.signal);
    await f.waitForCacheSync(controller.signal);
    await until(() => s.fake.actions().some((a) => a.verb === 'watch'), 'watch');
    await s.ns.create(widget('keep2', 'ns', { tier: 'web' }));
    await s.ns.create(widget('drop2', 'ns', { tier: 'db' }));
    await until(() => inf.getIndexer().size === 2, 'keep2');
    expect(names(inf.getIndexer().list())).toEqual(['keep', 'keep2']);
    for (const a of s.fake.actions().filter((x) => x.verb === 'list' || x.verb === 'watch')) {
      expect(a.namespace).toBe('ns');
      expect((a.options as { labelSelector?: string }).labelSelector).toBe('tier=web');
    }
    controller.abort();
    await f.shutdown();
  });

  it('passes defaultResync, customResync and transform to its informers', async () => {
    const s = setup();
    await s.ns.create(widget('a'));
    const clock = new FakeClock();
    const f = new SharedInformerFactory({
      clock,
      defaultResyncMs: 10_000,
      customResyncMs: { [gvrKey(widgets)]: 3000 },
      transform: (o) => ({ ...o, metadata: { ...o.metadata, annotations: { t: '1' } } }),
      reflector,
    });
    const inf = f.informerFor<Widget>(widgets, s.client);
    const resyncs: string[] = [];
    inf.addEventHandler({
      onUpdate: (o, n) => {
        if (o === n) resyncs.push(n.metadata!.name!);
      },
    });
    const controller = new AbortController();
    f.start(controller.signal);
    await f.waitForCacheSync(controller.signal);
    expect(inf.getIndexer().getByKey('ns/a')?.metadata?.annotations).toEqual({ t: '1' });
    clock.step(3000);
    await until(() => resyncs.length === 1, 'resync');
    await f.shutdown();
  });
});

describe('Lister', () => {
  const indexer = newIndexer<Widget>();
  for (const w of [widget('a', 'ns1', { app: 'web' }), widget('b', 'ns1', { app: 'db' }), widget('c', 'ns2', { app: 'web' })]) indexer.add(w);
  const lister = new Lister<Widget>(indexer, { group: 'example.com', resource: 'widgets' });

  it.each([
    { selector: undefined, want: ['a', 'b', 'c'] },
    { selector: '', want: ['a', 'b', 'c'] },
    { selector: 'app=web', want: ['a', 'c'] },
    { selector: 'app in (db,cache)', want: ['b'] },
    { selector: '!app', want: [] },
    { selector: { matchLabels: { app: 'web' } }, want: ['a', 'c'] },
    { selector: { matchExpressions: [{ key: 'app', operator: 'NotIn' as const, values: ['web'] }] }, want: ['b'] },
  ])('list($selector)', ({ selector, want }) => {
    expect(names(lister.list(selector))).toEqual(want);
  });

  it('lists and gets within a namespace through the namespace index', () => {
    const ns1: NamespacedLister<Widget> = lister;
    expect(names(ns1.namespace('ns1').list())).toEqual(['a', 'b']);
    expect(names(ns1.namespace('ns1').list('app=web'))).toEqual(['a']);
    expect(ns1.namespace('ns2').get('c').metadata?.name).toBe('c');
    expect(listAllByNamespace(indexer, '', 'app=web').length).toBe(2);
  });

  it('a namespace lister kept across adds, updates, deletes and replaces gets what getByKey has (property)', () => {
    const nsArb = fc.constantFrom('ns1', 'ns2', 'ns3');
    const nameArb = fc.constantFrom('a', 'b', 'c');
    const obj = fc.record({ ns: nsArb, name: nameArb, size: fc.nat(3) }).map(({ ns, name, size }) => widget(name, ns, undefined, size));
    const op = fc.oneof(
      fc.record({ op: fc.constantFrom('add' as const, 'update' as const, 'delete' as const), obj }),
      fc.record({ op: fc.constant('replace' as const), objs: fc.array(obj, { maxLength: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        // the store keeping its objects by namespace (one map lookup a get), and one keyed by another function
        const stores = [newIndexer<Widget>(), new CacheIndexer<Widget>({ keyFunc: (o) => metaNamespaceKeyFunc(o) })];
        const listers = stores.map((s) => new Lister<Widget>(s, { group: 'example.com', resource: 'widgets' }));
        // made before the first write and used after every one: what a controller holding a namespace lister does
        const kept = listers.map((l) => ['ns1', 'ns2', 'ns3'].map((ns) => l.namespace(ns)));
        for (const step of ops) {
          stores.forEach((s, i) => {
            if (step.op === 'replace') s.replace(step.objs, '1');
            else s[step.op](step.obj);
            for (const nl of kept[i] ?? []) {
              for (const name of ['a', 'b', 'c']) {
                const want = s.getByKey(`${nl.namespace}/${name}`);
                let got: unknown;
                try {
                  got = nl.get(name);
                } catch (err) {
                  expect(isNotFound(err)).toBe(true);
                  got = undefined;
                }
                expect(got).toBe(want);
              }
            }
          });
        }
      }),
    );
  });

  it('throws NotFound naming the group and resource, as the apiserver does', () => {
    const limitBefore = Error.stackTraceLimit;
    let err: unknown;
    try {
      lister.namespace('ns2').get('a');
    } catch (e) {
      err = e;
    }
    expect(isNotFound(err)).toBe(true);
    expect((err as StatusError).message).toBe('widgets.example.com "a" not found');
    expect((err as StatusError).details).toEqual({ group: 'example.com', kind: 'widgets', name: 'a' });
    // a miss is an answer, not a failure: no stack captured (most of its cost), the process's limit untouched
    expect((err as StatusError).stack).toBe('StatusError: widgets.example.com "a" not found');
    expect(Error.stackTraceLimit).toBe(limitBefore);
  });

  it("hands out the cache's objects typed Readonly, so that a reader cannot assign their fields", () => {
    const got = lister.namespace('ns1').get('a');
    // the cache's own object, shared with every reader: no copy on read
    expect(got).toBe(indexer.getByKey('ns1/a'));
    const readers = [got, lister.list()[0]!, ...listAllByNamespace(indexer, 'ns1')];
    // checked by `tsc --noEmit` (never called): it fails when a reader may assign a field of a cached object
    const mutations = (): void => {
      // @ts-expect-error metadata of a cached object is read-only
      got.metadata = {};
      // @ts-expect-error so is every object a list returns
      lister.list()[0]!.spec = { size: 1 };
    };
    expect(typeof mutations).toBe('function');
    expect(readers.every((r) => r.metadata?.namespace === 'ns1')).toBe(true);
  });

  it('gets cluster-scoped objects by name', () => {
    const nodes = newIndexer<KubeObject>();
    nodes.add({ metadata: { name: 'node-1' } });
    const cl: ClusterLister<KubeObject> = new Lister<KubeObject>(nodes, { group: '', resource: 'nodes' });
    expect(cl.get('node-1').metadata?.name).toBe('node-1');
    expect(() => cl.get('node-2')).toThrow('nodes "node-2" not found');
  });
});
