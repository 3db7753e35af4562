/**
 * The EtcdCluster controller: every `EtcdCluster` (etcd.database.coreos.com/v1beta2) becomes
 *
 * - a headless Service `<name>` (ports `client` 2379 and `peer` 2380, `publishNotReadyAddresses`), giving each
 *   member the DNS name `<name>-<i>.<name>.<namespace>.svc`;
 * - a ConfigMap `<name>-config` with the members' etcd configuration (`ETCD_INITIAL_CLUSTER` …);
 * - a StatefulSet `<name>` of `spec.size` etcd members (image `<spec.repository>:v<spec.version>`), whose pod
 *   template carries the ConfigMap's hash so a configuration change rolls the members;
 *
 * each with the cluster as its controller owner reference (`owns()` brings edits and deletions by hand back to
 * the cluster's reconcile, which undoes them). The cluster carries the finalizer {@link FINALIZER}: on delete the
 * operator deletes what it controls (only objects whose controller reference is this cluster's uid), records an
 * event and removes the finalizer. Status: `conditions` `Available` and `Progressing` (see {@link clusterStatus}),
 * `phase`, `selector`, and `size` once a StatefulSet controller reports ready members.
 *
 * Only public APIs: `@kubegen/runtime` subpaths, the generated `@kubegen-generated/etcd.database.coreos.com`, and
 * the built-in kinds of `./builtin` (to be replaced by `@kubegen/api`).
 */
import { createHash } from 'node:crypto';
import { isConflict, isNotFound, type Condition, type KubeList, type KubeObject, type ResourceClient, type ResourceDescriptor } from '@kubegen/runtime';
import type { Lister } from '@kubegen/runtime/cache';
import { controllerManagedBy, generationChangedPredicate, or, terminalError, type Logger, type Manager, type Predicate, type Reconciler, type Request, type Result } from '@kubegen/runtime/controller';
import {
  AlreadyOwnedError,
  containsFinalizer,
  createOrUpdate,
  ensureFinalizer,
  ensureFinalizerRemoved,
  findStatusCondition,
  getControllerOf,
  semanticDeepEqual,
  setControllerReference,
  setStatusCondition,
  type OperationResult,
} from '@kubegen/runtime/controllerutil';
import type { EventRecorder } from '@kubegen/runtime/events';
import { shardSelector, type ShardOptions } from '@kubegen/runtime/sharding';
import { v1beta2 } from '@kubegen-generated/etcd.database.coreos.com';
import { configMapResource, serviceResource, statefulSetResource, type ConfigMap, type Container, type Service, type StatefulSet } from './builtin';

export type EtcdCluster = v1beta2.EtcdCluster;
export type ClusterStatus = v1beta2.ClusterStatus;
export const etcdClusterResource = v1beta2.etcdClusterResource;

/** The finalizer the operator puts on every EtcdCluster it manages. */
export const FINALIZER = 'etcdclusters.etcd.database.coreos.com/cleanup';
/** The controller name (events' reportingController, metrics' `controller` label). */
export const CONTROLLER_NAME = 'etcd-operator';
/** The etcd version when `spec.version` is absent. */
export const DEFAULT_VERSION = '3.5.17';
/** The image repository when `spec.repository` is absent (the CRD defaults it too). */
export const DEFAULT_REPOSITORY = 'quay.io/coreos/etcd';
export const CLIENT_PORT = 2379;
export const PEER_PORT = 2380;
/** The pod template annotation holding the hash of the ConfigMap's data. */
export const CONFIG_HASH_ANNOTATION = 'etcd.database.coreos.com/config-hash';

/** The labels of a cluster's objects and members; the first two select the members. */
export function clusterLabels(cluster: EtcdCluster): Record<string, string> {
  return { 'app.kubernetes.io/name': 'etcd', 'app.kubernetes.io/instance': cluster.metadata?.name ?? '', 'app.kubernetes.io/managed-by': CONTROLLER_NAME };
}

function selectorLabels(cluster: EtcdCluster): Record<string, string> {
  const { 'app.kubernetes.io/managed-by': _m, ...selector } = clusterLabels(cluster);
  return selector;
}

