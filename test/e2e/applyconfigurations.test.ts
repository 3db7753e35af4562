/**
 * Typed apply configurations on a real API server: the golden case `generics` (`+kubebuilder:ac:generate=true` on
 * its kind Store, whose spec instantiates generic API types) is installed from its CRD, and objects are applied
 * through its generated client with the generated constructor `store(name, namespace, fields)` — the code under
 * test is the case's committed `expected/generated`, imported and type-checked as it stands. Two field managers
 * own disjoint fields, a third conflicts and forces, and a configuration leaving a field out releases it.
 */
import * as path from 'node:path';
import { createRestClient, fromOptions, isConflict, type RestClient } from '@kubegen/runtime';
import { store, type RefSecretApplyConfiguration, type StoreApplyConfiguration } from '../golden/generics/expected/generated/generics.example.com/src/v1/applyconfigurations';
import { GenericsV1Client, type StoreClient } from '../golden/generics/expected/generated/generics.example.com/src/v1/client';
import { applyCrd, generateCrds } from './support/crds';
import { useE2e } from './support/namespace';

const e2e = useE2e(__filename);
const APIS = path.resolve(__dirname, '../golden/generics/apis');

// the client beforeAll opened, if it got that far: afterAll closes only what exists
let rest: RestClient | undefined;
let stores: StoreClient;
let crdName = '';

beforeAll(async () => {
  const crd = generateCrds({ name: 'applyconfigurations', apisRoot: APIS }).find((c) => c.spec.group === 'generics.example.com')!;
  crdName = crd.metadata.name;
  expect((await applyCrd(e2e.kube, crd)).status).toBe(201);
  const { url, ca, token } = e2e.connection;
  const client = createRestClient(fromOptions({ server: url, ca, token }));
  rest = client;
  stores = new GenericsV1Client(client).stores(e2e.namespace);
  await e2e.kube.eventually('stores to be served', async () => ((await stores.list().then(() => true, () => false)) ? true : undefined));
});

afterAll(async () => {
  // Runs after useE2e's own afterAll has closed its helper client, so the CRD goes through ours.
  if (crdName && rest) await rest.request({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}` });
  await rest?.close();
});

test('the generated constructor sets the identity; the client applies it server-side', async () => {
  const secret: RefSecretApplyConfiguration = { name: 'creds', kind: 'Secret' };
  const config: StoreApplyConfiguration = store('one', e2e.namespace, { metadata: { labels: { app: 'ac' } }, spec: { secretRef: secret, pairs: [{ key: 'a', value: 1 }] } });
  expect(config).toEqual({
    apiVersion: 'generics.example.com/v1',
    kind: 'Store',
    metadata: { name: 'one', namespace: e2e.namespace, labels: { app: 'ac' } },
    spec: { secretRef: { name: 'creds', kind: 'Secret' }, pairs: [{ key: 'a', value: 1 }] },
  });
  const applied = await stores.apply(config, { fieldManager: 'alice' });
  expect(applied.metadata?.labels).toEqual({ app: 'ac' });
  expect(applied.spec).toEqual({ secretRef: { name: 'creds', kind: 'Secret' }, pairs: [{ key: 'a', value: 1 }] });
  expect(applied.metadata?.managedFields?.map((m) => [m.manager, m.operation])).toEqual([['alice', 'Apply']]);
});

test('managers own disjoint fields; a conflicting manager is refused until it forces; leaving a field out releases it', async () => {
  await stores.apply(store('two', e2e.namespace, { spec: { secretRef: { name: 'creds' } } }), { fieldManager: 'alice' });
  const both = await stores.apply(store('two', e2e.namespace, { spec: { configRef: { name: 'settings', kind: 'ConfigMap' } } }), { fieldManager: 'bob' });
  expect(both.spec).toEqual({ secretRef: { name: 'creds' }, configRef: { name: 'settings', kind: 'ConfigMap' } });

  let conflict: unknown;
  await stores.apply(store('two', e2e.namespace, { spec: { secretRef: { name: 'other' } } }), { fieldManager: 'carol' }).catch((err: unknown) => (conflict = err));
  expect(isConflict(conflict)).toBe(true);
  const forced = await stores.apply(store('two', e2e.namespace, { spec: { secretRef: { name: 'other' } } }), { fieldManager: 'carol', force: true });
  expect(forced.spec?.secretRef.name).toBe('other');

  // bob applies again without configRef: the field he alone owned is removed
  const released = await stores.apply(store('two', e2e.namespace, { spec: { anyRef: { name: 'x', kind: 'ConfigMap' } } }), { fieldManager: 'bob' });
  expect(released.spec).toEqual({ secretRef: { name: 'other' }, anyRef: { name: 'x', kind: 'ConfigMap' } });
});
