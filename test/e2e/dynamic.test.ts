/**
 * The dynamic client, the REST mapper and the manager over a kind the program does not know when it starts
 * (issue 27 items 2 and 4), against the real apiserver:
 *
 * - a CRD (its own group) is created through the dynamic client while the program runs; the REST mapper, asked
 *   before, answers NoKindMatch, and finds the kind once it is established (the refresh after a miss);
 * - CRUD, status, every patch type, apply, a watch and an informer (the dynamic informer factory) through the dynamic
 *   client;
 * - the manager's client: get / list / update of unstructured objects, and of metadata-only ones (the
 *   PartialObjectMetadata media type), reads from informers started on demand;
 * - a builder-run controller reconciling the kind known only by GVK.
 */
import {
  createRestClient,
  DeferredDiscoveryRESTMapper,
  DiscoveryClient,
  fromOptions,
  isNotFound,
  NoKindMatchError,
  type RestClient,
} from '@kubegen/runtime';
import { DynamicClient, DynamicSharedInformerFactory, nestedFieldNoCopy, nestedInt64, nestedSlice, type Unstructured } from '@kubegen/runtime/dynamic';
import { controllerManagedBy, Manager, metadataKind, noopLogger, restClientFactory, restMetadataClientFactory, unstructuredKind } from '@kubegen/runtime/controller';
import { useE2e } from './support/namespace';

const e2e = useE2e(__filename);

const GROUP = 'dynamic.e2e.kubegen.io';
const CRD_NAME = `sprockets.${GROUP}`;
const SPROCKETS = { group: GROUP, version: 'v1', resource: 'sprockets' };
const CRDS = { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' };

const crd: Unstructured = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: CRD_NAME },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { kind: 'Sprocket', listKind: 'SprocketList', plural: 'sprockets', singular: 'sprocket' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties: { teeth: { type: 'integer' }, color: { type: 'string' } } },
              status: { type: 'object', properties: { observedTeeth: { type: 'integer' } } },
            },
          },
        },
      },
    ],
  },
};

let rest: RestClient;
let dyn: DynamicClient;

const sprocket = (name: string, teeth: number): Unstructured => ({
  apiVersion: `${GROUP}/v1`,
  kind: 'Sprocket',
  metadata: { name, namespace: e2e.namespace },
  spec: { teeth },
});

beforeAll(() => {
  const { url, ca, token } = e2e.connection;
  rest = createRestClient(fromOptions({ server: url, ca, token }));
  dyn = new DynamicClient(rest);
});

afterAll(async () => {
  await dyn.resource(CRDS).delete(CRD_NAME).catch((err: unknown) => {
    if (!isNotFound(err)) throw err;
  });
  await rest.close();
});

