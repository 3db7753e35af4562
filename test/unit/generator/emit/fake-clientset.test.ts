/**
 * The generated fake clientsets (generated/<group>/src/fake), used as a controller's unit test would use them:
 * seeding, create/get/list with selectors, conflicts on a stale resourceVersion, status semantics, delete, watch
 * events, reactors and recorded actions, cluster-scoped kinds and the scale subresource — all through the
 * generated typed interfaces.
 */
import { isAlreadyExists, isConflict, isNotFound, newForbidden, type WatchEvent } from '@kubegen/runtime';
import { newSimpleClientset, Clientset } from '../../../../generated/stable.example.com/src/fake';
import type { CronTab } from '../../../../generated/stable.example.com/src/v1/types';
import { StableClientset, type StableInterface } from '../../../../generated/stable.example.com/src';
import { newSimpleClientset as newWardle } from '../../../../generated/wardle.example.com/src/fake';
import { newSimpleClientset as newEtcd } from '../../../../generated/etcd.database.coreos.com/src/fake';
import type { EtcdCluster } from '../../../../generated/etcd.database.coreos.com/src/v1beta2/types';
import { newSimpleClientset as newExt } from '../../../golden/client-ext/expected/generated/ext.example.com/src/fake';

function cronTab(name: string, namespace: string, labels: Record<string, string> = {}): CronTab {
  return {
    apiVersion: 'stable.example.com/v1',
    kind: 'CronTab',
    metadata: { name, namespace, labels },
    spec: { schedule: '* * * * */5', image: 'busybox', replicas: 1 },
  };
}

/** The code under test only knows the generated interface, so real and fake clientsets are interchangeable. */
async function scheduleCount(cs: StableInterface, namespace: string, selector: string): Promise<number> {
  const list = await cs.stableV1().cronTabs(namespace).list({ labelSelector: selector });
  return list.items.length;
}

/** Awaits a promise that must reject with an error the guard accepts. */
async function expectError(p: Promise<unknown>, guard: (err: unknown) => boolean): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeDefined();
  expect({ guard: guard.name, ok: guard(err), err: String(err) }).toMatchObject({ ok: true });
}

async function nextEvents<T>(iter: AsyncIterator<WatchEvent<T>>, n: number): Promise<Array<WatchEvent<T>>> {
  const out: Array<WatchEvent<T>> = [];
  while (out.length < n) {
    const r = await iter.next();
    if (r.done) break;
    out.push(r.value);
  }
  return out;
}