/** `status.selector`: the members' label selector as a string (for the scale subresource). */
export function selectorString(cluster: EtcdCluster): string {
  return Object.entries(selectorLabels(cluster))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

export function configMapName(cluster: EtcdCluster): string {
  return `${cluster.metadata?.name ?? ''}-config`;
}

/** `<repository>:v<version>`. */
export function imageOf(cluster: EtcdCluster): string {
  return `${cluster.spec.repository ?? DEFAULT_REPOSITORY}:v${cluster.spec.version ?? DEFAULT_VERSION}`;
}

/** The members' etcd configuration, as environment variables (etcd reads `ETCD_<FLAG>`). */
export function configData(cluster: EtcdCluster): Record<string, string> {
  const name = cluster.metadata?.name ?? '';
  const ns = cluster.metadata?.namespace ?? '';
  const members = Array.from({ length: cluster.spec.size }, (_, i) => `${name}-${i}=http://${name}-${i}.${name}.${ns}.svc:${PEER_PORT}`);
  return {
    ETCD_DATA_DIR: '/var/run/etcd/data',
    ETCD_INITIAL_CLUSTER: members.join(','),
    ETCD_INITIAL_CLUSTER_STATE: 'new',
    ETCD_INITIAL_CLUSTER_TOKEN: `${name}-${cluster.metadata?.uid ?? ''}`,
    ETCD_LISTEN_CLIENT_URLS: `http://0.0.0.0:${CLIENT_PORT}`,
    ETCD_LISTEN_PEER_URLS: `http://0.0.0.0:${PEER_PORT}`,
  };
}

/** A stable hash of the ConfigMap's data (keys sorted). */
export function configHash(data: Readonly<Record<string, string>>): string {
  const sorted = Object.keys(data)
    .sort()
    .map((k) => [k, data[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

function etcdContainer(cluster: EtcdCluster): Container {
  const name = cluster.metadata?.name ?? '';
  const ns = cluster.metadata?.namespace ?? '';
  const self = `$(POD_NAME).${name}.${ns}.svc`;
  return {
    name: 'etcd',
    image: imageOf(cluster),
    command: ['/usr/local/bin/etcd'],
    args: ['--name=$(POD_NAME)', `--initial-advertise-peer-urls=http://${self}:${PEER_PORT}`, `--advertise-client-urls=http://${self}:${CLIENT_PORT}`],
    ports: [
      { name: 'client', containerPort: CLIENT_PORT, protocol: 'TCP' },
      { name: 'peer', containerPort: PEER_PORT, protocol: 'TCP' },
    ],
    env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
    envFrom: [{ configMapRef: { name: configMapName(cluster) } }],
    volumeMounts: [{ name: 'data', mountPath: '/var/run/etcd' }],
  };
}

function mergeLabels(o: KubeObject, labels: Readonly<Record<string, string>>): void {
  o.metadata ??= {};
  o.metadata.labels = { ...o.metadata.labels, ...labels };
}

/**
 * Mutate functions: they set the fields the operator owns on the object (the server's copy when it exists) and
 * leave the rest — fields the server defaulted, others' labels — as they are, so an unchanged cluster writes
 * nothing. Immutable fields (a StatefulSet's selector and serviceName, a Service's clusterIP) are set at creation.
 */
export function mutateConfigMap(cluster: EtcdCluster, cm: ConfigMap): void {
  mergeLabels(cm, clusterLabels(cluster));
  cm.data = configData(cluster);
  setControllerReference(cluster, cm, etcdClusterResource);
}

export function mutateService(cluster: EtcdCluster, svc: Service): void {
  mergeLabels(svc, clusterLabels(cluster));
  const spec = (svc.spec ??= {});
  if (!svc.metadata?.resourceVersion) spec.clusterIP = 'None';
  spec.selector = selectorLabels(cluster);
  spec.publishNotReadyAddresses = true;
  spec.ports = [
    { name: 'client', port: CLIENT_PORT, targetPort: CLIENT_PORT, protocol: 'TCP' },
    { name: 'peer', port: PEER_PORT, targetPort: PEER_PORT, protocol: 'TCP' },
  ];
  setControllerReference(cluster, svc, etcdClusterResource);
}

export function mutateStatefulSet(cluster: EtcdCluster, sts: StatefulSet): void {
  mergeLabels(sts, clusterLabels(cluster));
  const creating = !sts.metadata?.resourceVersion;
  const spec = (sts.spec ??= { selector: {}, template: {} });
  if (creating) {
    spec.selector = { matchLabels: selectorLabels(cluster) };
    spec.serviceName = cluster.metadata?.name ?? '';
    spec.podManagementPolicy = 'Parallel';
  }
  spec.replicas = cluster.spec.size;
  const { template } = spec;
  template.metadata = {
    ...template.metadata,
    labels: { ...template.metadata?.labels, ...clusterLabels(cluster) },
    annotations: { ...template.metadata?.annotations, [CONFIG_HASH_ANNOTATION]: configHash(configData(cluster)) },
  };
  const podSpec = (template.spec ??= { containers: [] });
  const want = etcdContainer(cluster);
  const i = podSpec.containers.findIndex((c) => c.name === want.name);
  // the fields the server defaults in a container (imagePullPolicy, terminationMessagePath …) are kept
  if (i < 0) podSpec.containers = [...podSpec.containers, want];
  else podSpec.containers[i] = { ...podSpec.containers[i], ...want };
  const volumes = (podSpec.volumes ?? []).filter((v) => v.name !== 'data');
  podSpec.volumes = [...volumes, { name: 'data', emptyDir: {} }];
  setControllerReference(cluster, sts, etcdClusterResource);
}

const AVAILABLE = 'Available';
const PROGRESSING = 'Progressing';

/**
 * The status the cluster should report, given its StatefulSet as last written (or read):
 *
 * - while no StatefulSet controller has reported on it (`status.observedGeneration` absent — always so on envtest,
 *   which runs no kube-controller-manager, so no pods ever start), the operator can only vouch for what it wrote:
 *   `Available=True` (`ObjectsReconciled`: the StatefulSet, Service and ConfigMap exist as the spec says) and
 *   `Progressing=False` (`ObjectsReconciled`); `size` is not reported;
 * - once a StatefulSet controller reports: `Available` is whether a quorum (⌊size/2⌋+1) of members is ready
 *   (`QuorumReady` / `QuorumNotReady`), `Progressing` whether the rollout is under way (`RollingOut`: the
 *   controller has not observed the latest StatefulSet, or fewer than `size` members are updated or ready) or
 *   done (`RolloutComplete`); `size` is the number of ready members.
 *
 * `phase` is `Running` when available, else `Creating`. Conditions carry the cluster's generation and keep their
 * `lastTransitionTime` unless their status changes (apimachinery's `SetStatusCondition`).
 */
export function clusterStatus(cluster: EtcdCluster, sts: StatefulSet, now: () => number = Date.now): ClusterStatus {
  const conditions: Condition[] = structuredClone(cluster.status?.conditions ?? []);
  const observedGeneration = cluster.metadata?.generation;
  const size = cluster.spec.size;
  const s = sts.status;
  let available: boolean;
  let members: number | undefined;
  if (s?.observedGeneration === undefined) {
    available = true;
    const message = 'the StatefulSet, headless Service and ConfigMap match the spec; no StatefulSet controller reports member readiness';
    setStatusCondition(conditions, { type: AVAILABLE, status: 'True', reason: 'ObjectsReconciled', message, observedGeneration }, now);
    setStatusCondition(conditions, { type: PROGRESSING, status: 'False', reason: 'ObjectsReconciled', message, observedGeneration }, now);
  } else {
    members = s.readyReplicas ?? 0;
    const quorum = Math.floor(size / 2) + 1;
    available = members >= quorum;
    const message = `${members} of ${size} members ready (quorum ${quorum})`;
    setStatusCondition(conditions, { type: AVAILABLE, status: available ? 'True' : 'False', reason: available ? 'QuorumReady' : 'QuorumNotReady', message, observedGeneration }, now);
    const rolling = s.observedGeneration < (sts.metadata?.generation ?? 0) || (s.updatedReplicas ?? 0) < size || members < size;
    setStatusCondition(
      conditions,
      { type: PROGRESSING, status: rolling ? 'True' : 'False', reason: rolling ? 'RollingOut' : 'RolloutComplete', message: `${s.updatedReplicas ?? 0} of ${size} members updated, ${members} ready`, observedGeneration },
      now,
    );
  }
  return {
    ...(members !== undefined ? { size: members } : {}),
    selector: selectorString(cluster),
    phase: available ? 'Running' : 'Creating',
    conditions,
  };
}

/** A client whose `get` reads the manager's cache (controller-runtime's default reading client); writes go direct. */
function readingFromCache<T extends KubeObject>(direct: ResourceClient<T, KubeList<T>>, cache: Lister<T>, namespace: string): ResourceClient<T, KubeList<T>> {
  const client = Object.create(direct) as ResourceClient<T, KubeList<T>>;
  client.get = (name: string) => Promise.resolve(structuredClone(cache.namespace(namespace).get(name)));
  return client;
}

/** Wraps a reconciler, e.g. to instrument or slow it down. */
export type ReconcilerMiddleware = (next: Reconciler) => Reconciler;

export interface EtcdClusterControllerOptions {
  /** Default 2. */
  maxConcurrentReconciles?: number;
  /** Applied around the reconciler (outermost first). */
  middleware?: readonly ReconcilerMiddleware[];
  /** Epoch milliseconds for condition times; default `Date.now`. */
  now?: () => number;
  /**
   * Run as one shard of a ring (`withSharding`): the caches hold this shard's clusters and what they own, and a
   * `Sharder` of the ring (kind EtcdCluster, controlled StatefulSets, Services and ConfigMaps) must run somewhere.
   */
  sharding?: ShardOptions;
}

/** See the module doc. */
export class EtcdClusterReconciler implements Reconciler {
  private readonly clusters: Lister<EtcdCluster>;
  private readonly statefulSets: Lister<StatefulSet>;
  private readonly services: Lister<Service>;
  private readonly configMaps: Lister<ConfigMap>;
  private readonly events: EventRecorder;
  private readonly log: Logger;

  /** Registers the caches of the four kinds; call before the manager starts. */
  constructor(
    private readonly mgr: Manager,
    private readonly now: () => number = Date.now,
  ) {
    this.clusters = mgr.lister(etcdClusterResource);
    this.statefulSets = mgr.lister(statefulSetResource);
    this.services = mgr.lister(serviceResource);
    this.configMaps = mgr.lister(configMapResource);
    this.events = mgr.getEventRecorder(CONTROLLER_NAME);
    this.log = mgr.logger.withName('etcdcluster');
  }

  /** Logs `reconcile start` / `reconcile end` (with the process id: several operators may run) around `sync`. */
  async reconcile(req: Request, signal: AbortSignal): Promise<Result | undefined> {
    const log = this.log.withValues({ namespace: req.namespace, name: req.name, pid: process.pid });
    log.info('reconcile start');
    let outcome = 'error';
    try {
      const result = await this.sync(req, signal);
      outcome = 'success';
      return result;
    } catch (err) {
      // the cache was behind the server (an object changed since it was read): expected, retried with backoff
      if (!isConflict(err)) throw err;
      outcome = 'conflict';
      return { requeue: true };
    } finally {
      log.info('reconcile end', { outcome });
    }
  }

  private async sync({ namespace, name }: Request, signal: AbortSignal): Promise<Result | undefined> {
    let cluster: EtcdCluster;
    try {
      cluster = structuredClone(this.clusters.namespace(namespace).get(name));
    } catch (err) {
      if (isNotFound(err)) return; // gone, and its finalizer already done
      throw err;
    }
    // the recorder and owner references need the kind; a listed item may come without it
    cluster.apiVersion = `${etcdClusterResource.group}/${etcdClusterResource.version}`;
    cluster.kind = etcdClusterResource.kind;
    const clusters = this.mgr.clientFor(etcdClusterResource, namespace);
    if (cluster.metadata?.deletionTimestamp) {
      if (!containsFinalizer(cluster, FINALIZER)) return;
      const deleted = await this.cleanup(cluster, signal);
      this.events.eventf(cluster, undefined, 'Normal', 'CleanedUp', 'Delete', deleted.length > 0 ? `deleted ${deleted.join(', ')}` : 'nothing to delete');
      await ensureFinalizerRemoved(clusters, cluster, FINALIZER, { signal });
      return;
    }
    if (!containsFinalizer(cluster, FINALIZER)) {
      const { object } = await ensureFinalizer(clusters, cluster, FINALIZER, { signal });
      cluster = { ...object, apiVersion: cluster.apiVersion, kind: cluster.kind };
    }
    await this.sync1(cluster, configMapResource, this.configMaps, configMapName(cluster), (o) => { mutateConfigMap(cluster, o); }, signal);
    await this.sync1(cluster, serviceResource, this.services, name, (o) => { mutateService(cluster, o); }, signal);
    const sts = await this.sync1(cluster, statefulSetResource, this.statefulSets, name, (o) => { mutateStatefulSet(cluster, o); }, signal);
    const status = clusterStatus(cluster, sts, this.now);
    if (!semanticDeepEqual(cluster.status ?? {}, status)) {
      const wasAvailable = findStatusCondition(cluster.status?.conditions, AVAILABLE)?.status;
      await clusters.updateStatus({ ...cluster, status }, { signal });
      const available = findStatusCondition(status.conditions, AVAILABLE);
      if (available && available.status !== wasAvailable) {
        this.events.eventf(cluster, undefined, available.status === 'True' ? 'Normal' : 'Warning', available.status === 'True' ? 'Available' : 'Unavailable', 'Reconcile', available.message);
      }
    }
  }

  /** createOrUpdate of one owned object (read from the cache, written directly), with an event when it changed. */
  private async sync1<T extends KubeObject>(
    cluster: EtcdCluster,
    d: ResourceDescriptor<T>,
    cache: Lister<T>,
    name: string,
    mutate: (o: T) => void,
    signal: AbortSignal,
  ): Promise<T> {
    const namespace = cluster.metadata?.namespace ?? '';
    const client = readingFromCache(this.mgr.clientFor(d, namespace), cache, namespace);
    let result: OperationResult;
    let object: T;
    try {
      ({ result, object } = await createOrUpdate(client, { metadata: { name, namespace } } as T, mutate, { signal }));
    } catch (err) {
      if (err instanceof AlreadyOwnedError) {
        this.events.eventf(cluster, undefined, 'Warning', 'OwnershipConflict', 'Reconcile', `${d.kind} ${namespace}/${name}: ${err.message}`);
        throw terminalError(err); // nothing to retry until the object or the cluster changes
      }
      throw err;
    }
    // one reason per kind and operation: events of the same reason about one object form a series
    if (result !== 'unchanged') this.events.eventf(cluster, undefined, 'Normal', `${d.kind}${result === 'created' ? 'Created' : 'Updated'}`, 'Reconcile', `${d.kind} ${namespace}/${name} ${result}`);
    return object;
  }

  /** Deletes the objects this cluster controls (read directly: the cache may not have them yet); their names. */
  private async cleanup(cluster: EtcdCluster, signal: AbortSignal): Promise<string[]> {
    const namespace = cluster.metadata?.namespace ?? '';
    const name = cluster.metadata?.name ?? '';
    const owned: Array<[ResourceDescriptor, string]> = [
      [statefulSetResource, name],
      [serviceResource, name],
      [configMapResource, configMapName(cluster)],
    ];
    const deleted: string[] = [];
    for (const [d, objectName] of owned) {
      const client = this.mgr.clientFor(d, namespace);
      let o: KubeObject;
      try {
        o = await client.get(objectName, { signal });
      } catch (err) {
        if (isNotFound(err)) continue;
        throw err;
      }
      if (getControllerOf(o)?.uid !== cluster.metadata?.uid) continue;
      try {
        await client.delete(objectName, { signal, preconditions: { uid: o.metadata?.uid ?? '' }, propagationPolicy: 'Background' });
        deleted.push(`${d.kind} ${objectName}`);
      } catch (err) {
        // gone meanwhile, or replaced by another object of the same name (the uid precondition failed)
        if (!isNotFound(err) && !isConflict(err)) throw err;
      }
    }
    return deleted;
  }
}

/**
 * Passes updates that start the deletion or change the finalizers: metadata changes that do not bump the
 * generation everywhere (the apiserver bumps it when it sets deletionTimestamp on a custom resource, fakes may not),
 * and a finalizer removed by hand must be put back.
 */
export function deletionOrFinalizersChangedPredicate(): Predicate<EtcdCluster> {
  return {
    create: () => false,
    delete: () => false,
    generic: () => false,
    update: ({ objectOld, objectNew }) =>
      Boolean(objectNew.metadata?.deletionTimestamp) !== Boolean(objectOld.metadata?.deletionTimestamp) ||
      (objectOld.metadata?.finalizers ?? []).join('\n') !== (objectNew.metadata?.finalizers ?? []).join('\n'),
  };
}

/** Adds the EtcdCluster controller to `mgr` (before it starts) and returns its reconciler. */
export function setupEtcdClusterController(mgr: Manager, opts: EtcdClusterControllerOptions = {}): EtcdClusterReconciler {
  // a shard's caches are narrowed to its label before the reconciler asks for their listers
  const sharding = opts.sharding;
  if (sharding) for (const k of [etcdClusterResource, statefulSetResource, serviceResource, configMapResource]) mgr.selectKind(k, shardSelector(sharding.ring, sharding.shardName));
  const reconciler = new EtcdClusterReconciler(mgr, opts.now);
  const wrapped = [...(opts.middleware ?? [])].reverse().reduce<Reconciler>((next, m) => m(next), reconciler);
  const builder = controllerManagedBy(mgr)
    .named(CONTROLLER_NAME)
    .for(etcdClusterResource, { predicates: [or(generationChangedPredicate(mgr.logger), deletionOrFinalizersChangedPredicate())] })
    .owns(statefulSetResource)
    .owns(serviceResource)
    .owns(configMapResource)
    .withOptions({ maxConcurrentReconciles: opts.maxConcurrentReconciles ?? 2 });
  if (sharding) builder.withSharding(sharding);
  builder.complete(wrapped);
  return reconciler;
}
