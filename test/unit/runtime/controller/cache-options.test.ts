/**
 * The manager's cache options (controller-runtime's cache.Options with ByObject) on the fake API server: bad settings
 * refused at construction with one line, the default managedFields transform and its overrides, per-kind selectors,
 * several namespaces behind one cache, unsafeDisableDeepCopy, a throwing transform stopping the manager once, and
 * onlyMetadata watches of the builder.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { controllerManagedBy } from '../../../../runtime/src/controller/builder';
import { metadataKind } from '../../../../runtime/src/controller/kinds';
import { byObject, Manager, stripManagedFields, type CacheOptions, type ClientFactory } from '../../../../runtime/src/controller/manager';
import type { ListOptions, WatchOptions } from '../../../../runtime/src/rest/options';
import { newPredicateFuncs } from '../../../../runtime/src/controller/predicates';
import type { Request } from '../../../../runtime/src/controller/reconcile';
import type { PartialObjectMetadata } from '../../../../runtime/src/client/dynamic';
import type { KubeObject, ResourceDescriptor } from '../../../../runtime/src/client/types';
import type { RESTMapper, RESTMapping } from '../../../../runtime/src/discovery';
import { noopLogger } from '../../../../runtime/src/log';
import { clusters, configMaps, fakeServer, recordingLogger, until, widget, widgets, type Widget, type WidgetList } from '../../helpers/operator';

// This file starts managers (informers, controllers): a generous timeout for a loaded machine.
jest.setTimeout(60_000);

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}
const cms = configMaps as ResourceDescriptor<ConfigMap>;

const mapper: RESTMapper = {
  restMapping: async (gk) => {
    const m: RESTMapping = { groupVersionKind: { group: gk.group, version: 'v1', kind: gk.kind }, resource: { group: gk.group, version: 'v1', resource: `${gk.kind.toLowerCase()}s` }, namespaced: true };
    return m;
  },
  resourceFor: () => Promise.reject(new Error('not used')),
  reset: () => undefined,
};

function setup(cache: CacheOptions = {}, extra: Partial<ConstructorParameters<typeof Manager>[0]> = {}) {
  const server = fakeServer();
  const mgr = new Manager({ clients: server.clients, restMapper: mapper, logger: noopLogger, clock: new FakeClock(0), cache, ...extra });
  return { ...server, mgr };
}

/** Runs `mgr` until the returned stop is called; the stop resolves with `start`'s outcome. */
function run(mgr: Manager): () => Promise<void> {
  const stop = new AbortController();
  const done = mgr.start(stop.signal);
  return () => {
    stop.abort();
    return done;
  };
}

const key = (r: Request): string => `${r.namespace}/${r.name}`;
const managed = [{ manager: 'kubectl', operation: 'Update' as const }];

/**
 * The fake server's clients, whose lists and watches hand out objects with managedFields (the fake, as a server,
 * drops what a create sends).
 */
function withManagedFields(clients: ClientFactory): ClientFactory {
  const mark = <T extends KubeObject>(o: T): T => ({ ...o, metadata: { ...o.metadata, managedFields: managed } });
  return (d, ns) => {
    const c = clients(d, ns);
    return new Proxy(c, {
      get(target, p, receiver): unknown {
        if (p === 'list') return async (opts: ListOptions) => {
          const page = await target.list(opts);
          return { ...page, items: page.items.map(mark) };
        };
        if (p === 'watch') return async (opts: WatchOptions) => {
          const w = await target.watch(opts);
          return { stop: () => { w.stop(); }, async *[Symbol.asyncIterator]() { for await (const e of w) yield { ...e, object: mark(e.object) }; } };
        };
        return Reflect.get(target, p, receiver) as unknown;
      },
    });
  };
}

