/**
 * The shape generated per-kind listers and informers should have (lister-gen / informer-gen for kubegen): thin
 * bindings of a type, a descriptor and a GroupResource over the runtime's generic cache — written here by hand
 * against the generated stable.example.com clientset, type-checked with the rest of the tests, and run against
 * its fake.
 */
import { SharedInformerFactory } from '../../../../runtime/src/cache/factory';
import type { SharedIndexInformer } from '../../../../runtime/src/cache/informer';
import { Lister, type NamespacedLister } from '../../../../runtime/src/cache/lister';
import type { ReadonlyIndexer } from '../../../../runtime/src/cache/store';
import { isNotFound } from '../../../../runtime/src/errors/errors';
import { newSimpleClientset } from '../../../../generated/stable.example.com/src/fake';
import { cronTabResource, type StableV1Interface } from '../../../../generated/stable.example.com/src/v1/client';
import type { CronTab } from '../../../../generated/stable.example.com/src/v1/types';

// ---- what generated/stable.example.com/src/v1/listers.ts would hold ----
/** CronTabLister: CronTabs from an informer's cache (`list(selector)`, `namespace(ns).list/get`). */
export type CronTabLister = NamespacedLister<CronTab>;
export function newCronTabLister(indexer: ReadonlyIndexer<CronTab>): CronTabLister {
  return new Lister<CronTab>(indexer, { group: cronTabResource.group, resource: cronTabResource.resource });
}

// ---- what generated/stable.example.com/src/v1/informers.ts would hold ----
/** CronTabInformer: the shared CronTab informer of a factory, and its lister. */
export interface CronTabInformer {
  informer(): SharedIndexInformer<CronTab>;
  lister(): CronTabLister;
}
export function cronTabInformer(factory: SharedInformerFactory, client: StableV1Interface): CronTabInformer {
  const informer = (): SharedIndexInformer<CronTab> => factory.informerFor<CronTab>(cronTabResource, client.cronTabs(factory.namespace));
  return { informer, lister: () => newCronTabLister(informer().getIndexer()) };
}

it('a generated informer + lister pair over the generated (fake) clientset', async () => {
  const cs = newSimpleClientset({
    apiVersion: 'stable.example.com/v1',
    kind: 'CronTab',
    metadata: { name: 'nightly', namespace: 'ops', labels: { tier: 'batch' } },
    spec: { cronSpec: '0 3 * * *', image: 'backup', replicas: 1 },
  });
  const factory = new SharedInformerFactory({ reflector: { watchTimeoutSeconds: 0 } });
  const cronTabs = cronTabInformer(factory, cs.stableV1());
  expect(cronTabs.informer()).toBe(cronTabs.informer());
  const controller = new AbortController();
  factory.start(controller.signal);
  expect([...(await factory.waitForCacheSync(controller.signal)).values()]).toEqual([true]);
  expect(cronTabs.lister().namespace('ops').get('nightly').spec.image).toBe('backup');
  expect(cronTabs.lister().list('tier=batch')).toHaveLength(1);
  let err: unknown;
  try {
    cronTabs.lister().namespace('ops').get('hourly');
  } catch (e) {
    err = e;
  }
  expect(isNotFound(err) && (err as Error).message).toBe('crontabs.stable.example.com "hourly" not found');
  await factory.shutdown();
});
