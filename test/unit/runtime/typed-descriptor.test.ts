/**
 * Typed descriptors (issue 25 item 4; kube-rs `Api<K: Resource>`, controller-runtime `builder.For(obj)`): a
 * `ResourceDescriptor<T, TList>` carries its kind's types, and every API taking a descriptor infers them — the typed
 * and fake clients, `ClientFactory`, the informer factory, the manager's `clientFor` / `informerFor` / `lister`, the
 * builder's `for` / `owns` / `watches`, controllerutil's owner references, the dynamic client and envtest's CRD
 * descriptor. A wrong type is a compile error.
 *
 * Two layers:
 * - compile time: `tsc --noEmit -p tsconfig.json` type-checks this file (generated/ and `@kubegen/api` through
 *   their sources and published declarations). Every `@ts-expect-error` line must fail to compile — a stale one
 *   fails tsc — and the `Equal` checks compile only when the inferred type is exactly the expected one. The lines
 *   that must not compile sit in `refused` closures, type-checked but never run;
 * - run time: the inferred clients, informers and listers work, and a descriptor is still plain data (no phantom
 *   member, equal after a JSON round trip).
 */
import { podResource, type Pod, type PodList } from '@kubegen/api/core/v1';
import { SharedInformerFactory, type Informer, type Lister, type SharedIndexInformer } from '../../../runtime/src/cache';
import {
  RestClient,
  TypedClient,
  descriptorOf,
  dynamicClient,
  type KubeList,
  type KubeObject,
  type ListOf,
  type ObjectOf,
  type ResourceClient,
  type ResourceDescriptor,
  type Unstructured,
  type UnstructuredList,
} from '../../../runtime/src/client';
import { controllerManagedBy, type ControllerBuilder } from '../../../runtime/src/controller/builder';
import { enqueueRequestsFromMapFunc, type EventHandler } from '../../../runtime/src/controller/handlers';
import { noopLogger } from '../../../runtime/src/observe/logger';
import { Manager, restClientFactory, type ClientFactory } from '../../../runtime/src/controller/manager';
import { generationChangedPredicate, newPredicateFuncs, type Predicate } from '../../../runtime/src/controller/predicates';
import { setControllerReference, setOwnerReference } from '../../../runtime/src/controllerutil';
import { Fake, customResourceDefinitionResource, type CustomResourceDefinition, type CustomResourceDefinitionList, type FakeClient } from '../../../runtime/src/testing';
import { Clientset as StableFake } from '../../../generated/stable.example.com/src/fake';
import { v1 } from '../../../generated/stable.example.com/src';
import { ScriptedTransport, json } from '../helpers/transport';

type CronTab = v1.CronTab;
type CronTabList = v1.CronTabList;
const cronTabResource = v1.cronTabResource;

/** `true` exactly when `A` and `B` are the same type (not only mutually assignable). */
type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

const cronTab = (name: string, namespace = 'ns'): CronTab => ({
  apiVersion: 'stable.example.com/v1',
  kind: 'CronTab',
  metadata: { name, namespace },
  spec: { schedule: '* * * * *', image: 'busybox' },
});

/** A REST client that answers nothing (for clients built but not called). */
const rest0 = () => new RestClient({ server: 'https://h', transport: new ScriptedTransport(), onWarning: () => undefined });

// --- compile time: generated descriptors carry their kind's types ---
const declared = {
  generated: true satisfies Equal<typeof cronTabResource, ResourceDescriptor<CronTab, CronTabList>>,
  object: true satisfies Equal<ObjectOf<typeof cronTabResource>, CronTab>,
  list: true satisfies Equal<ListOf<typeof cronTabResource>, CronTabList>,
  // @kubegen/api's built-in kinds too
  builtIn: true satisfies Equal<typeof podResource, ResourceDescriptor<Pod, PodList>>,
  // the dynamic path: a mapped kind's descriptor is one of unstructured objects
  dynamic: true satisfies Equal<ReturnType<typeof descriptorOf>, ResourceDescriptor<Unstructured, UnstructuredList>>,
  // envtest's CRD installer
  crd: true satisfies Equal<typeof customResourceDefinitionResource, ResourceDescriptor<CustomResourceDefinition, CustomResourceDefinitionList>>,
};

