/**
 * Lean caches on the real apiserver (issue 28 item 1): a controller `for` a small CRD kind owns 10,000 ConfigMaps
 * cached metadata-only (`owns(configMaps, { onlyMetadata: true })`, the PartialObjectMetadata media type). Half the
 * ConfigMaps exist before the manager starts (the list), half are created while it runs (the watch). Every one
 * reaches the owner handler with its labels and owner reference intact, every owner is reconciled, a label change
 * reconciles its owner again, and the cache holds metadata only — no `data`, no `managedFields` (the default
 * transform) — read through the manager client's `metadataKind` from the builder's own informer.
 */
import { createRestClient, fromOptions, TypedClient, type KubeObject, type RestClient, type ResourceDescriptor } from '@kubegen/runtime';
import { controllerManagedBy, Manager, metadataKind, newPredicateFuncs, noopLogger, restClientFactory, restMetadataClientFactory } from '@kubegen/runtime/controller';
import type { PartialObjectMetadata } from '@kubegen/runtime/dynamic';
import { applyCrd, deleteCrd, singleVersionCrd } from './support/crds';
import { pool } from './support/objects';
import { Kube } from './support/kube';
import { useE2e } from './support/namespace';

// 10,000 objects through one apiserver on a loaded machine: generous, though it takes seconds.
jest.setTimeout(240_000);

const e2e = useE2e(__filename);

const GROUP = 'leancache.e2e.kubegen.io';
const CRD_NAME = `holders.${GROUP}`;
const HOLDERS = 10;
const CONFIGMAPS = 10_000;
const IN_FLIGHT = 32;

const holders: ResourceDescriptor = { group: GROUP, version: 'v1', resource: 'holders', kind: 'Holder', namespaced: true };
interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}
const configMaps: ResourceDescriptor<ConfigMap> = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };

const crd = singleVersionCrd(GROUP, 'Holder', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true });

let rest: RestClient;

beforeAll(() => {
  const { url, ca, token } = e2e.connection;
  rest = createRestClient(fromOptions({ server: url, ca, token }));
});

afterAll(async () => {
  // no namespace controller runs: delete the ConfigMaps so that later files do not list them
  await new TypedClient(rest, configMaps, e2e.namespace).deleteCollection().catch(() => undefined);
  // useE2e's afterAll (registered first, so run first) has closed e2e.kube: a client of this hook's own
  const kube = new Kube(e2e.connection);
  await deleteCrd(kube, CRD_NAME).finally(() => kube.close());
  await rest.close();
});

/** Runs `work(i)` for i in [from, to) with `IN_FLIGHT` at a time. */
async function concurrently(from: number, to: number, work: (i: number) => Promise<unknown>): Promise<void> {
  await pool(Array.from({ length: to - from }, (_, k) => from + k), IN_FLIGHT, async (i) => {
    await work(i);
  });
}

