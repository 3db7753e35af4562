/**
 * The generated listers and informers (generated/<group>/src/{informers.ts,<version>/informers.ts,listers.ts}) over
 * the generated fake clientsets, as a controller's unit test would use them: handlers see add, update and delete
 * in order; listers read by namespace, name and selector and throw the typed NotFound; one factory shared by two
 * groups (a cluster-scoped kind included); lister expansions added by augmenting the generated interfaces.
 */
import { isNotFound } from '@kubegen/runtime';
import { SharedInformerFactory, type DeletedFinalStateUnknown } from '@kubegen/runtime/cache';
import { newSimpleClientset } from '../../../../generated/stable.example.com/src/fake';
import { informersFor, newSharedInformerFactory } from '../../../../generated/stable.example.com/src';
import { cronTabListerExpansion, newCronTabLister, type CronTabLister } from '../../../../generated/stable.example.com/src/v1/listers';
import { cronTabInformer } from '../../../../generated/stable.example.com/src/v1/informers';
import type { CronTab } from '../../../../generated/stable.example.com/src/v1/types';
import { newSimpleClientset as newWardle } from '../../../../generated/wardle.example.com/src/fake';
import { informersFor as wardleInformersFor } from '../../../../generated/wardle.example.com/src';
import type { Fischer } from '../../../../generated/wardle.example.com/src/v1beta1/types';
import { CacheIndexer, metaNamespaceIndexFunc, NAMESPACE_INDEX } from '../../../../runtime/src/cache/store';
import { until } from '../../helpers/cache';

declare module '../../../../generated/stable.example.com/src/v1/listers' {
  // what a user's hand-written expansion file would declare (lister-gen's CronTabNamespaceListerExpansion)
  interface CronTabNamespaceListerExpansion {
    byImage(image: string): CronTab[];
  }
  interface CronTabListerExpansion {
    replicas(): number;
  }
}

function cronTab(name: string, namespace: string, labels: Record<string, string> = {}, image = 'busybox'): CronTab {
  return { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name, namespace, labels }, spec: { schedule: '* * * * */5', image, replicas: 1 } };
}

function fischer(name: string): Fischer {
  return { apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name }, disallowedFlunders: [] };
}

const nameOf = (o: CronTab | DeletedFinalStateUnknown<CronTab>): string => ('obj' in o ? o.obj : o).metadata?.name ?? '?';
const sortedNames = (objs: readonly { metadata?: { name?: string } }[]): string[] => objs.map((o) => o.metadata?.name ?? '?').sort();

let controller: AbortController;
beforeEach(() => {
  controller = new AbortController();
});
afterEach(() => controller.abort());

it('newSharedInformerFactory: handlers see the initial list, then add, update and delete in order; the lister follows', async () => {
  const cs = newSimpleClientset(cronTab('seeded', 'ops', { tier: 'batch' }));
  const factory = newSharedInformerFactory(cs, { reflector: { watchTimeoutSeconds: 0 } });
  const cronTabs = factory.stableV1().cronTabs();
  expect(cronTabs.informer()).toBe(factory.stableV1().cronTabs().informer());
  const events: string[] = [];
  cronTabs.informer().addEventHandler({
    onAdd: (o, initial) => void events.push(`add ${o.metadata?.name}${initial ? ' (initial)' : ''}`),
    onUpdate: (old, o) => void events.push(`update ${o.metadata?.name} ${old.spec.replicas}->${o.spec.replicas}`),
    onDelete: (o) => void events.push(`delete ${nameOf(o)}`),
  });
  factory.start(controller.signal);
  expect([...(await factory.waitForCacheSync(controller.signal)).entries()]).toEqual([['stable.example.com/v1/crontabs', true]]);

  const client = cs.stableV1().cronTabs('ops');
  await client.create(cronTab('hourly', 'ops', { tier: 'web' }));
  const got = await client.get('hourly');
  await client.update({ ...got, spec: { ...got.spec, replicas: 3 } });
  await client.delete('seeded');
  await until(() => events.length === 4, 'four events');
  expect(events).toEqual(['add seeded (initial)', 'add hourly', 'update hourly 1->3', 'delete seeded']);

  const lister = cronTabs.lister();
  expect(lister.namespace('ops').get('hourly').spec.replicas).toBe(3);
  expect(() => lister.namespace('ops').get('seeded')).toThrow(/^crontabs\.stable\.example\.com "seeded" not found$/);
  expect(isNotFound(captured(() => lister.namespace('ops').get('seeded')))).toBe(true);
  await factory.shutdown();
});

