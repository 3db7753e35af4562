/**
 * The shape generated clientsets take over the runtime: a per-kind descriptor, a per-kind interface (all verbs or
 * a `Pick` of them), a group client handing out namespaced clients, and the fake bound the same way. The
 * `@ts-expect-error` lines are checked by `tsc --noEmit -p tsconfig.json`.
 */
import { Fake } from '../../../../runtime/src/testing';
import {
  isNotFound,
  RestClient,
  TypedClient,
  type KubeList,
  type ObjectMeta,
  type ResourceClient,
  type ResourceDescriptor,
} from '../../../../runtime/src/index';
import { ScriptedTransport, json } from '../../helpers/transport';

// --- what `generated/stable.example.com/src/v1/crontab.ts` looks like ---
export interface CronTab {
  apiVersion?: 'stable.example.com/v1';
  kind?: 'CronTab';
  metadata?: ObjectMeta;
  spec: { cronSpec: string; replicas?: number };
  status?: { replicas?: number };
}
export interface CronTabList extends KubeList<CronTab> {}
export const cronTabResource: ResourceDescriptor<CronTab, CronTabList> = {
  group: 'stable.example.com',
  version: 'v1',
  resource: 'crontabs',
  kind: 'CronTab',
  listKind: 'CronTabList',
  namespaced: true,
  subresources: { status: true },
};
/** `+genclient` with the status subresource, without scale: every verb but getScale/updateScale. */
export type CronTabInterface = Omit<ResourceClient<CronTab, CronTabList>, 'getScale' | 'updateScale'>;
/** `+genclient:readonly` on a cluster-scoped kind. */
export interface Cluster {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}
export const clusterResource: ResourceDescriptor<Cluster> = { group: 'stable.example.com', version: 'v1', resource: 'clusters', kind: 'Cluster', namespaced: false };
export type ClusterInterface = Pick<ResourceClient<Cluster, KubeList<Cluster>>, 'get' | 'list' | 'listAll' | 'listPages' | 'watch'>;

export class StableV1Client {
  constructor(private readonly rest: RestClient) {}
  crontabs(namespace: string): CronTabInterface {
    return new TypedClient(this.rest, cronTabResource, namespace);
  }
  clusters(): ClusterInterface {
    return new TypedClient(this.rest, clusterResource);
  }
}
export class FakeStableV1Client {
  constructor(readonly fake: Fake = new Fake()) {}
  crontabs(namespace: string): CronTabInterface {
    return this.fake.client(cronTabResource, namespace);
  }
  clusters(): ClusterInterface {
    return this.fake.client(clusterResource);
  }
}
// --- end of the generated shape ---

async function reconcile(client: { crontabs(ns: string): CronTabInterface }): Promise<number | undefined> {
  const ct = await client.crontabs('ns').get('a').catch((e: unknown) => (isNotFound(e) ? undefined : Promise.reject(e)));
  if (!ct) {
    const created = await client.crontabs('ns').create({ metadata: { name: 'a' }, spec: { cronSpec: '* * * * *' } });
    return created.spec.replicas;
  }
  return ct.spec.replicas;
}

it('the real and the fake client satisfy the same generated interface', async () => {
  const t = new ScriptedTransport(
    json({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404 }, 404),
    json({ metadata: { name: 'a' }, spec: { cronSpec: '* * * * *', replicas: 1 } }, 201),
  );
  const real = new StableV1Client(new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined }));
  expect(await reconcile(real)).toBe(1);
  expect(await reconcile(new FakeStableV1Client())).toBeUndefined();
});

it('is fully typed', () => {
  const fake = new FakeStableV1Client();
  const c = fake.crontabs('ns');
  // @ts-expect-error spec.cronSpec must be a string
  void c.create({ metadata: { name: 'x' }, spec: { cronSpec: 5 } }).catch(() => undefined);
  // @ts-expect-error readonly clients have no create
  const _noCreate: keyof ReturnType<typeof fake.clusters> = 'create';
  // @ts-expect-error apply needs a fieldManager
  void c.apply({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'x' } }, {}).catch(() => undefined);
  // @ts-expect-error unknown patch type
  void c.patch('x', 'application/xml', {}).catch(() => undefined);
  // apply configurations are deep-partial
  void c.apply({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'x' }, spec: { replicas: 2 } }, { fieldManager: 'me' }).catch(() => undefined);
  // merge patches may null out fields
  void c.patch('x', 'application/merge-patch+json', { spec: { replicas: null } }).catch(() => undefined);
});