describe('bad cache settings: one line at construction', () => {
  it.each([
    { name: 'a label selector that does not parse', cache: { labelSelector: 'a in (b' }, want: /^cache: labelSelector "a in \(b": unable to parse requirement: found '', expected: ',' or '\)'$/ },
    { name: 'a label value that is not one', cache: { labelSelector: 'team=a b' }, want: `cache: labelSelector "team=a b": found 'b', expected: ',' or 'end of string'` },
    { name: 'a bad metav1.LabelSelector operator', cache: { labelSelector: { matchExpressions: [{ key: 'a', operator: 'Near' }] } }, want: '"Near" is not a valid label selector operator' },
    { name: 'a field selector without operator', cache: { fieldSelector: 'metadata.name' }, want: /^cache: fieldSelector "metadata.name": invalid selector: 'metadata.name'; can't understand 'metadata.name'$/ },
    { name: 'a namespace that is not a DNS-1123 label', cache: { namespace: 'Team_A' }, want: /^cache: namespace "Team_A": a lowercase RFC 1123 label must consist of/ },
    {
      name: 'a kind\'s selector',
      cache: { byObject: [{ object: widgets, labelSelector: 'x=' + 'y'.repeat(64) }] },
      want: /^cache\.byObject\[example\.com\/v1, Kind=Widget\]: labelSelector "x=y+": unable to parse requirement: values\[0\]\[x\]: Invalid value: "y+": must be no more than 63 characters$/,
    },
    { name: 'a kind\'s namespace', cache: { byObject: [{ object: widgets, namespaces: ['ok', ''] }] }, want: /^cache\.byObject\[example\.com\/v1, Kind=Widget\]: namespace "": / },
    {
      name: 'namespaces of a cluster-scoped kind',
      cache: { byObject: [{ object: clusters, namespaces: ['a'] }] },
      want: 'cache.byObject[example.com/v1, Kind=Cluster]: the kind is not namespaced, but its namespaces setting is set',
    },
    {
      name: 'a kind given twice (a descriptor and its metadataKind share settings)',
      cache: { byObject: [{ object: configMaps }, { object: metadataKind('v1', 'ConfigMap') }] },
      want: 'cache.byObject[v1, Kind=ConfigMap]: the kind is given twice',
    },
    { name: 'transform and defaultTransform', cache: { transform: stripManagedFields, defaultTransform: null }, want: 'cache: give defaultTransform or transform (its earlier name), not both' },
  ])('$name', ({ cache, want }) => {
    expect(() => setup(cache)).toThrow(want);
  });
});

describe('transforms', () => {
  async function cached(cache: CacheOptions): Promise<{ widget: Widget | undefined; cm: ConfigMap | undefined }> {
    const server = fakeServer();
    const { fake } = server;
    const mgr = new Manager({ clients: withManagedFields(server.clients), logger: noopLogger, clock: new FakeClock(0), cache });
    await fake.client<Widget, WidgetList>(widgets, 'ns').create(widget('w'));
    await fake.client(cms, 'ns').create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'ns' }, data: { big: 'x' } });
    const wl = mgr.lister(widgets);
    const cl = mgr.lister(cms);
    const stop = run(mgr);
    await until(() => wl.list().length === 1 && cl.list().length === 1, 'sync');
    const out = { widget: wl.namespace('ns').get('w'), cm: cl.namespace('ns').get('c') };
    await stop();
    return out;
  }

  it('drop managedFields by default (controller-runtime leaves DefaultTransform unset; kubegen strips)', async () => {
    const { widget: w, cm } = await cached({});
    expect(w?.metadata?.managedFields).toBeUndefined();
    expect(cm?.metadata?.managedFields).toBeUndefined();
    expect(cm?.data).toEqual({ big: 'x' });
  });

  it('defaultTransform: null keeps managedFields everywhere', async () => {
    const { widget: w, cm } = await cached({ defaultTransform: null });
    expect(w?.metadata?.managedFields).toEqual(managed);
    expect(cm?.metadata?.managedFields).toEqual(managed);
  });

  it('a kind\'s transform replaces the default for that kind only; null keeps its managedFields', async () => {
    const dropData = byObject(cms, { transform: (c) => ({ ...stripManagedFields(c), data: {} }) });
    const both = await cached({ byObject: [dropData, { object: widgets, transform: null }] });
    expect(both.cm).toMatchObject({ data: {}, metadata: { name: 'c' } });
    expect(both.cm?.metadata?.managedFields).toBeUndefined();
    expect(both.widget?.metadata?.managedFields).toEqual(managed);
  });

  it('a transform that throws stops the manager: start rejects with one line naming the kind and the object, logged once', async () => {
    const { logger, records } = recordingLogger();
    const { mgr, fake } = setup({ byObject: [{ object: widgets, transform: (o) => {
      if (o.metadata?.name === 'bad') throw new RangeError('no size');
      return o;
    } }] }, { logger });
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    await ws.create(widget('good'));
    await ws.create(widget('bad'));
    mgr.informerFor(widgets);
    const stop = new AbortController();
    await expect(mgr.start(stop.signal)).rejects.toThrow(/^cache of example\.com\/v1, Kind=Widget: transform failed on ns\/bad: no size$/);
    const errors = records.filter((r) => r.level === 'error');
    expect(errors.map((r) => [r.msg, r.fields.object])).toEqual([['cache transform failed', 'ns/bad']]);
  });

  it('a transform that throws on a watched change stops a running manager the same way', async () => {
    const { mgr, fake } = setup({ byObject: [byObject(cms, { transform: (c) => {
      if (c.data?.poison !== undefined) throw new Error('poisoned');
      return c;
    } })] });
    const informer = mgr.informerFor(cms);
    const stop = new AbortController();
    const done = mgr.start(stop.signal);
    await until(() => informer.hasSynced(), 'sync');
    await fake.client(cms, 'ns').create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'p', namespace: 'ns' }, data: { poison: '1' } });
    await expect(done).rejects.toThrow('cache of v1, Kind=ConfigMap: transform failed on ns/p: poisoned');
  });
});