// --- compile time: every API infers T from the descriptor, and refuses another T ---
function clients(rest: RestClient, fake: Fake, factory: ClientFactory) {
  const real = new TypedClient(rest, cronTabResource, 'ns');
  const _fakeClient = fake.client(cronTabResource, 'ns');
  const _fromFactory = factory(podResource, 'ns');
  const refused = () => [
    // @ts-expect-error a TypedClient of Pods over the CronTab descriptor
    new TypedClient<Pod, PodList>(rest, cronTabResource, 'ns'),
    // @ts-expect-error a fake client of Pods over the CronTab descriptor
    fake.client<Pod>(cronTabResource, 'ns'),
    // @ts-expect-error a ClientFactory picking Pods for the CronTab descriptor
    factory<Pod, PodList>(cronTabResource, 'ns'),
    // @ts-expect-error the inferred client takes CronTabs only
    real.create({ metadata: { name: 'p' }, spec: { containers: [] } }),
  ];
  // a descriptor of T is one of its supertypes: code serving any kind takes it
  const _anyKind: ResourceClient<KubeObject, KubeList<KubeObject>> = factory<KubeObject>(cronTabResource, 'ns');
  return {
    real: true satisfies Equal<typeof real, TypedClient<CronTab, CronTabList>>,
    fake: true satisfies Equal<typeof _fakeClient, FakeClient<CronTab, CronTabList>>,
    factory: true satisfies Equal<typeof _fromFactory, ResourceClient<Pod, PodList>>,
    refused,
  };
}

function informers(factory: SharedInformerFactory, fake: Fake, mgr: Manager) {
  const _informer = factory.informerFor(cronTabResource, fake.client(cronTabResource, factory.namespace));
  const _found = factory.informerOf(cronTabResource);
  const _managed = mgr.informerFor(podResource);
  const _lister = mgr.lister(cronTabResource);
  const _direct = mgr.clientFor(cronTabResource, 'ns');
  const refused = () => [
    // @ts-expect-error an informer of Pods for the CronTab descriptor
    factory.informerFor<Pod>(cronTabResource, fake.client(podResource, '')),
    // @ts-expect-error the CronTab informer listing and watching with a Pod client
    factory.informerFor(cronTabResource, fake.client(podResource, '')),
    // @ts-expect-error a lister of Pods for the CronTab descriptor
    mgr.lister<Pod>(cronTabResource),
    // @ts-expect-error a shared informer of CronTabs for the Pod descriptor
    mgr.informerFor<CronTab>(podResource),
    // @ts-expect-error a direct client of Pods for the CronTab descriptor
    mgr.clientFor<Pod>(cronTabResource, 'ns'),
  ];
  return {
    refused,
    informer: true satisfies Equal<typeof _informer, SharedIndexInformer<CronTab>>,
    found: true satisfies Equal<typeof _found, SharedIndexInformer<CronTab> | undefined>,
    managed: true satisfies Equal<typeof _managed, Informer<Pod>>,
    lister: true satisfies Equal<typeof _lister, Lister<CronTab>>,
    direct: true satisfies Equal<typeof _direct, ResourceClient<CronTab, CronTabList>>,
  };
}

/** Never run: what the builder refuses. */
function builderRefuses(b: ControllerBuilder, onPod: EventHandler<Pod>, podFilter: Predicate<Pod>): ControllerBuilder[] {
  return [
    // @ts-expect-error a Pod predicate on the CronTab `for`
    b.for(cronTabResource, { predicates: [podFilter] }),
    // @ts-expect-error a Pod predicate on owned CronTabs
    b.owns(cronTabResource, { predicates: [podFilter] }),
    // @ts-expect-error a Pod handler watching CronTabs
    b.watches(cronTabResource, onPod),
    // @ts-expect-error the builder does not let the caller pick another type than the descriptor's
    b.for<Pod>(cronTabResource),
  ];
}

function builder(b: ControllerBuilder): ControllerBuilder {
  return b
    .for(cronTabResource, { predicates: [generationChangedPredicate(), newPredicateFuncs((ct) => ct.spec.schedule !== '')] })
    .owns(podResource, { predicates: [newPredicateFuncs((p) => p.spec?.containers.length !== 0)] })
    // the map function's argument is inferred from the descriptor: a Pod
    .watches(podResource, enqueueRequestsFromMapFunc((p) => (p.spec?.nodeName ? [{ namespace: '', name: p.spec.nodeName }] : [])));
}

function owners(ct: CronTab, pod: Pod): () => void {
  setControllerReference(ct, pod, cronTabResource);
  setOwnerReference(ct, pod, { group: 'stable.example.com', version: 'v1', kind: 'CronTab' });
  return () => {
    // @ts-expect-error the owner's descriptor must be the owner's kind
    setControllerReference(ct, pod, podResource);
  };
}

const typeChecks = { declared, clients, informers, builder, builderRefuses, owners };