it('listers read by namespace, name and label selector from the cache', async () => {
  const cs = newSimpleClientset(
    cronTab('a', 'ops', { tier: 'batch' }),
    cronTab('b', 'ops', { tier: 'web' }),
    cronTab('c', 'dev', { tier: 'batch' }),
    cronTab('d', 'dev', {}),
  );
  const factory = newSharedInformerFactory(cs, { reflector: { watchTimeoutSeconds: 0 } });
  const lister = factory.stableV1().cronTabs().lister();
  factory.start(controller.signal);
  await factory.waitForCacheSync(controller.signal);
  expect(sortedNames(lister.list())).toEqual(['a', 'b', 'c', 'd']);
  expect(sortedNames(lister.list('tier=batch'))).toEqual(['a', 'c']);
  expect(sortedNames(lister.list({ matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }))).toEqual(['d']);
  expect(sortedNames(lister.namespace('ops').list())).toEqual(['a', 'b']);
  expect(sortedNames(lister.namespace('dev').list('tier in (batch,web)'))).toEqual(['c']);
  expect(lister.namespace('dev').get('c').metadata?.namespace).toBe('dev');
  expect(lister.namespace('nowhere').list()).toEqual([]);
  await factory.shutdown();
});

it('a namespaced factory watches one namespace only', async () => {
  const cs = newSimpleClientset(cronTab('a', 'ops'), cronTab('b', 'dev'));
  const factory = newSharedInformerFactory(cs, { namespace: 'ops', reflector: { watchTimeoutSeconds: 0 } });
  const lister = factory.stableV1().cronTabs().lister();
  factory.start(controller.signal);
  await factory.waitForCacheSync(controller.signal);
  expect(sortedNames(lister.list())).toEqual(['a']);
  await cs.stableV1().cronTabs('dev').create(cronTab('c', 'dev'));
  await cs.stableV1().cronTabs('ops').create(cronTab('d', 'ops'));
  await until(() => lister.list().length === 2, 'd');
  expect(sortedNames(lister.list())).toEqual(['a', 'd']);
  await factory.shutdown();
});

it('informersFor: one runtime factory serves two groups, with a cluster-scoped kind', async () => {
  const stable = newSimpleClientset(cronTab('a', 'ops'));
  const wardle = newWardle(fischer('f1'));
  const factory = new SharedInformerFactory({ reflector: { watchTimeoutSeconds: 0 } });
  const cronTabs = informersFor(factory, stable).stableV1().cronTabs();
  const fischers = wardleInformersFor(factory, wardle).wardleV1beta1().fischers();
  cronTabs.informer();
  fischers.informer();
  factory.start(controller.signal);
  const synced = await factory.waitForCacheSync(controller.signal);
  expect([...synced.keys()].sort()).toEqual(['stable.example.com/v1/crontabs', 'wardle.example.com/v1beta1/fischers']);
  expect(fischers.lister().get('f1').metadata?.name).toBe('f1');
  await wardle.wardleV1beta1().fischers().create(fischer('f2'));
  await until(() => fischers.lister().list().length === 2, 'f2');
  expect(isNotFound(captured(() => fischers.lister().get('f3')))).toBe(true);
  expect(factory.forResource({ group: 'wardle.example.com', version: 'v1beta1', resource: 'fischers' })).toBe(fischers.informer());
  await factory.shutdown();
});

it('per-kind indexers given to the informer accessor are added to the shared informer', async () => {
  const cs = newSimpleClientset(cronTab('a', 'ops', {}, 'nginx'), cronTab('b', 'dev', {}, 'nginx'), cronTab('c', 'dev', {}, 'redis'));
  const factory = new SharedInformerFactory({ reflector: { watchTimeoutSeconds: 0 } });
  const cronTabs = cronTabInformer(factory, cs.stableV1(), { indexers: { byImage: (o) => [o.spec.image] } });
  cronTabs.informer(); // informers are created on first request: before start, as with informer-gen
  factory.start(controller.signal);
  await factory.waitForCacheSync(controller.signal);
  expect(sortedNames(cronTabs.informer().getIndexer().byIndex('byImage', 'nginx'))).toEqual(['a', 'b']);
  await factory.shutdown();
});

describe('lister expansions', () => {
  afterEach(() => {
    delete cronTabListerExpansion.lister;
    delete cronTabListerExpansion.namespaceLister;
  });

  it('augmented expansion interfaces get their registered implementations, on every lister made after', () => {
    const indexer = new CacheIndexer<CronTab>({ indexers: { [NAMESPACE_INDEX]: metaNamespaceIndexFunc } });
    indexer.add(cronTab('a', 'ops', {}, 'nginx'));
    indexer.add(cronTab('b', 'ops', {}, 'redis'));
    indexer.add(cronTab('c', 'dev', {}, 'nginx'));
    cronTabListerExpansion.lister = (l) => ({ replicas: () => l.list().reduce((n, c) => n + (c.spec.replicas ?? 0), 0) });
    cronTabListerExpansion.namespaceLister = (l) => ({ byImage: (image) => l.list().filter((c) => c.spec.image === image) });
    const lister: CronTabLister = newCronTabLister(indexer);
    expect(lister.replicas()).toBe(3);
    expect(sortedNames(lister.namespace('ops').byImage('nginx'))).toEqual(['a']);
    expect(lister.namespace('dev').get('c').spec.image).toBe('nginx');
    expect(sortedNames(lister.namespace('ops').list())).toEqual(['a', 'b']);
  });
});

function captured(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}
