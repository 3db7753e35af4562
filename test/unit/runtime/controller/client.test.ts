/**
 * The manager's client over typed, unstructured and metadata-only kinds (controller-runtime's client with its
 * unstructured and metadata clients), on the fake API server and a table REST mapper; the builder watching kinds
 * known only by GVK.
 */
import { controllerManagedBy } from '../../../../runtime/src/controller/builder';
import { Manager } from '../../../../runtime/src/controller/manager';
import { metadataKind, metadataOnly, unstructuredKind, unstructuredKindOf } from '../../../../runtime/src/controller/kinds';
import type { Request } from '../../../../runtime/src/controller/reconcile';
import { TypeMetaError, type PartialObjectMetadata, type Unstructured } from '../../../../runtime/src/client/dynamic';
import { NoKindMatchError, type GroupKind, type RESTMapper, type RESTMapping } from '../../../../runtime/src/discovery';
import { isConflict, isNotFound } from '../../../../runtime/src/errors';
import { noopLogger } from '../../../../runtime/src/log';
import { configMaps, fakeServer, recordingLogger, until, widget, widgets, type Widget, type WidgetList } from '../../helpers/operator';

// This file starts managers (informers, controllers): a generous timeout for a loaded machine.
jest.setTimeout(60_000);

/** A REST mapper over a table of kinds; `serve` adds one (a CRD established later). */
class TableMapper implements RESTMapper {
  asked: string[] = [];
  constructor(private readonly mappings: RESTMapping[]) {}
  serve(m: RESTMapping): void {
    this.mappings.push(m);
  }
  async restMapping(gk: GroupKind, versions: readonly string[] = []): Promise<RESTMapping> {
    this.asked.push(`${gk.group}/${gk.kind}`);
    const found = this.mappings.find((m) => m.groupVersionKind.group === gk.group && m.groupVersionKind.kind === gk.kind && (versions.length === 0 || versions.includes(m.groupVersionKind.version)));
    if (!found) throw new NoKindMatchError(gk, versions);
    return found;
  }
  async resourceFor(): Promise<RESTMapping> {
    throw new Error('not used');
  }
  reset(): void {}
}

const mapping = (group: string, version: string, kind: string, resource: string, namespaced = true): RESTMapping => ({
  groupVersionKind: { group, version, kind },
  resource: { group, version, resource },
  namespaced,
});

const WIDGET = unstructuredKind('example.com/v1', 'Widget');
const WIDGET_META = metadataKind('example.com/v1', 'Widget');

/** Polls `cond` every 10 ms until it holds; fails after `ms` (a bound far above the backoff waited for). */
async function untilInTime(cond: () => boolean, what: string, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((r) => setTimeout(r, 10));
  }
}

function setup(extra: Partial<ConstructorParameters<typeof Manager>[0]> = {}) {
  const server = fakeServer();
  const mapper = new TableMapper([mapping('example.com', 'v1', 'Widget', 'widgets'), mapping('', 'v1', 'ConfigMap', 'configmaps')]);
  const mgr = new Manager({ clients: server.clients, restMapper: mapper, logger: noopLogger, ...extra });
  const ws = server.fake.client<Widget, WidgetList>(widgets, 'ns');
  return { ...server, mgr, mapper, ws };
}

async function running(mgr: Manager): Promise<{ stop: () => Promise<void> }> {
  const ctl = new AbortController();
  const run = mgr.start(ctl.signal);
  await mgr.elected();
  return {
    stop: async () => {
      ctl.abort();
      await run;
    },
  };
}