describe('a metadata-only owned kind at 10,000 objects', () => {
  it('triggers reconciles with labels and owner references intact, and caches no data', async () => {
    const applied = await applyCrd(e2e.kube, crd);
    expect(applied.conditions).toContainEqual(expect.objectContaining({ type: 'Established', status: 'True' }));
    const hc = new TypedClient(rest, holders, e2e.namespace);
    await e2e.kube.eventually('holders to be served', () => hc.list().then(() => true, () => undefined));
    const owners = await Promise.all(Array.from({ length: HOLDERS }, (_, i) => hc.create({ apiVersion: `${GROUP}/v1`, kind: 'Holder', metadata: { name: `h${i}`, namespace: e2e.namespace } })));
    const cc = new TypedClient(rest, configMaps, e2e.namespace);
    const createConfigMap = (i: number): Promise<ConfigMap> => {
      const owner = owners[i % HOLDERS];
      if (!owner?.metadata?.uid || !owner.metadata.name) throw new Error('owner without uid');
      return cc.create({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: `cm-${i}`,
          namespace: e2e.namespace,
          labels: { holder: owner.metadata.name, index: String(i) },
          ownerReferences: [{ apiVersion: `${GROUP}/v1`, kind: 'Holder', name: owner.metadata.name, uid: owner.metadata.uid, controller: true }],
        },
        data: { payload: 'x'.repeat(64) },
      });
    };
    await concurrently(0, CONFIGMAPS / 2, createConfigMap);

    const mgr = new Manager({
      clients: restClientFactory(rest),
      metadataClients: restMetadataClientFactory(rest),
      // the client's metadata reads must find the builder's informer, not start one of their own
      cache: { namespace: e2e.namespace, readerFailOnMissingInformer: true },
      logger: noopLogger,
    });
    /** ConfigMap name → what the owner handler saw: `<holder label>/<index label>/<controller owner>`. */
    const seen = new Map<string, string>();
    const reconciled = new Map<string, number>();
    controllerManagedBy(mgr)
      .for(holders)
      .owns(configMaps, {
        onlyMetadata: true,
        predicates: [newPredicateFuncs((m: PartialObjectMetadata) => {
          const ref = m.metadata?.ownerReferences?.find((r) => r.controller === true);
          seen.set(m.metadata?.name ?? '', `${m.metadata?.labels?.holder ?? '-'}/${m.metadata?.labels?.index ?? '-'}/${ref ? `${ref.kind}:${ref.name}` : '-'}`);
          return true;
        })],
      })
      .withOptions({ maxConcurrentReconciles: 4 })
      .complete((req) => void reconciled.set(req.name, (reconciled.get(req.name) ?? 0) + 1));
    const ctl = new AbortController();
    const run = mgr.start(ctl.signal);
    try {
      await mgr.elected();
      await concurrently(CONFIGMAPS / 2, CONFIGMAPS, createConfigMap);
      await e2e.kube.eventually('every ConfigMap seen by the owner handler', async () => (seen.size === CONFIGMAPS ? true : undefined), 120_000);
      const wrong = [...seen].filter(([name, what]) => {
        const i = Number(name.slice('cm-'.length));
        return what !== `h${i % HOLDERS}/${i}/Holder:h${i % HOLDERS}`;
      });
      expect(wrong.slice(0, 5)).toEqual([]);
      await e2e.kube.eventually('every owner reconciled', async () => (reconciled.size === HOLDERS ? true : undefined), 60_000);

      // the cache: metadata only, no data, no managedFields
      const client = mgr.getClient();
      const cached = await client.list(metadataKind('v1', 'ConfigMap'), { namespace: e2e.namespace });
      expect(cached.length).toBe(CONFIGMAPS);
      const shapes = new Set(cached.map((o) => `${o.kind ?? ''} ${Object.keys(o).sort().join(',')} ${o.metadata?.managedFields === undefined ? 'no-managedFields' : 'managedFields'}`));
      expect([...shapes]).toEqual(['PartialObjectMetadata apiVersion,kind,metadata no-managedFields']);
      const one = await client.get(metadataKind('v1', 'ConfigMap'), { namespace: e2e.namespace, name: 'cm-7' });
      expect(one.metadata?.labels).toEqual({ holder: 'h7', index: '7' });

      // a label change of an owned ConfigMap reconciles its owner again
      const before = reconciled.get('h3') ?? 0;
      await cc.patch('cm-3', 'application/merge-patch+json', { metadata: { labels: { touched: 'yes' } } });
      await e2e.kube.eventually('h3 reconciled after the label change', async () => ((reconciled.get('h3') ?? 0) > before ? true : undefined));
      await e2e.kube.eventually('the change in the cache', async () =>
        (await client.get(metadataKind('v1', 'ConfigMap'), { namespace: e2e.namespace, name: 'cm-3' })).metadata?.labels?.touched === 'yes' ? true : undefined);
    } finally {
      ctl.abort();
      await run;
    }
  });
});