describe('typed descriptors', () => {
  it('are checked at compile time (tsc type-checks this file; every check compiled to true)', () => {
    expect(declared).toEqual({ generated: true, object: true, list: true, builtIn: true, dynamic: true, crd: true });
    expect(Object.keys(typeChecks)).toEqual(['declared', 'clients', 'informers', 'builder', 'builderRefuses', 'owners']);
  });

  it('stay plain data at run time: no phantom member, equal after a JSON round trip', () => {
    for (const d of [cronTabResource, podResource, customResourceDefinitionResource] as const) {
      expect(Object.keys(d)).not.toContain('~types');
      expect('~types' in d).toBe(false);
      expect(JSON.parse(JSON.stringify(d))).toEqual(d);
    }
    expect(structuredClone(cronTabResource)).toEqual(cronTabResource);
  });

  it('infer working clients: the real client, the fake, a ClientFactory and the generated fake clientset', async () => {
    const t = new ScriptedTransport(json(cronTab('a'), 201));
    const c = clients(rest0(), new Fake(), (d, ns) => new Fake().client(d, ns));
    const rest = new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined });
    const fake = new Fake();
    const factory: ClientFactory = (d, ns) => fake.client(d, ns);
    expect([c.real, c.fake, c.factory]).toEqual([true, true, true]);
    expect(typeof c.refused).toBe('function');

    const created: CronTab = await new TypedClient(rest, cronTabResource, 'ns').create(cronTab('a'));
    expect(created.spec.schedule).toBe('* * * * *');
    expect(t.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/apis/stable.example.com/v1/namespaces/ns/crontabs']]);

    await fake.client(cronTabResource, 'ns').create(cronTab('b'));
    const read: CronTab = await factory(cronTabResource, 'ns').get('b');
    expect(read.spec.image).toBe('busybox');
    // a client widened to any kind reads the same object
    const anyKind: ResourceClient<KubeObject, KubeList<KubeObject>> = factory<KubeObject>(cronTabResource, 'ns');
    expect((await anyKind.get('b')).metadata?.name).toBe('b');

    const cs = new StableFake();
    await cs.stableV1().cronTabs('ns').create(cronTab('c'));
    expect((await cs.fake.client(cronTabResource, 'ns').list()).items.map((i) => i.spec.schedule)).toEqual(['* * * * *']);

    const restFactory = restClientFactory(rest);
    expect(restFactory(podResource, 'ns')).toBeInstanceOf(TypedClient);
  });

  it('infer informers, listers and direct clients from the factory and the manager', async () => {
    const fake = new Fake();
    await fake.client(cronTabResource, 'ns').create(cronTab('x'));
    const sif = new SharedInformerFactory({ namespace: '' });
    const mgr = new Manager({ clients: (d, ns) => fake.client(d, ns), logger: noopLogger });
    const i = informers(sif, fake, mgr);
    expect([i.informer, i.found, i.managed, i.lister, i.direct]).toEqual([true, true, true, true, true]);
    expect(typeof i.refused).toBe('function');
    expect(sif.informerOf(cronTabResource)).toBe(sif.informerFor(cronTabResource, fake.client(cronTabResource, '')));
    expect(sif.informerOf(podResource)).toBeUndefined();

    const stop = new AbortController();
    sif.start(stop.signal);
    try {
      const informer = sif.informerFor(cronTabResource, fake.client(cronTabResource, ''));
      expect(await informer.waitForSync(stop.signal)).toBe(true);
      const cached: readonly Readonly<CronTab>[] = informer.getIndexer().list();
      expect(cached.map((o) => o.spec.image)).toEqual(['busybox']);
    } finally {
      stop.abort();
      await sif.shutdown();
    }
    // the manager registered its informers before start, typed as their descriptors
    expect(mgr.lister(cronTabResource)).toBeDefined();
  });

  it('wire the builder with handlers and predicates of the descriptor\'s kind', () => {
    const fake = new Fake();
    const mgr = new Manager({ clients: (d, ns) => fake.client(d, ns), logger: noopLogger });
    const controller = builder(controllerManagedBy(mgr)).build(() => undefined);
    // named after the `for` kind; the behaviour of for / owns / watches is test/unit/runtime/controller's
    expect(controller.name).toBe('crontab');
  });

  it('type the owner of an owner reference, and the dynamic client', () => {
    const pod: Pod = { metadata: { name: 'p', namespace: 'ns' } };
    expect(typeof owners({ ...cronTab('o'), metadata: { name: 'o', namespace: 'ns', uid: 'u-1' } }, pod)).toBe('function');
    expect(pod.metadata?.ownerReferences?.map((r) => [r.kind, r.name, r.controller])).toEqual([['CronTab', 'o', undefined]]);

    const rest = rest0();
    const mapping = { groupVersionKind: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' }, resource: { group: 'stable.example.com', version: 'v1', resource: 'crontabs' }, namespaced: true };
    const dyn = dynamicClient(rest, mapping, 'ns');
    expect(true satisfies Equal<typeof dyn, TypedClient<Unstructured, UnstructuredList>>).toBe(true);
    expect(dyn.descriptor).toEqual({ group: 'stable.example.com', version: 'v1', resource: 'crontabs', kind: 'CronTab', namespaced: true });
  });
});