describe('the manager client over unstructured and metadata-only kinds', () => {
  it('refuses to read before the manager starts', async () => {
    const { mgr } = setup();
    await expect(mgr.getClient().get(WIDGET, { namespace: 'ns', name: 'a' })).rejects.toThrow(
      'the cache is not started, can not read objects of example.com/v1, Kind=Widget: start the manager first',
    );
  });

  it('reads unstructured objects from an informer started on demand, and writes them to the server', async () => {
    const { mgr, ws, mapper } = setup();
    await ws.create(widget('a', 'ns', { spec: { size: 1 }, metadata: { name: 'a', namespace: 'ns', labels: { app: 'web' } } }));
    await ws.create(widget('b'));
    const m = await running(mgr);
    const client = mgr.getClient();
    const a = await client.get(WIDGET, { namespace: 'ns', name: 'a' });
    expect(a).toMatchObject({ apiVersion: 'example.com/v1', kind: 'Widget', spec: { size: 1 } });
    expect((await client.list(WIDGET, { labelSelector: 'app=web' })).map((o) => o.metadata?.name)).toEqual(['a']);
    expect(await client.list(WIDGET, { namespace: 'elsewhere' })).toEqual([]);
    // a deep copy: changing it changes nothing cached
    a['spec'] = { size: 2 };
    expect((await client.get(WIDGET, { namespace: 'ns', name: 'a' }))['spec']).toEqual({ size: 1 });
    const updated = await client.update(WIDGET, a);
    expect(updated['spec']).toEqual({ size: 2 });
    await until(() => mgr.lister(widgets).namespace('ns').get('a').spec?.size === 2, 'the update in the cache');
    // an object without apiVersion/kind takes the kind's
    const created = await client.create(WIDGET, { metadata: { name: 'c', namespace: 'ns' }, spec: { size: 3 } });
    expect(created).toMatchObject({ apiVersion: 'example.com/v1', kind: 'Widget' });
    await client.patch(WIDGET, { namespace: 'ns', name: 'c' }, 'application/merge-patch+json', { spec: { size: 4 } });
    expect((await ws.get('c')).spec?.size).toBe(4);
    await client.delete(WIDGET, { namespace: 'ns', name: 'c' });
    expect(isNotFound(await ws.get('c').catch((e: unknown) => e))).toBe(true);
    expect(isNotFound(await client.get(WIDGET, { namespace: 'ns', name: 'nope' }).catch((e: unknown) => e))).toBe(true);
    // the kind was mapped once
    expect(mapper.asked).toEqual(['example.com/Widget']);
    await m.stop();
  });

  it('reads and writes metadata only', async () => {
    const { mgr, ws } = setup();
    await ws.create(widget('a', 'ns', { spec: { size: 1 } }));
    const m = await running(mgr);
    const client = mgr.getClient();
    const meta: PartialObjectMetadata = await client.get(WIDGET_META, { namespace: 'ns', name: 'a' });
    expect(meta).toMatchObject({ apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: { name: 'a', namespace: 'ns' } });
    expect(Object.keys(meta).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(await client.list(WIDGET_META)).toHaveLength(1);
    const updated = await client.update(WIDGET_META, { ...meta, metadata: { ...meta.metadata, labels: { app: 'web' }, finalizers: ['example.com/cleanup'] } });
    expect(updated.metadata?.labels).toEqual({ app: 'web' });
    expect(Object.keys(updated).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    const server = await ws.get('a');
    expect(server.spec).toEqual({ size: 1 });
    expect(server.metadata?.finalizers).toEqual(['example.com/cleanup']);
    // the stale copy conflicts, as an update does
    expect(isConflict(await client.update(WIDGET_META, meta).catch((e: unknown) => e))).toBe(true);
    const patched = await client.patch(WIDGET_META, { namespace: 'ns', name: 'a' }, 'application/merge-patch+json', { metadata: { annotations: { x: 'y' } } });
    expect(patched.metadata?.annotations).toEqual({ x: 'y' });
    expect('spec' in patched).toBe(false);
    for (const [verb, call] of [
      ['create', () => client.create(WIDGET_META, meta)],
      ['updateStatus', () => client.updateStatus(WIDGET_META, meta)],
      ['apply', () => client.apply(WIDGET_META, { metadata: { name: 'a', namespace: 'ns' } }, { fieldManager: 'me' })],
    ] as const) {
      await expect(call()).rejects.toThrow(`${verb}: cannot ${verb} example.com/v1, Kind=Widget (metadata) from its metadata only: use its unstructured kind or typed descriptor`);
    }
    await m.stop();
  });

  it('typed descriptors through the same client', async () => {
    const { mgr, ws } = setup();
    await ws.create(widget('a'));
    const m = await running(mgr);
    const got: Widget = await mgr.getClient().get(widgets, { namespace: 'ns', name: 'a' });
    expect(got.metadata?.name).toBe('a');
    await m.stop();
  });

  it('bad input: one clear error, never a crash', async () => {
    const { mgr } = setup();
    const m = await running(mgr);
    const client = mgr.getClient();
    const unknown = unstructuredKind('example.com/v1', 'Gizmo');
    const err: unknown = await client.get(unknown, { name: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoKindMatchError);
    expect((err as Error).message).toBe('no matches for kind "Gizmo" in version "example.com/v1"');
    await expect(client.create(unknown, { metadata: { name: 'x' } })).rejects.toThrow('no matches for kind "Gizmo" in version "example.com/v1"');
    await expect(client.create(WIDGET, { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'x', namespace: 'ns' } })).rejects.toThrow(
      'create: the object is example.com/v1, Kind=Gadget, not example.com/v1, Kind=Widget',
    );
    expect(() => unstructuredKindOf({ metadata: { name: 'x' } })).toThrow(TypeMetaError);
    expect(() => unstructuredKindOf({ metadata: { name: 'x' } })).toThrow('unstructuredKindOf: object "x" has no apiVersion and no kind');
    expect(() => unstructuredKind('a/b/c', 'Widget')).toThrow('unstructuredKind: the object has an invalid apiVersion "a/b/c"');
    await m.stop();
    const noMapper = new Manager({ clients: fakeServer().clients, logger: noopLogger });
    await expect(noMapper.descriptorFor(WIDGET)).rejects.toThrow('the manager has no restMapper: a kind known only by GVK (example.com/v1, Kind=Widget) needs ManagerOptions.restMapper');
  });

  it('readerFailOnMissingInformer refuses a kind nobody asked for', async () => {
    const { mgr } = setup({ cache: { readerFailOnMissingInformer: true } });
    const m = await running(mgr);
    await expect(mgr.getClient().list(WIDGET)).rejects.toThrow(
      'the cache has no informer for example.com/v1, Kind=Widget and readerFailOnMissingInformer is set: watch the kind or ask for its informer first',
    );
    await m.stop();
  });

  it('metadataOnly keeps the metadata alone and never changes its input', () => {
    const obj: Unstructured = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { x: '1' } };
    expect(metadataOnly(obj)).toEqual({ apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: { name: 'a' } });
    expect(obj['data']).toEqual({ x: '1' });
  });
});

describe('the builder over kinds known by GVK', () => {
  const key = (r: Request): string => `${r.namespace}/${r.name}`;

  it('for an unstructured kind, owns a metadata-only kind', async () => {
    const { mgr, ws, fake } = setup();
    const seen: string[] = [];
    const kinds: string[] = [];
    controllerManagedBy(mgr)
      .for(WIDGET)
      .owns(metadataKind('v1', 'ConfigMap'), { predicates: [{ create: (e) => (kinds.push(e.object.kind ?? ''), true) }] })
      .complete((req) => void seen.push(key(req)));
    const m = await running(mgr);
    await ws.create(widget('a'));
    await until(() => seen.includes('ns/a'), 'for');
    await fake.client(configMaps, 'ns').create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'cm', namespace: 'ns', ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'owner', uid: 'u', controller: true }] },
    });
    await until(() => seen.includes('ns/owner'), 'owns');
    // the owned kind's cache holds metadata only
    expect(kinds).toEqual(['PartialObjectMetadata']);
    await m.stop();
  });

  it('waits for a kind the server does not serve yet, logging the mapper error, then reconciles it', async () => {
    const { logger, records } = recordingLogger();
    const { mgr, mapper, fake } = setup({ logger });
    const gizmos = { group: 'example.com', version: 'v1', resource: 'gizmos', kind: 'Gizmo', namespaced: true };
    const seen: string[] = [];
    controllerManagedBy(mgr)
      .for(unstructuredKind('example.com/v1', 'Gizmo'))
      .complete((req) => void seen.push(key(req)));
    const m = await running(mgr);
    await until(() => records.some((r) => r.msg === 'if kind is a CRD, it should be installed before calling Start'), 'the logged miss');
    mapper.serve(mapping('example.com', 'v1', 'Gizmo', 'gizmos'));
    await fake.client(gizmos, 'ns').create({ apiVersion: 'example.com/v1', kind: 'Gizmo', metadata: { name: 'g', namespace: 'ns' } });
    // the source maps the kind again after its backoff (200 ms, then doubling): a wait in time, not in event-loop turns
    await untilInTime(() => seen.includes('ns/g'), 'the gizmo reconciled');
    await m.stop();
  });

  it('fails the manager, naming the kind and the mapper error, when the kind never appears within the cache sync timeout', async () => {
    const { mgr } = setup({ controller: { cacheSyncTimeoutMs: 300 } });
    controllerManagedBy(mgr).for(unstructuredKind('example.com/v1', 'Nothing')).complete(() => undefined);
    const ctl = new AbortController();
    await expect(mgr.start(ctl.signal)).rejects.toThrow(
      'failed to wait for nothing caches to sync kind source: example.com/v1, Kind=Nothing (no matches for kind "Nothing" in version "example.com/v1"): timed out waiting for cache to be synced',
    );
  });
});
