/**
 * The sample operator (examples/etcd-operator) in process, against the fake API server: its flags, its status
 * rules, and a full reconcile cycle — create, idempotence (an unchanged cluster writes nothing), a finalizer
 * removed by hand put back, delete through the finalizer. The real apiserver runs are in test/e2e/operator.test.ts.
 */
import { Manager, noopLogger } from '@kubegen/runtime/controller';
import type { ResourceDescriptor } from '../../../../runtime/src/client/types';
import { configMapResource, serviceResource, statefulSetResource, type StatefulSet } from '../../../../examples/etcd-operator/src/builtin';
import { FINALIZER, clusterStatus, etcdClusterResource, setupEtcdClusterController, type EtcdCluster } from '../../../../examples/etcd-operator/src/controller';
import { parseFlags } from '../../../../examples/etcd-operator/src/main';
import { fakeServer, settle, until } from '../../helpers/operator';

describe('flags', () => {
  const cases: Array<{ given: string[]; want: Record<string, unknown> | string }> = [
    { given: [], want: { leaderElect: true, leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2000, metricsBindAddress: ':8080', healthProbeBindAddress: ':8081', installCrds: false, maxConcurrentReconciles: 2 } },
    { given: ['--lease-duration', '4s', '--renew-deadline', '3s', '--retry-period', '500ms'], want: { leaseDurationMs: 4000, renewDeadlineMs: 3000, retryPeriodMs: 500 } },
    { given: ['--leader-elect=false', '--lease-duration', '1s'], want: { leaderElect: false, leaseDurationMs: 1000 } },
    { given: ['--install-crds', '--kubeconfig', 'kc.yaml', '--namespace', 'db', '--v', '1'], want: { installCrds: true, kubeconfig: 'kc.yaml', namespace: 'db', verbosity: 1 } },
    { given: ['--lease-duration', '4'], want: '--lease-duration: invalid duration "4" (want e.g. 500ms, 4s, 1m)' },
    { given: ['--retry-period', '0s'], want: '--retry-period: must be positive' },
    { given: ['--lease-duration', '3s', '--renew-deadline', '3s'], want: '--lease-duration must be greater than --renew-deadline' },
    { given: ['--renew-deadline', '2s', '--retry-period', '2s'], want: '--renew-deadline must be greater than 1.2 × --retry-period' },
    { given: ['--leader-elect', 'maybe'], want: '--leader-elect: want true or false, not "maybe"' },
    { given: ['--max-concurrent-reconciles', '0'], want: '--max-concurrent-reconciles: want an integer ≥ 1, not "0"' },
    { given: ['--frobnicate'], want: "Unknown option '--frobnicate'" },
    { given: ['extra'], want: "Unexpected argument 'extra'" },
  ];
  it.each(cases)('$given', ({ given, want }) => {
    if (typeof want === 'string') expect(() => parseFlags(given)).toThrow(new RegExp(`^${want.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    else expect(parseFlags(given)).toMatchObject(want);
  });
});

describe('clusterStatus', () => {
  const cluster = (size: number, conditions?: NonNullable<EtcdCluster['status']>['conditions']): EtcdCluster => ({
    metadata: { name: 'e', namespace: 'db', generation: 4 },
    spec: { size },
    ...(conditions ? { status: { conditions } } : {}),
  });
  const sts = (status?: StatefulSet['status'], generation = 2): StatefulSet => ({ metadata: { name: 'e', generation }, ...(status ? { status } : {}) });
  const now = () => Date.UTC(2026, 0, 2, 3, 4, 5, 678);
  const cases: Array<{ name: string; given: { size: number; sts: StatefulSet }; want: { phase: string; size?: number; conditions: string[] } }> = [
    {
      name: 'no StatefulSet controller (envtest): available as far as the operator can tell',
      given: { size: 3, sts: sts() },
      want: { phase: 'Running', conditions: ['Available True ObjectsReconciled', 'Progressing False ObjectsReconciled'] },
    },
    {
      name: 'below quorum, rolling out',
      given: { size: 3, sts: sts({ observedGeneration: 2, readyReplicas: 1, updatedReplicas: 3 }) },
      want: { phase: 'Creating', size: 1, conditions: ['Available False QuorumNotReady', 'Progressing True RollingOut'] },
    },
    {
      name: 'quorum ready, one member still starting',
      given: { size: 3, sts: sts({ observedGeneration: 2, readyReplicas: 2, updatedReplicas: 3 }) },
      want: { phase: 'Running', size: 2, conditions: ['Available True QuorumReady', 'Progressing True RollingOut'] },
    },
    {
      name: 'all ready but the controller has not observed the latest StatefulSet',
      given: { size: 3, sts: sts({ observedGeneration: 1, readyReplicas: 3, updatedReplicas: 3 }) },
      want: { phase: 'Running', size: 3, conditions: ['Available True QuorumReady', 'Progressing True RollingOut'] },
    },
    {
      name: 'rolled out',
      given: { size: 3, sts: sts({ observedGeneration: 2, readyReplicas: 3, updatedReplicas: 3 }) },
      want: { phase: 'Running', size: 3, conditions: ['Available True QuorumReady', 'Progressing False RolloutComplete'] },
    },
    {
      name: 'no ready replicas reported',
      given: { size: 1, sts: sts({ observedGeneration: 2 }) },
      want: { phase: 'Creating', size: 0, conditions: ['Available False QuorumNotReady', 'Progressing True RollingOut'] },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const s = clusterStatus(cluster(given.size), given.sts, now);
    expect({ phase: s.phase, size: s.size, conditions: s.conditions?.map((c) => `${c.type} ${c.status} ${c.reason}`) }).toEqual({ size: undefined, ...want });
    expect(s.selector).toBe('app.kubernetes.io/name=etcd,app.kubernetes.io/instance=e');
    for (const c of s.conditions ?? []) expect([c.observedGeneration, c.lastTransitionTime]).toEqual([4, '2026-01-02T03:04:05Z']);
  });

  it('keeps lastTransitionTime while a condition keeps its status, and changes it with the status', () => {
    const first = clusterStatus(cluster(3), sts(), () => Date.UTC(2026, 0, 1));
    const same = clusterStatus(cluster(3, first.conditions), sts(), () => Date.UTC(2026, 5, 1));
    expect(same.conditions).toEqual(first.conditions);
    const changed = clusterStatus(cluster(3, first.conditions), sts({ observedGeneration: 2, readyReplicas: 0 }), () => Date.UTC(2026, 5, 1));
    expect(changed.conditions?.map((c) => [c.type, c.status, c.lastTransitionTime])).toEqual([
      ['Available', 'False', '2026-06-01T00:00:00Z'],
      ['Progressing', 'True', '2026-06-01T00:00:00Z'],
    ]);
  });
});

describe('the reconciler on the fake API server', () => {
  it('creates the owned objects and the status, writes nothing more when nothing changes, puts a finalizer removed by hand back, and cleans up on delete', async () => {
    const { fake, clients } = fakeServer();
    const mgr = new Manager({ clients, logger: noopLogger });
    setupEtcdClusterController(mgr);
    const clusters = fake.client(etcdClusterResource, 'db');
    const created = await clusters.create({ apiVersion: 'etcd.database.coreos.com/v1beta2', kind: 'EtcdCluster', metadata: { name: 'e', namespace: 'db' }, spec: { size: 3, version: '3.5.9' } });
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await until(() => fake.actions().some((a) => a.verb === 'update' && a.subresource === 'status'), 'status written', 3000);
    const sts = await fake.client(statefulSetResource, 'db').get('e');
    const svc = await fake.client(serviceResource, 'db').get('e');
    const cm = await fake.client(configMapResource, 'db').get('e-config');
    const ref = { apiVersion: 'etcd.database.coreos.com/v1beta2', kind: 'EtcdCluster', name: 'e', uid: created.metadata?.uid, controller: true, blockOwnerDeletion: true };
    for (const o of [sts, svc, cm]) expect(o.metadata?.ownerReferences).toEqual([ref]);
    expect(sts.spec?.replicas).toBe(3);
    expect(sts.spec?.template.spec?.containers.map((c) => c.image)).toEqual(['quay.io/coreos/etcd:v3.5.9']);
    expect(svc.spec).toMatchObject({ clusterIP: 'None', publishNotReadyAddresses: true });
    expect(cm.data?.ETCD_INITIAL_CLUSTER).toBe('e-0=http://e-0.e.db.svc:2380,e-1=http://e-1.e.db.svc:2380,e-2=http://e-2.e.db.svc:2380');
    const cluster = await clusters.get('e');
    expect(cluster.metadata?.finalizers).toEqual([FINALIZER]);
    expect(cluster.status?.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual(['Available=True', 'Progressing=False']);

    // idempotent: the owned objects' events reconcile the cluster again, and nothing is written
    await settle(20);
    const writes = () => fake.actions().filter((a) => a.verb !== 'get' && a.verb !== 'list' && a.verb !== 'watch' && a.resource.resource !== 'events').length;
    const before = writes();
    await new Promise((r) => setTimeout(r, 100));
    await settle(20);
    expect(writes()).toBe(before);

    // a finalizer removed by hand is put back
    await clusters.update({ ...cluster, metadata: { ...cluster.metadata, finalizers: [] } });
    await until(() => fake.actions().filter((a) => a.verb === 'update' && a.resource.resource === 'etcdclusters' && !a.subresource).length >= 3, 'finalizer restored', 3000);
    await settle(20);
    expect((await clusters.get('e')).metadata?.finalizers).toEqual([FINALIZER]);

    // delete: the finalizer deletes the owned objects, then the cluster is gone
    await clusters.delete('e');
    await until(() => fake.actions().some((a) => a.verb === 'delete' && a.resource.resource === 'configmaps'), 'cleanup', 3000);
    await settle(20);
    await expect(clusters.get('e')).rejects.toMatchObject({ code: 404 });
    const owned: ReadonlyArray<readonly [ResourceDescriptor, string]> = [
      [statefulSetResource, 'e'],
      [serviceResource, 'e'],
      [configMapResource, 'e-config'],
    ];
    for (const [d, name] of owned) {
      await expect(fake.client(d, 'db').get(name)).rejects.toMatchObject({ code: 404 });
    }
    stop.abort();
    await run;
  });
});