describe('per-kind cache settings', () => {
  async function seed(fake: ReturnType<typeof setup>['fake']): Promise<void> {
    for (const [ns, n, team] of [['a', 'w1', 'x'], ['b', 'w2', 'y'], ['c', 'w3', 'x']] as const) {
      await fake.client<Widget, WidgetList>(widgets, ns).create({ ...widget(n, ns), metadata: { name: n, namespace: ns, labels: { team } } });
      await fake.client(cms, ns).create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${n}`, namespace: ns, labels: { team } } });
    }
  }

  it.each([
    { name: 'a kind\'s label selector replaces the cache-wide one', cache: { labelSelector: 'team=x', byObject: [{ object: configMaps, labelSelector: 'team=y' }] }, widgets: ['a/w1', 'c/w3'], cms: ['b/cm-w2'] },
    { name: 'a kind\'s field selector', cache: { byObject: [{ object: widgets, fieldSelector: 'metadata.name!=w1' }] }, widgets: ['b/w2', 'c/w3'], cms: ['a/cm-w1', 'b/cm-w2', 'c/cm-w3'] },
    { name: 'a kind\'s namespaces beside the cache-wide namespace', cache: { namespace: 'a', byObject: [{ object: configMaps, namespaces: ['b', 'c', 'b'] }] }, widgets: ['a/w1'], cms: ['b/cm-w2', 'c/cm-w3'] },
    { name: 'namespaces: [] caches every namespace', cache: { namespace: 'a', byObject: [{ object: configMaps, namespaces: [] }] }, widgets: ['a/w1'], cms: ['a/cm-w1', 'b/cm-w2', 'c/cm-w3'] },
  ])('$name', async ({ cache, widgets: wantWidgets, cms: wantCms }) => {
    const { mgr, fake } = setup(cache);
    await seed(fake);
    const seen: string[] = [];
    controllerManagedBy(mgr).named('cms').watches(cms, { create: (e, q) => { q.add({ namespace: e.object.metadata?.namespace ?? '', name: e.object.metadata?.name ?? '' }); } }).complete((r) => void seen.push(key(r)));
    const wl = mgr.lister(widgets);
    const stop = run(mgr);
    await until(() => seen.length >= wantCms.length, 'reconciles');
    const client = mgr.getClient();
    expect((await client.list(widgets)).map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`).sort()).toEqual(wantWidgets);
    expect(wl.list().length).toBe(wantWidgets.length);
    expect((await client.list(cms)).map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`).sort()).toEqual(wantCms);
    expect(seen.sort()).toEqual(wantCms);
    await stop();
  });

  it('several namespaces: one informer each behind one cache — get, list by namespace and by label, events from each', async () => {
    const { mgr, fake } = setup({ byObject: [{ object: configMaps, namespaces: ['a', 'b'] }] });
    await seed(fake);
    const informer = mgr.informerFor(cms);
    const stop = run(mgr);
    const client = mgr.getClient();
    expect((await client.get(cms, { namespace: 'b', name: 'cm-w2' })).metadata?.labels).toEqual({ team: 'y' });
    await expect(client.get(cms, { namespace: 'c', name: 'cm-w3' })).rejects.toThrow('configmaps "cm-w3" not found');
    expect((await client.list(cms, { namespace: 'a' })).map((o) => o.metadata?.name)).toEqual(['cm-w1']);
    expect((await client.list(cms, { labelSelector: { matchLabels: { team: 'y' } } })).map((o) => o.metadata?.name)).toEqual(['cm-w2']);
    const idx = informer.getIndexer();
    expect([idx.size, idx.listKeys().sort(), idx.getByKey('a/cm-w1')?.metadata?.name, idx.byIndex('namespace', 'b').length, idx.resourceVersion]).toEqual([2, ['a/cm-w1', 'b/cm-w2'], 'cm-w1', 1, '']);
    await fake.client(cms, 'b').create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'late', namespace: 'b' } });
    await fake.client(cms, 'c').create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'late', namespace: 'c' } });
    await until(() => idx.getByNamespaceAndName('b', 'late') !== undefined, 'late in b');
    expect(idx.getByNamespaceAndName('c', 'late')).toBeUndefined();
    await stop();
  });

  it('reads are deep copies unless unsafeDisableDeepCopy: then the cached object itself', async () => {
    const { mgr, fake } = setup({ byObject: [{ object: widgets, unsafeDisableDeepCopy: true }] });
    await seed(fake);
    const stop = run(mgr);
    const client = mgr.getClient();
    const shared = await client.get(widgets, { namespace: 'a', name: 'w1' });
    expect(await client.get(widgets, { namespace: 'a', name: 'w1' })).toBe(shared);
    expect((await client.list(widgets, { namespace: 'a' }))[0]).toBe(shared);
    const copy = await client.get(cms, { namespace: 'a', name: 'cm-w1' });
    expect(await client.get(cms, { namespace: 'a', name: 'cm-w1' })).not.toBe(copy);
    await stop();
  });

  it('defaultUnsafeDisableDeepCopy applies to every kind without its own setting', async () => {
    const { mgr, fake } = setup({ defaultUnsafeDisableDeepCopy: true, byObject: [{ object: configMaps, unsafeDisableDeepCopy: false }] });
    await seed(fake);
    const stop = run(mgr);
    const client = mgr.getClient();
    expect(await client.get(widgets, { namespace: 'a', name: 'w1' })).toBe(await client.get(widgets, { namespace: 'a', name: 'w1' }));
    expect(await client.get(cms, { namespace: 'a', name: 'cm-w1' })).not.toBe(await client.get(cms, { namespace: 'a', name: 'cm-w1' }));
    await stop();
  });
});

describe('builder onlyMetadata', () => {
  it('owns(kind, { onlyMetadata: true }): a metadata-only cache shared with the client\'s metadataKind reads; owner references and labels reach the handler', async () => {
    // readerFailOnMissingInformer: the client's metadata reads must find the builder's informers
    const { mgr, fake } = setup({ readerFailOnMissingInformer: true });
    const seen: string[] = [];
    const handed: PartialObjectMetadata[] = [];
    controllerManagedBy(mgr)
      .for(widgets, { onlyMetadata: true, predicates: [newPredicateFuncs((m: PartialObjectMetadata) => m.kind === 'PartialObjectMetadata')] })
      .owns(cms, { onlyMetadata: true, predicates: [newPredicateFuncs((m: PartialObjectMetadata) => {
        handed.push(m);
        return true;
      })] })
      .complete((r) => void seen.push(key(r)));
    const stop = run(mgr);
    await fake.client<Widget, WidgetList>(widgets, 'ns').create(widget('owner'));
    await fake.client(cms, 'ns').create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'owned', namespace: 'ns', labels: { app: 'w' }, ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'owner', uid: 'u', controller: true }] },
      data: { payload: 'x'.repeat(1000) },
    });
    await until(() => handed.length > 0 && seen.includes('ns/owner'), 'reconcile of the owner');
    const m = handed[0];
    expect(m).toEqual({
      apiVersion: 'meta.k8s.io/v1',
      kind: 'PartialObjectMetadata',
      metadata: expect.objectContaining({ labels: { app: 'w' }, ownerReferences: [expect.objectContaining({ kind: 'Widget', name: 'owner', controller: true })] }) as unknown,
    });
    expect(m?.metadata?.managedFields).toBeUndefined();
    const read = await mgr.getClient().get(metadataKind('v1', 'ConfigMap'), { namespace: 'ns', name: 'owned' });
    expect(Object.keys(read).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    const w = await mgr.getClient().get(metadataKind('example.com/v1', 'Widget'), { namespace: 'ns', name: 'owner' });
    expect(w.kind).toBe('PartialObjectMetadata');
    await expect(mgr.getClient().get(cms, { namespace: 'ns', name: 'owned' })).rejects.toThrow('the cache has no informer for v1, Kind=ConfigMap and readerFailOnMissingInformer is set');
    await stop();
  });

  it('watches(kind, handler, { onlyMetadata: true }) hands the handler PartialObjectMetadata', async () => {
    const { mgr, fake } = setup();
    const kinds: string[] = [];
    controllerManagedBy(mgr)
      .named('meta-watch')
      .watches(cms, { create: (e, q) => {
        kinds.push(`${e.object.kind ?? ''} ${Object.keys(e.object).sort().join(',')}`);
        q.add({ namespace: 'ns', name: 'x' });
      } }, { onlyMetadata: true })
      .complete(() => undefined);
    const stop = run(mgr);
    await fake.client(cms, 'ns').create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'ns' }, data: { a: 'b' } });
    await until(() => kinds.length === 1, 'event');
    expect(kinds).toEqual(['PartialObjectMetadata apiVersion,kind,metadata']);
    await stop();
  });
});