describe('generated fake clientset (stable.example.com)', () => {
  it('is seeded with objects that get a uid, resourceVersion and generation', async () => {
    const cs = newSimpleClientset(cronTab('a', 'ns1'));
    const got = await cs.stableV1().cronTabs('ns1').get('a');
    expect(got.spec.image).toBe('busybox');
    expect(got.metadata?.uid).toEqual(expect.any(String));
    expect(got.metadata?.resourceVersion).toEqual(expect.any(String));
    expect(got.metadata?.generation).toBe(1);
  });

  it('creates, gets and refuses duplicates', async () => {
    const cs = newSimpleClientset();
    const client = cs.stableV1().cronTabs('ns1');
    const created = await client.create(cronTab('a', 'ns1'));
    expect(created.metadata?.creationTimestamp).toEqual(expect.any(String));
    await expect(client.get('a')).resolves.toMatchObject({ metadata: { name: 'a', namespace: 'ns1' } });
    await expectError(client.create(cronTab('a', 'ns1')), isAlreadyExists);
    await expectError(cs.stableV1().cronTabs('ns2').get('a'), isNotFound);
  });

  it('lists by namespace, label selector and field selector', async () => {
    const cs = newSimpleClientset(
      cronTab('a', 'ns1', { app: 'x' }),
      cronTab('b', 'ns1', { app: 'y' }),
      cronTab('c', 'ns2', { app: 'x' }),
    );
    const names = async (ns: string, opts: { labelSelector?: string; fieldSelector?: string }) =>
      (await cs.stableV1().cronTabs(ns).list(opts)).items.map((i) => i.metadata?.name).sort();
    expect(await names('ns1', {})).toEqual(['a', 'b']);
    expect(await names('', {})).toEqual(['a', 'b', 'c']);
    expect(await names('', { labelSelector: 'app=x' })).toEqual(['a', 'c']);
    expect(await names('', { labelSelector: 'app in (y)' })).toEqual(['b']);
    expect(await names('', { fieldSelector: 'metadata.name=c' })).toEqual(['c']);
    expect(await names('ns1', { labelSelector: 'app!=x' })).toEqual(['b']);
    expect(await scheduleCount(cs, '', 'app=x')).toBe(2);
    const all: string[] = [];
    for await (const item of cs.stableV1().cronTabs('').listAll({ limit: 1 })) all.push(item.metadata!.name!);
    expect(all.sort()).toEqual(['a', 'b', 'c']);
  });

  it('rejects an update with a stale resourceVersion and bumps generation on spec changes', async () => {
    const cs = newSimpleClientset(cronTab('a', 'ns1'));
    const client = cs.stableV1().cronTabs('ns1');
    const v1 = await client.get('a');
    const v2 = await client.update({ ...v1, spec: { ...v1.spec, replicas: 2 } });
    expect(v2.metadata?.generation).toBe(2);
    expect(v2.metadata?.resourceVersion).not.toBe(v1.metadata?.resourceVersion);
    await expectError(client.update({ ...v1, spec: { ...v1.spec, replicas: 3 } }), isConflict);
    expect((await client.get('a')).spec.replicas).toBe(2);
  });

  it('keeps status out of update and spec out of updateStatus', async () => {
    const cs = newSimpleClientset();
    const client = cs.stableV1().cronTabs('ns1');
    const created = await client.create({ ...cronTab('a', 'ns1'), status: { lastScheduleTime: 'ignored' } });
    expect(created.status).toBeUndefined();
    const withStatus = await client.updateStatus({ ...created, spec: { ...created.spec, image: 'other' }, status: { lastScheduleTime: '2026-01-01T00:00:00Z' } });
    expect(withStatus.status?.lastScheduleTime).toBe('2026-01-01T00:00:00Z');
    expect(withStatus.spec.image).toBe('busybox');
    expect(withStatus.metadata?.generation).toBe(1);
  });

  it('deletes', async () => {
    const cs = newSimpleClientset(cronTab('a', 'ns1'), cronTab('b', 'ns1'));
    const client = cs.stableV1().cronTabs('ns1');
    await client.delete('a');
    await expectError(client.get('a'), isNotFound);
    await expectError(client.delete('a'), isNotFound);
    await client.deleteCollection({}, { fieldSelector: 'metadata.name=b' });
    expect((await client.list()).items).toEqual([]);
  });

  it('sends watch events in order', async () => {
    const cs = newSimpleClientset();
    const client = cs.stableV1().cronTabs('ns1');
    const w = await client.watch({ resourceVersion: cs.tracker.resourceVersion });
    const iter = w[Symbol.asyncIterator]();
    const created = await client.create(cronTab('a', 'ns1'));
    await client.update({ ...created, spec: { ...created.spec, replicas: 5 } });
    await client.delete('a');
    await cs.stableV1().cronTabs('ns2').create(cronTab('other', 'ns2'));
    const events = await nextEvents(iter, 3);
    w.stop();
    expect(events.map((e) => [e.type, e.object.metadata?.name, e.object.spec.replicas])).toEqual([
      ['ADDED', 'a', 1],
      ['MODIFIED', 'a', 5],
      ['DELETED', 'a', 5],
    ]);
  });

  it('runs reactors before the tracker and records actions', async () => {
    const cs = new Clientset();
    cs.prependReactor('create', 'crontabs', (action) =>
      action.verb === 'create' && (action.object as CronTab).metadata?.name === 'forbidden'
        ? { error: newForbidden({ group: 'stable.example.com', resource: 'crontabs' }, 'forbidden', 'denied by a test') }
        : undefined,
    );
    const client = cs.stableV1().cronTabs('ns1');
    await expect(client.create(cronTab('forbidden', 'ns1'))).rejects.toThrow(/denied by a test/);
    await client.create(cronTab('ok', 'ns1'));
    await client.get('ok');
    expect(cs.actions().map((a) => [a.verb, a.resource.resource, a.namespace])).toEqual([
      ['create', 'crontabs', 'ns1'],
      ['create', 'crontabs', 'ns1'],
      ['get', 'crontabs', 'ns1'],
    ]);
    cs.clearActions();
    expect(cs.actions()).toEqual([]);
  });

  it('implements the same interface as the real clientset', () => {
    const fake: StableInterface = newSimpleClientset();
    const real: StableInterface = new StableClientset({ server: 'https://127.0.0.1:1', tls: { rejectUnauthorized: true } });
    expect(typeof fake.stableV1().cronTabs('x').get).toBe('function');
    expect(typeof real.stableV1().cronTabs('x').get).toBe('function');
  });
});