describe('a kind installed while the program runs', () => {
  it('is found by the REST mapper once established, and served by the dynamic client and its informers', async () => {
    const mapper = new DeferredDiscoveryRESTMapper(new DiscoveryClient(rest), { logger: noopLogger });
    await expect(mapper.restMapping({ group: GROUP, kind: 'Sprocket' }, ['v1'])).rejects.toBeInstanceOf(NoKindMatchError);

    await dyn.resource(CRDS).create(crd);
    await e2e.kube.eventually('the CRD to be established', async () => {
      const got = await dyn.resource(CRDS).get(CRD_NAME);
      // a CRD just created can answer `conditions: null` (the Go field has no omitempty): not a list yet
      if (!Array.isArray(nestedFieldNoCopy(got, 'status', 'conditions').value)) return undefined;
      const conditions = nestedSlice(got, 'status', 'conditions').value ?? [];
      return conditions.some((c) => typeof c === 'object' && c !== null && !Array.isArray(c) && c['type'] === 'Established' && c['status'] === 'True') ? true : undefined;
    });
    const mapping = await e2e.kube.eventually('the kind to be discovered', () => mapper.restMapping({ group: GROUP, kind: 'Sprocket' }, ['v1']).catch(() => undefined));
    expect(mapping).toEqual({ groupVersionKind: { group: GROUP, version: 'v1', kind: 'Sprocket' }, resource: SPROCKETS, namespaced: true });

    const c = dyn.resource(SPROCKETS).namespace(e2e.namespace);
    // served as soon as established; the first request can still race the apiserver's handler
    await e2e.kube.eventually('sprockets to be served', () => c.list().then(() => true, () => undefined));
    const watch = await c.watch({ resourceVersion: (await c.list()).metadata?.resourceVersion ?? '' });
    const created = await c.create(sprocket('a', 12));
    expect(created.metadata?.uid).toBeTruthy();
    const got = await c.get('a');
    expect(nestedInt64(got, 'spec', 'teeth').value).toBe(12);
    const updated = await c.update({ ...got, spec: { teeth: 14 } });
    const status = await c.updateStatus({ ...updated, status: { observedTeeth: 14 } });
    expect(status['status']).toEqual({ observedTeeth: 14 });
    expect((await c.get('a', {}, 'status'))['status']).toEqual({ observedTeeth: 14 });
    await c.patch('a', 'application/merge-patch+json', { spec: { color: 'red' } });
    await c.patch('a', 'application/json-patch+json', [{ op: 'replace', path: '/spec/teeth', value: 16 }]);
    const applied = await c.apply({ apiVersion: `${GROUP}/v1`, kind: 'Sprocket', metadata: { name: 'b' }, spec: { teeth: 8 } }, { fieldManager: 'e2e', force: true });
    expect(applied.metadata?.managedFields?.[0]?.manager).toBe('e2e');
    expect((await c.list()).items.map((o) => `${o.metadata?.name ?? ''}:${String(nestedInt64(o, 'spec', 'teeth').value)}`).sort()).toEqual(['a:16', 'b:8']);
    const events: string[] = [];
    for await (const e of watch) {
      events.push(`${e.type} ${e.object.metadata?.name ?? ''}`);
      if (events.length === 6) break;
    }
    watch.stop();
    // create, update, status, merge patch, JSON patch of a; apply creating b
    expect(events).toEqual(['ADDED a', 'MODIFIED a', 'MODIFIED a', 'MODIFIED a', 'MODIFIED a', 'ADDED b']);
    await c.delete('b');
    expect(isNotFound(await c.get('b').catch((e: unknown) => e))).toBe(true);

    const factory = new DynamicSharedInformerFactory(dyn, { namespace: e2e.namespace, logger: noopLogger });
    const informer = factory.forResource(SPROCKETS);
    const stop = new AbortController();
    factory.start(stop.signal);
    expect([...(await factory.waitForCacheSync(stop.signal))]).toEqual([[`${GROUP}/v1/sprockets`, true]]);
    expect(informer.lister().namespace(e2e.namespace).list().map((o) => o.metadata?.name)).toEqual(['a']);
    await c.create(sprocket('c', 3));
    await e2e.kube.eventually('c in the informer', async () => (informer.lister().namespace(e2e.namespace).list().length === 2 ? true : undefined));
    stop.abort();
    await factory.shutdown();
  });

  it('the manager reads and writes it as unstructured and as metadata, and a controller reconciles it by GVK', async () => {
    const mapper = new DeferredDiscoveryRESTMapper(new DiscoveryClient(rest), { logger: noopLogger });
    const mgr = new Manager({
      clients: restClientFactory(rest),
      metadataClients: restMetadataClientFactory(rest),
      restMapper: mapper,
      cache: { namespace: e2e.namespace },
      logger: noopLogger,
    });
    const SPROCKET = unstructuredKind(`${GROUP}/v1`, 'Sprocket');
    const SPROCKET_META = metadataKind(`${GROUP}/v1`, 'Sprocket');
    const client = mgr.getClient();
    const reconciled = new Set<string>();
    controllerManagedBy(mgr)
      .for(SPROCKET)
      .complete(async (req) => {
        const s = await client.get(SPROCKET, req).catch((err: unknown) => {
          if (isNotFound(err)) return undefined;
          throw err;
        });
        if (!s) return;
        const teeth = nestedInt64(s, 'spec', 'teeth').value ?? 0;
        await client.updateStatus(SPROCKET, { ...s, status: { observedTeeth: teeth } });
        reconciled.add(req.name);
      });
    const ctl = new AbortController();
    const run = mgr.start(ctl.signal);
    try {
      await mgr.elected();
      await e2e.kube.eventually('the existing sprockets reconciled', async () => (reconciled.has('a') && reconciled.has('c') ? true : undefined));
      const c = dyn.resource(SPROCKETS).namespace(e2e.namespace);
      expect((await c.get('c'))['status']).toEqual({ observedTeeth: 3 });

      // unstructured through the manager's client (read from the cache)
      expect((await client.list(SPROCKET)).map((o) => o.metadata?.name).sort()).toEqual(['a', 'c']);
      const a = await client.get(SPROCKET, { namespace: e2e.namespace, name: 'a' });
      await client.update(SPROCKET, { ...a, spec: { teeth: 20 } });
      await e2e.kube.eventually('the update reconciled', async () => (nestedInt64(await c.get('a'), 'status', 'observedTeeth').value === 20 ? true : undefined));

      // metadata only, from an informer of its own started on demand
      const meta = await client.get(SPROCKET_META, { namespace: e2e.namespace, name: 'c' });
      expect(meta.kind).toBe('PartialObjectMetadata');
      expect(Object.keys(meta).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
      expect((await client.list(SPROCKET_META)).length).toBe(2);
      const labelled = await client.update(SPROCKET_META, { ...meta, metadata: { ...meta.metadata, labels: { tier: 'gold' } } });
      expect(labelled.metadata?.labels).toEqual({ tier: 'gold' });
      const server = await c.get('c');
      expect(server.metadata?.labels).toEqual({ tier: 'gold' });
      expect(nestedInt64(server, 'spec', 'teeth').value).toBe(3);

      // bad input: a kind the server does not serve is the mapper's error; an object without apiVersion/kind one line
      await expect(client.get(unstructuredKind(`${GROUP}/v1`, 'Flywheel'), { namespace: e2e.namespace, name: 'x' })).rejects.toThrow(
        `no matches for kind "Flywheel" in version "${GROUP}/v1"`,
      );
      await expect(c.create({ metadata: { name: 'bare', namespace: e2e.namespace } })).rejects.toThrow(`create: object "${e2e.namespace}/bare" has no apiVersion and no kind`);
      expect(isNotFound(await dyn.resource({ ...SPROCKETS, resource: 'flywheels' }).namespace(e2e.namespace).list().catch((e: unknown) => e))).toBe(true);

      // a new object of the kind is reconciled
      await c.create(sprocket('d', 5));
      await e2e.kube.eventually('d reconciled', async () => (nestedInt64(await c.get('d'), 'status', 'observedTeeth').value === 5 ? true : undefined));
    } finally {
      ctl.abort();
      await run;
    }
  });
});