describe('generated fake clientset (cluster-scoped and scale)', () => {
  it('serves cluster-scoped kinds without a namespace', async () => {
    const cs = newWardle({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'f1' }, disallowedFlunders: ['x'] });
    const client = cs.wardleV1beta1().fischers();
    expect((await client.get('f1')).disallowedFlunders).toEqual(['x']);
    await client.create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'f2', namespace: 'ignored' } });
    const f2 = await client.get('f2');
    expect(f2.metadata?.namespace ?? '').toBe('');
    expect((await client.list()).items.map((i) => i.metadata?.name)).toEqual(['f1', 'f2']);
  });

  it('reads and writes the scale subresource', async () => {
    const etcd: EtcdCluster = {
      apiVersion: 'etcd.database.coreos.com/v1beta2',
      kind: 'EtcdCluster',
      metadata: { name: 'e', namespace: 'db' },
      spec: { size: 3 },
    };
    const cs = newEtcd(etcd);
    const client = cs.etcdV1beta2().etcdClusters('db');
    const scale = await client.getScale('e');
    expect(scale.spec?.replicas).toBe(3);
    await client.updateScale('e', { ...scale, spec: { replicas: 5 } });
    expect((await client.get('e')).spec.size).toBe(5);
  });
});

describe('generated fake clientset (restricted verbs and extension methods; golden ext.example.com)', () => {
  it('binds +genclient:method extensions to the runtime client', async () => {
    const cs = newExt({ apiVersion: 'ext.example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec: { replicas: 2 } });
    const widgets = cs.extV1().widgets('ns');
    const scale = await widgets.readScale('w');
    expect(scale.spec?.replicas).toBe(2);
    await widgets.writeScale('w', { ...scale, spec: { replicas: 4 } });
    expect((await widgets.fetch('w')).spec?.replicas).toBe(4);
    const patched = await widgets.patchStatus('w', 'application/merge-patch+json', { status: { replicas: 4 } });
    expect(patched.status?.replicas).toBe(4);
    expect(cs.actions().map((a) => `${a.verb} ${a.resource.resource}${a.subresource ? '/' + a.subresource : ''}`)).toEqual([
      'get widgets/scale',
      'update widgets/scale',
      'get widgets',
      'patch widgets/status',
    ]);
  });

  it('leaves verbs a kind does not have out of its client type', async () => {
    const cs = newExt({ apiVersion: 'ext.example.com/v1', kind: 'Gauge', metadata: { name: 'g' }, value: 1 });
    const gauges = cs.extV1().gauges();
    expect((await gauges.get('g')).value).toBe(1);
    // @ts-expect-error create is not a verb of Gauge (+genclient:onlyVerbs=get,list,watch)
    expect(gauges.create).toBeDefined();
    // @ts-expect-error Knob has +genclient:noVerbs
    expect(cs.extV1().knobs('ns').get).toBeDefined();
  });
});
