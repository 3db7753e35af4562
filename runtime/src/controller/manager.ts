/**
 * `Manager`: runs controllers over one shared informer cache, with probes, metrics and leader election
 * (controller-runtime `pkg/manager`).
 *
 * Contract:
 * - clients: `clients(descriptor, namespace)` makes the direct (writing, uncached) client of any kind — a
 *   generated `TypedClient` factory, `@kubegen/api`'s, or a fake's. `clientFor(d, ns)` hands them out;
 * - cache: shared informers, one per kind (`SharedInformerFactory`), configured by `cache` (./cacheoptions: the
 *   cache-wide `namespace`, `labelSelector`, `fieldSelector`, `defaultTransform` — `stripManagedFields` unless set —
 *   and `defaultUnsafeDisableDeepCopy`, each overridable per kind in `byObject`, whose `namespaces` put one informer
 *   per namespace behind one cache). Bad settings throw from the constructor, one line naming the setting. An
 *   informer exists only for kinds that are asked for explicitly (`informerFor` / `lister`, or a controller's `for` /
 *   `owns` / `watches`); reading a kind nobody registered throws rather than silently starting a watch. `lister(d)`
 *   reads the cache;
 * - a transform that throws on an object is a bug no retry mends: the first failure is logged once (`cache
 *   transform failed`, with the kind and the object's key) and the manager stops, `start` rejecting with `cache of
 *   <kind>: transform failed on <namespace/name>: <error>` — never a relist loop, never a cache silently missing
 *   objects (client-go would retry the list forever, controller-runtime fail only at its cache sync timeout);
 * - the manager's client (`getClient()`, ./client): reads from the cache and writes to the server for typed
 *   descriptors and kinds known only by GVK (`unstructuredKind`, `metadataKind`, mapped through `restMapper`); its
 *   reads start a kind's informer on demand, as controller-runtime's cache does, unless
 *   `cache.readerFailOnMissingInformer`. Metadata-only kinds have a cache of their own (`metadataClients`);
 * - `start(signal)`, once. Order: the metrics and probe servers, the caches, the runnables that need no
 *   leader, then leader election; the leader-only runnables (controllers, by default) start when this manager
 *   leads (at once without election). `elected()` resolves then;
 * - graceful stop when `signal` aborts: every runnable is told to stop and gets `gracefulShutdownTimeoutMs`
 *   (default 30 s) to finish its in-flight work, after which the signal handed to that work aborts; then the
 *   lease is released (`leaderElection.releaseOnCancel`), the caches stop, the servers close. `start` resolves;
 *   it rejects with `failed waiting for all runnables to end within grace period of <n>s: context deadline
 *   exceeded` when work outlived the grace period. Until `start` settles, the manager keeps the process alive (a
 *   controller-runtime program runs until its context is cancelled): abort `signal` to let it exit;
 * - lost leadership: the leader-only runnables stop AT ONCE (their work's signal aborts, no grace period), the
 *   rest shuts down, and `start` rejects with `leader election lost` (the process should exit);
 * - a runnable that fails (e.g. a cache sync timeout) stops the manager, and `start` rejects with its error;
 * - probes: `addHealthzCheck` / `addReadyzCheck` before `start` (after: `unable to add new checker because
 *   healthz endpoint has already been created`); served on `healthProbeBindAddress` at `/healthz` and `/readyz`;
 * - metrics: served on `metrics.bindAddress` at `/metrics` (default `'0'`: disabled, so prom-client — an
 *   optional peer dependency — is loaded only when enabled; controller-runtime's default is `:8080`).
 * - webhooks: ONE HTTPS server for conversion, validating and mutating webhooks (`getWebhookServer()`, a
 *   `DefaultWebhookServer` made from the `webhookServer` option; controller-runtime's `GetWebhookServer`). It runs
 *   only when `getWebhookServer()` was called (by generated `registerConversions` / `register<Kind>Validator`, the
 *   webhook builder or the user) — then `start` starts it FIRST, before the caches (a CRD's conversion webhook must
 *   answer when they list), never waits for leadership, and closes it LAST, after every runnable and the caches
 *   stopped. Its readiness (`startedChecker`, a TLS dial) is the readiness check `webhook`, and the webhook port
 *   answers `/healthz` and `/readyz` with the manager's checks (the probe server, when enabled, too). A server that
 *   cannot listen (port taken, certificate files missing) fails `start` with its one-line error.
 * - self-managed webhook certificates (`webhookServer.selfManagedCertificates: { namespace, serviceName,
 *   secretName }`, for operators deployed without cert-manager): the manager keeps a CA and serving certificate in
 *   that Secret (`CertificateRotator`, ../webhook/certs/rotator): before the webhook server listens, `start` reads or
 *   creates the Secret (retrying transient errors; Forbidden and the like fail `start` with one line) and serves its
 *   certificate from memory (`certDir` is not read); then, on every replica, it rotates the certificates before they
 *   expire, reloads them when the Secret changes, and patches `caBundle` into the webhooks and CRD conversion
 *   webhooks that name `serviceName`. The readiness check `webhook-certificates` fails until the certificate is
 *   served and every such webhook holds its CA. The RBAC this needs is `SELF_MANAGED_CERTIFICATES_RBAC`.
 */

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import { realClock, type Clock } from '../clock/clock';
import { SharedInformerFactory, gvrKey, type SharedInformerFactoryOptions } from '../cache/factory';
import type { SharedIndexInformer, TransformFunc } from '../cache/informer';
import { MultiNamespaceInformer, type Informer } from '../cache/multinamespace';
import { loggingWatchErrorHandler, type WatchErrorHandler } from '../cache/reflector';
import { Lister } from '../cache/lister';
import type { ReflectorOptions } from '../cache/reflector';
import { TypedClient } from '../client/typed';
import type { KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../client/types';
import { METADATA_ACCEPT, type PartialObjectMetadata } from '../client/dynamic';
import type { RESTMapper } from '../discovery/restmapper';
import type { ListerWatcher } from '../cache/reflector';
import type { Watch } from '../watch/types';
import { formatLabelSelector } from '../meta/selectors';
import type { LabelSelector } from '../meta/conditions';
import { describeKind, isGVKKind, metadataOnly, type KindRef } from './kinds';
import { CacheConfig, type CacheSettings } from './cacheoptions';
import { ManagerClient } from './client';
import type { RestClient } from '../rest/client';
import { SERVICE_ACCOUNT_DIR } from '../config/incluster';
import { describeThrown } from '../observe/thrown';
import { CoreEventBroadcaster, coreEventResource, type CoreEventRecorder } from '../events/corev1';
import { EventBroadcaster, type EventRecorder } from '../events/recorder';
import { eventResource } from '../events/types';
import { LeaderElector } from '../leaderelection/leaderelection';
import { leaseResource } from '../leaderelection/lease';
import { LeaseLock } from '../leaderelection/resourcelock';
import { routeProbe, routeProbePath, writeProbe, type Checker } from './healthz';
import { defaultLogger, type Logger } from '../log';
import { DefaultWebhookServer, type DefaultWebhookServerOptions } from '../webhook/default-server';
import { recordingWrites, WrittenVersions } from './freshness';
import { CertificateRotator, type SelfManagedCertificatesOptions } from '../webhook/certs/rotator';
import { noopMetrics, prometheusMetrics, type ControllerMetrics, type PromRegistry, type PrometheusMetrics } from '../observe/metrics';

/**
 * Makes the direct client of a kind in a namespace (`''`: all namespaces, or cluster-scoped); the client's types are
 * the descriptor's.
 */
export type ClientFactory = <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(descriptor: ResourceDescriptor<T, TList>, namespace: string) => ResourceClient<T, TList>;

/** The `ClientFactory` of a REST client: `TypedClient`s of any kind. */
export function restClientFactory(rest: RestClient): ClientFactory {
  return (d, namespace) => new TypedClient(rest, d, namespace);
}

/**
 * The `ClientFactory` of the metadata-only clients of a REST client: `TypedClient`s asking for the
 * PartialObjectMetadata media type (the manager's `metadataClients`, for the informers of `metadataKind`s).
 */
export function restMetadataClientFactory(rest: RestClient): ClientFactory {
  return (d, namespace) => new TypedClient(rest, d, namespace, { accept: METADATA_ACCEPT });
}

/** A lister-watcher handing out `metadataOnly` objects (for a client that answers whole objects, e.g. a fake). */
function metadataListerWatcher<T extends KubeObject>(lw: ListerWatcher<T>): ListerWatcher<T> {
  return {
    list: async (opts) => {
      const page = await lw.list(opts);
      return { ...page, items: page.items === null ? null : page.items.map(metadataOnly) };
    },
    watch: async (opts) => {
      const w = await lw.watch(opts);
      const projected: Watch<T> = {
        stop: () => { w.stop(); },
        async *[Symbol.asyncIterator]() {
          for await (const e of w) yield { type: e.type, object: metadataOnly(e.object) };
        },
      };
      return projected;
    },
  };
}

/** A descriptor as plain data, typed as the form its objects are handed out in (a descriptor's type is a phantom). */
function plainDescriptor<T extends KubeObject>(d: Pick<ResourceDescriptor, 'group' | 'version' | 'resource' | 'kind' | 'namespaced'>): ResourceDescriptor<T, KubeList<T>> {
  return { group: d.group, version: d.version, resource: d.resource, kind: d.kind, namespaced: d.namespaced };
}

/** Something the manager runs. */
export interface Runnable {
  /**
   * Runs until `signal` aborts, then finishes in-flight work and resolves; `abort` aborts when that work must
   * stop at once (grace period over, or leadership lost).
   */
  start(signal: AbortSignal, abort: AbortSignal): Promise<void>;
  /** Whether it runs only while the manager leads; default true (as controller-runtime's controllers). */
  needLeaderElection?(): boolean;
}

export interface LeaderElectionOptions {
  /** The Lease's name (controller-runtime's LeaderElectionID). */
  id: string;
  /** The Lease's namespace; default the in-cluster namespace. */
  namespace?: string;
  /** Default `<hostname>_<uuid>`. */
  identity?: string;
  /** Default 15 s. */
  leaseDurationMs?: number;
  /** Default 10 s. */
  renewDeadlineMs?: number;
  /** Default 2 s. */
  retryPeriodMs?: number;
  /** Release the lease on graceful stop, so a successor takes over at once; default false (as upstream). */
  releaseOnCancel?: boolean;
  /** Labels merged into the Lease. */
  labels?: Readonly<Record<string, string>>;
  /** A number in [0, 1) for the retry jitter; default `Math.random`. */
  random?: () => number;
}

/**
 * The manager's cache (see ./cacheoptions for the settings and their precedence): `namespace` (default all),
 * `labelSelector` (a string or a metav1.LabelSelector), `fieldSelector`, `defaultTransform` (default
 * `stripManagedFields`; `null` keeps managedFields), `defaultUnsafeDisableDeepCopy`, and per kind `byObject`.
 */
export interface CacheOptions extends CacheSettings {
  /** The earlier name of `defaultTransform` (scaffolded `main.ts` files use it); give one of them. */
  transform?: <T extends KubeObject>(obj: T) => T;
  /** Resync period of the controllers' handlers; default none. */
  resyncPeriodMs?: number;
  reflector?: Omit<ReflectorOptions, 'selector' | 'clock'>;
  /**
   * The manager's client refuses to read a kind nobody asked an informer for (as `lister` does after start), instead
   * of starting one on demand (controller-runtime's `ReaderFailOnMissingInformer`); default false.
   */
  readerFailOnMissingInformer?: boolean;
}

export interface ManagerOptions {
  clients: ClientFactory;
  /**
   * Maps the kinds known only by GVK (`unstructuredKind`, `metadataKind`) to their resources, once per kind (e.g. a
   * `DeferredDiscoveryRESTMapper`); needed only for them.
   */
  restMapper?: RESTMapper;
  /**
   * The clients the informers of `metadataKind`s list and watch with: `restMetadataClientFactory(rest)` asks the
   * server for metadata only. Default `clients`, whose objects are cut down to their metadata as they arrive.
   */
  metadataClients?: ClientFactory;
  cache?: CacheOptions;
  clock?: Clock;
  logger?: Logger;
  /** `host:port` (`:8080`, `127.0.0.1:0`) of `/metrics`; `'0'` or absent disables it. */
  metrics?: { bindAddress?: string; registry?: PromRegistry };
  /** `host:port` of `/healthz` and `/readyz`; `'0'` or absent disables them. */
  healthProbeBindAddress?: string;
  /** Default `/readyz`. */
  readinessEndpointName?: string;
  /** Default `/healthz`. */
  livenessEndpointName?: string;
  leaderElection?: LeaderElectionOptions;
  /** Default 30 s. */
  gracefulShutdownTimeoutMs?: number;
  /** Controller defaults. */
  controller?: {
    /** `maxConcurrentReconciles` per `Kind.group` of the `for` kind. */
    groupKindConcurrency?: Readonly<Record<string, number>>;
    cacheSyncTimeoutMs?: number;
    reconciliationTimeoutMs?: number;
  };
  /** For events' `reportingInstance`; default `os.hostname()`. */
  hostname?: string;
  /**
   * The webhook server (`getWebhookServer()`): a `DefaultWebhookServer`, or its options (port, default 9443;
   * `certDir`, default `<tmpdir>/k8s-webhook-server/serving-certs`; `cert` / `key` as PEM …). Default: all defaults.
   */
  webhookServer?: DefaultWebhookServer | ManagerWebhookServerOptions;
}

/** The manager's `webhookServer` options: the server's, and self-managed certificates (see the module doc). */
export interface ManagerWebhookServerOptions extends DefaultWebhookServerOptions {
  /** Keep the serving certificate in this Secret and its CA in the webhooks naming this Service (no cert-manager). */
  selfManagedCertificates?: SelfManagedCertificatesOptions;
}

export { stripManagedFields, byObject, type ByObject, type ByObjectEntry, type KindTransform } from './cacheoptions';

/** What a transform threw, as the manager reports it (the reflector's log of it is left out: reported once). */
export class CacheTransformError extends Error {
  override readonly name = 'CacheTransformError';
}

/** The form of a kind's cache: whole objects, or metadata only. */
type CacheForm = 'full' | 'metadata';

/** Parses `host:port`; `undefined` for `'0'` / empty (disabled). */
export function parseBindAddress(addr: string | undefined): { host: string | undefined; port: number } | undefined {
  if (addr === undefined || addr === '' || addr === '0') return undefined;
  const i = addr.lastIndexOf(':');
  if (i < 0) throw new Error(`invalid bind address ${JSON.stringify(addr)}: want host:port`);
  const host = addr.slice(0, i).replace(/^\[|\]$/g, '');
  const port = Number(addr.slice(i + 1));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid bind address ${JSON.stringify(addr)}: bad port`);
  return { host: host || undefined, port };
}

function listen(server: Server, addr: { host: string | undefined; port: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(addr.port, addr.host, () => {
      server.off('error', reject);
      const a = server.address() as AddressInfo;
      resolve(a.family === 'IPv6' ? `[${a.address}]:${a.port}` : `${a.address}:${a.port}`);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => { resolve(); });
    server.closeAllConnections();
  });
}

/** The namespace of the pod (controller-runtime's leader election default). */
function inClusterNamespace(): string {
  try {
    const ns = readFileSync(`${SERVICE_ACCOUNT_DIR}/namespace`, 'utf8').trim();
    if (ns) return ns;
  } catch {
    // not in a cluster
  }
  throw new Error('unable to find leader election namespace: not running in-cluster, please specify LeaderElectionNamespace');
}

/** See the module doc. */
export class Manager {
  readonly clock: Clock;
  /** The versions the clients of `clientFor` wrote, of the kinds controllers reconcile (`freshness.ts`). */
  readonly writtenVersions: WrittenVersions;
  readonly logger: Logger;
  private readonly opts: ManagerOptions;
  private readonly cacheConfig: CacheConfig;
  private readonly factoryOptions: SharedInformerFactoryOptions;
  /**
   * The informer factories, by form and namespace: `full ` and `metadata ` plus the cache-wide namespace are made
   * at once; those of other namespaces (`byObject` namespaces) when first needed. Metadata informers are keyed by
   * resource as the others, so apart from them.
   */
  private readonly factories = new Map<string, SharedInformerFactory>();
  /** The resolved descriptors of GVK kinds, by `group/version/kind` (a failed mapping is dropped, and asked again). */
  private readonly mappings = new Map<string, Promise<ResourceDescriptor>>();
  /**
   * The descriptors of the typed kinds cached so far, by `group/version/kind`: a kind known by GVK that one of them
   * describes (the `metadataKind` of an `onlyMetadata` watch) needs no mapping.
   */
  private readonly knownDescriptors = new Map<string, ResourceDescriptor>();
  private client: ManagerClient | undefined;
  private readonly runnables: Runnable[] = [];
  private readonly controllerNames = new Set<string>();
  /** `selectKind`'s selectors, and the kinds whose informers exist, by `group/Kind`. */
  private readonly kindSelectors = new Map<string, string>();
  private readonly informerKinds = new Set<string>();
  private readonly healthz = new Map<string, Checker>();
  private readonly readyz = new Map<string, Checker>();
  private readonly broadcaster: EventBroadcaster;
  private coreBroadcaster: CoreEventBroadcaster | undefined;
  private metricsSink: ControllerMetrics = noopMetrics;
  private prom: PrometheusMetrics | undefined;
  private started = false;
  private probesServed = false;
  private electedResolve!: () => void;
  private readonly electedPromise: Promise<void>;
  private elector: LeaderElector | undefined;
  private servers: Server[] = [];
  private webhookServer: DefaultWebhookServer | undefined;
  private webhookServerUsed = false;
  private rotator: CertificateRotator | undefined;
  /** Where `/metrics` listens once started. */
  metricsAddress: string | undefined;
  /** Where the probes listen once started. */
  healthProbeAddress: string | undefined;

  constructor(opts: ManagerOptions) {
    this.opts = opts;
    this.clock = opts.clock ?? realClock;
    this.writtenVersions = new WrittenVersions(this.clock);
    this.logger = opts.logger ?? defaultLogger();
    const { transform: legacyTransform, ...c } = opts.cache ?? {};
    if (legacyTransform !== undefined && c.defaultTransform !== undefined) throw new Error('cache: give defaultTransform or transform (its earlier name), not both');
    this.cacheConfig = new CacheConfig(legacyTransform !== undefined ? { ...c, defaultTransform: legacyTransform } : c);
    this.factoryOptions = {
      namespace: this.cacheConfig.namespace,
      ...(c.resyncPeriodMs ? { defaultResyncMs: c.resyncPeriodMs } : {}),
      clock: this.clock,
      ...(c.reflector ? { reflector: c.reflector } : {}),
      onHandlerError: (err) => { this.logger.error(err, 'an event handler failed'); },
      logger: this.logger.withName('cache'),
      // the sink changes when start enables metrics: the stages count into whichever is current
      metrics: { count: (name, labels, delta) => { this.metricsSink.count(name, labels, delta); } },
    };
    this.factoryOf('full', this.cacheConfig.namespace);
    this.factoryOf('metadata', this.cacheConfig.namespace);
    this.electedPromise = new Promise((r) => (this.electedResolve = r));
    this.broadcaster = new EventBroadcaster({
      clientFor: (ns) => opts.clients(eventResource, ns),
      clock: this.clock,
      logger: this.logger,
      ...(opts.hostname ? { hostname: opts.hostname } : {}),
    });
    if (opts.leaderElection && !opts.leaderElection.id) throw new Error('LeaderElectionID must be configured');
    const ws = opts.webhookServer;
    if (ws instanceof DefaultWebhookServer) this.webhookServer = ws;
    else if (ws !== undefined) {
      const { selfManagedCertificates, ...serverOptions } = ws;
      if (selfManagedCertificates !== undefined && (ws.cert !== undefined || ws.key !== undefined)) {
        throw new Error('webhook server: give selfManagedCertificates, or cert and key, not both');
      }
      const server = new DefaultWebhookServer({ logger: this.logger.withName('webhook'), ...serverOptions });
      this.webhookServer = server;
      if (selfManagedCertificates !== undefined) {
        this.rotator = new CertificateRotator({
          ...selfManagedCertificates,
          clients: opts.clients,
          server: { setCertificate: (cert, key) => { server.setCertificate(cert, key); } },
          clock: this.clock,
          logger: this.logger,
        });
      }
    }
  }

  /** The self-managed certificates' rotator (with `webhookServer.selfManagedCertificates`). */
  get certificateRotator(): CertificateRotator | undefined {
    return this.rotator;
  }

  /**
   * The manager's one webhook server (controller-runtime's `GetWebhookServer`): register conversions, validators and
   * defaulters on it. Calling this makes the manager run it; see the module doc.
   */
  getWebhookServer(): DefaultWebhookServer {
    this.webhookServer ??= new DefaultWebhookServer({ logger: this.logger.withName('webhook') });
    if (!this.webhookServerUsed && this.started) throw new Error('the webhook server must be asked for before the manager starts');
    this.webhookServerUsed = true;
    return this.webhookServer;
  }

  /** The options controllers inherit. */
  get controllerDefaults(): NonNullable<ManagerOptions['controller']> {
    return this.opts.controller ?? {};
  }

  /** The metrics sink controllers report to (no-op until `start` enables metrics). */
  get metrics(): ControllerMetrics {
    return this.metricsSink;
  }

  /** The prom-client registry, once metrics are enabled and the manager started. */
  get metricsRegistry(): PromRegistry | undefined {
    return this.prom?.registry;
  }

  /**
   * The direct (uncached) client of a kind. Its writes of a kind a controller reconciles are recorded in
   * `writtenVersions` (see `freshness.ts`).
   */
  clientFor<T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, namespace = ''): ResourceClient<T, TList> {
    return recordingWrites(this.opts.clients(d, d.namespaced ? namespace : ''), d, this.writtenVersions);
  }

  /**
   * Narrows the cache of one kind (`group` and `kind`) by a label selector, ANDed with the kind's cache selector: what
   * a sharded controller's kinds watch (`withSharding`: only the shard's objects). Before the kind's informer exists;
   * a kind narrowed twice must be narrowed the same.
   */
  selectKind(kind: { group: string; kind: string }, labelSelector: string): void {
    const key = `${kind.group}/${kind.kind}`;
    const have = this.kindSelectors.get(key);
    if (have !== undefined && have !== labelSelector) {
      throw new Error(`the cache of ${key} already watches ${JSON.stringify(have)}, not ${JSON.stringify(labelSelector)}: one kind has one cache per manager`);
    }
    if (have === undefined && this.informerKinds.has(key)) throw new Error(`the cache of ${key} exists already: narrow it (selectKind) before its informer is made`);
    this.kindSelectors.set(key, labelSelector);
  }

  /** `lw` narrowed by the kind's `selectKind` selector, if any. */
  private narrowed<T extends KubeObject>(d: ResourceDescriptor, lw: ListerWatcher<T>): ListerWatcher<T> {
    const key = `${d.group}/${d.kind}`;
    this.informerKinds.add(key);
    const extra = this.kindSelectors.get(key);
    if (extra === undefined) return lw;
    const and = (s: string | LabelSelector | undefined): string => {
      const have = s === undefined || typeof s === 'string' ? s : formatLabelSelector(s);
      return have ? `${have},${extra}` : extra;
    };
    return {
      list: (opts) => lw.list({ ...opts, labelSelector: and(opts.labelSelector) }),
      watch: (opts) => lw.watch({ ...opts, labelSelector: and(opts.labelSelector) }),
    };
  }

  /** The factory of a form and namespace, made on first use (and started when the manager already runs). */
  private factoryOf(form: CacheForm, namespace: string): SharedInformerFactory {
    const key = `${form} ${namespace}`;
    let f = this.factories.get(key);
    if (!f) {
      f = new SharedInformerFactory({ ...this.factoryOptions, namespace });
      this.factories.set(key, f);
    }
    return f;
  }

  /**
   * The informer of a kind in one form: one per namespace the kind's cache settings name (one informer when they
   * name one namespace, or all), made on first call with the kind's selectors and transform, and started when the
   * manager already runs.
   */
  private cachedInformer<T extends KubeObject>(d: ResourceDescriptor<T, KubeList<T>>, form: CacheForm): Informer<T> {
    const settings = this.cacheConfig.forKind(d);
    const namespaces = this.cacheConfig.namespacesOf(d);
    this.knownDescriptors.set(`${d.group}/${d.version}/${d.kind}`, d);
    const name = form === 'metadata' ? `${describeKind(d)} (metadata)` : describeKind(d);
    const members = namespaces.map((ns): [string, SharedIndexInformer<T>] => {
      const f = this.factoryOf(form, ns);
      const existing = f.informerOf(d);
      if (existing) return [ns, existing];
      const client = this.opts.clients(d, ns);
      const lw: ListerWatcher<T> = this.narrowed(d, form === 'full' ? client : this.opts.metadataClients ? this.opts.metadataClients(d, ns) : metadataListerWatcher(client));
      const informer = f.informerFor(d, lw, {
        selector: settings.selector,
        transform: settings.transform === null ? null : this.guardTransform(name, settings.transform),
        onError: this.watchErrorHandler(`reflector ${gvrKey(d)}`),
      });
      if (this.started && this.runSignal && !informer.isStarted) f.start(this.runSignal);
      return [ns, informer];
    });
    const only = members.length === 1 ? members[0] : undefined;
    return only ? only[1] : new MultiNamespaceInformer(new Map(members));
  }

  /**
   * A kind's transform, reporting its first failure once (see the module doc) and stopping the manager; the object
   * is then skipped, as the informer skips what its transform throws on.
   */
  private guardTransform<T extends KubeObject>(kind: string, transform: TransformFunc<KubeObject>): TransformFunc<T> {
    let reported = false;
    return (obj: T): T => {
      try {
        // a kind's transform maps objects of the kind to objects of the kind (its `byObject` entry is typed so)
        return transform(obj) as T;
      } catch (err) {
        const m = obj.metadata;
        const key = m?.namespace ? `${m.namespace}/${m.name ?? ''}` : (m?.name ?? '');
        const failure = new CacheTransformError(`cache of ${kind}: transform failed on ${key}: ${describeThrown(err)}`);
        if (!reported) {
          reported = true;
          this.logger.error(err, 'cache transform failed', { kind, object: key });
          this.fail(failure);
        }
        throw failure;
      }
    };
  }

  /** The reflector's error handler: the user's or the logging one, without the transform failures reported already. */
  private watchErrorHandler(name: string): WatchErrorHandler {
    const inner = this.factoryOptions.reflector?.onError ?? loggingWatchErrorHandler(name, this.factoryOptions.logger);
    return (err, info) => {
      if (err.error instanceof CacheTransformError) return;
      inner(err, info);
    };
  }

  /** Stops the manager with `err` (its first failure wins); `start` rejects with it. */
  private fail(err: unknown): void {
    if (!this.failure) this.failure = { error: err };
    this.wake?.();
  }

  /**
   * The shared informer of a kind, created on first call (and started when the manager already runs): a
   * `SharedIndexInformer`, or a `MultiNamespaceInformer` when the kind's `byObject` names several namespaces.
   */
  informerFor<T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>): Informer<T> {
    return this.cachedInformer(plainDescriptor(d), 'full');
  }

  /**
   * The metadata-only informer of a kind (`PartialObjectMetadata`; the builder's `onlyMetadata`, `metadataKind`):
   * listed and watched with `metadataClients`, apart from the kind's full informer.
   */
  metadataInformerFor(d: Pick<ResourceDescriptor, 'group' | 'version' | 'resource' | 'kind' | 'namespaced'>): Informer<PartialObjectMetadata> {
    return this.cachedInformer(plainDescriptor<PartialObjectMetadata>(d), 'metadata');
  }

  /** Whether the manager client's reads of a kind hand out the cached objects themselves (`unsafeDisableDeepCopy`). */
  sharesCachedObjects(kind: Pick<ResourceDescriptor, 'group' | 'version' | 'kind'>): boolean {
    return this.cacheConfig.forKind(kind).unsafeDisableDeepCopy;
  }

  /**
   * A cached reader of a kind. Before `start` it registers the kind's informer; after, the kind must have been
   * registered (no informer is started behind the caller's back).
   */
  lister<T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>): Lister<T> {
    if (!this.existingInformer('full', d) && this.started) {
      throw new Error(`the cache has no informer for ${gvrKey(d)}: ask for its lister (or watch the kind) before the manager starts`);
    }
    const informer = this.informerFor(d);
    return new Lister(informer.getIndexer(), { group: d.group, resource: d.resource });
  }

  /**
   * The descriptor of a kind: the descriptor itself, for a kind known by GVK that a typed descriptor the cache
   * already uses describes that descriptor (no mapping: `metadataKind('v1', 'ConfigMap')` beside
   * `owns(configMapResource, { onlyMetadata: true })`), else the mapping of the manager's
   * `restMapper` (asked once per kind; a failure — the mapper's `NoKindMatchError` for a kind the server does not
   * serve — is thrown as it is, and asked again next time).
   */
  async descriptorFor<T extends KubeObject>(kind: KindRef<T>, signal?: AbortSignal): Promise<ResourceDescriptor<T, KubeList<T>>> {
    if (!isGVKKind(kind)) return kind;
    const cached = this.knownDescriptors.get(`${kind.group}/${kind.version}/${kind.kind}`);
    if (cached) return plainDescriptor(cached);
    const mapper = this.opts.restMapper;
    if (!mapper) throw new Error(`the manager has no restMapper: a kind known only by GVK (${describeKind(kind)}) needs ManagerOptions.restMapper`);
    const key = `${kind.group}/${kind.version}/${kind.kind}`;
    let p = this.mappings.get(key);
    if (!p) {
      const q = mapper.restMapping({ group: kind.group, kind: kind.kind }, [kind.version], signal).then((m): ResourceDescriptor => ({
        group: m.resource.group,
        version: m.resource.version,
        resource: m.resource.resource,
        kind: m.groupVersionKind.kind,
        namespaced: m.namespaced,
      }));
      this.mappings.set(key, q);
      q.catch(() => {
        if (this.mappings.get(key) === q) this.mappings.delete(key);
      });
      p = q;
    }
    const d = await p;
    // a descriptor is plain data: its object type is the phantom of the kind asked with
    const typed: ResourceDescriptor<T, KubeList<T>> = { group: d.group, version: d.version, resource: d.resource, kind: d.kind, namespaced: d.namespaced };
    return typed;
  }

  /**
   * The shared informer of any kind — typed, unstructured (shared with a typed informer of the same resource: the
   * objects are the same JSON) or metadata-only (an informer of its own) — created on first call and started when
   * the manager already runs.
   */
  async informerForKind<T extends KubeObject>(kind: KindRef<T>, signal?: AbortSignal): Promise<Informer<T>> {
    const d = await this.descriptorFor(kind, signal);
    try {
      return this.cachedInformer(d, isGVKKind(kind) && kind.form === 'metadata' ? 'metadata' : 'full');
    } catch (err) {
      // a setting that does not fit the kind as mapped (namespaces of a cluster-scoped kind): no retry mends it
      this.fail(err);
      throw err;
    }
  }

  /** Whether the informer of a kind in one form was created. */
  private existingInformer(form: CacheForm, d: ResourceDescriptor): boolean {
    return this.cacheConfig.namespacesOf(d).every((ns) => this.factories.get(`${form} ${ns}`)?.informerOf(d) !== undefined);
  }

  /**
   * The informer a read of the manager's client uses: created (and started) on demand, unless
   * `cache.readerFailOnMissingInformer` refuses a kind nobody asked for.
   */
  async readerInformer<T extends KubeObject>(kind: KindRef<T>, signal?: AbortSignal): Promise<Informer<T>> {
    const d = await this.descriptorFor(kind, signal);
    if (this.opts.cache?.readerFailOnMissingInformer && !this.existingInformer(isGVKKind(kind) && kind.form === 'metadata' ? 'metadata' : 'full', d)) {
      throw new Error(`the cache has no informer for ${describeKind(kind)} and readerFailOnMissingInformer is set: watch the kind or ask for its informer first`);
    }
    return this.informerForKind(kind, signal);
  }

  /** Whether the manager's caches run (reads of its client wait for them). */
  get cacheStarted(): boolean {
    return this.started && this.runSignal !== undefined;
  }

  /**
   * The manager's client (controller-runtime's `GetClient`): reads from the cache, writes to the server, for typed
   * descriptors and kinds known by GVK alike. See `ManagerClient`.
   */
  getClient(): ManagerClient {
    this.client ??= new ManagerClient(this);
    return this.client;
  }

  /** A checker that passes once every informer started so far has synced. */
  cacheSyncChecker(): Checker {
    return async () => {
      const signal = AbortSignal.abort();
      for (const f of this.factories.values()) {
        for (const [key, ok] of await f.waitForCacheSync(signal)) {
          if (!ok) throw new Error(`informer ${key} has not synced`);
        }
      }
    };
  }

  /** Registers a controller name; throws when taken (controller-runtime's message). */
  registerControllerName(name: string): void {
    if (this.controllerNames.has(name)) {
      throw new Error(
        `controller with name ${name} already exists. Controller names must be unique to avoid multiple controllers reporting the same metric. This validation can be disabled via the SkipNameValidation option`,
      );
    }
    this.controllerNames.add(name);
  }

  /** Adds a runnable (a controller, or anything with `start`). After `start`, it starts at once. */
  add(r: Runnable): void {
    this.runnables.push(r);
    if (this.started) this.startRunnable(r);
  }

  addHealthzCheck(name: string, check: Checker): void {
    if (this.probesServed) throw new Error('unable to add new checker because healthz endpoint has already been created');
    this.healthz.set(name, check);
  }

  addReadyzCheck(name: string, check: Checker): void {
    if (this.probesServed) throw new Error('unable to add new checker because readyz endpoint has already been created');
    this.readyz.set(name, check);
  }

  /** An events.k8s.io recorder for `controllerName` (controller-runtime's `GetEventRecorder`). */
  getEventRecorder(controllerName: string): EventRecorder {
    return this.broadcaster.newRecorder(controllerName);
  }

  /**
   * A core/v1 recorder with client-go's EventCorrelator for `name` (controller-runtime's deprecated
   * `GetEventRecorderFor`); prefer `getEventRecorder`.
   */
  getEventRecorderFor(name: string): CoreEventRecorder {
    this.coreBroadcaster ??= new CoreEventBroadcaster({
      clientFor: (ns) => this.opts.clients(coreEventResource, ns),
      clock: this.clock,
      logger: this.logger,
    });
    return this.coreBroadcaster.newRecorder(name, this.opts.hostname);
  }

  /** Resolves when this manager leads (at start without leader election). */
  elected(): Promise<void> {
    return this.electedPromise;
  }

  /** The leader elector, when leader election is configured and the manager started. */
  get leaderElector(): LeaderElector | undefined {
    return this.elector;
  }

  // run state
  private runSignal: AbortSignal | undefined;
  private stopRunnables = new AbortController();
  private abortRunnables = new AbortController();
  private leaderStop = new AbortController();
  private leaderAbort = new AbortController();
  private leading = false;
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  private startRunnable(r: Runnable): void {
    const leaderOnly = r.needLeaderElection?.() ?? true;
    if (leaderOnly && !this.leading) return;
    const stop = leaderOnly ? AbortSignal.any([this.stopRunnables.signal, this.leaderStop.signal]) : this.stopRunnables.signal;
    const abort = leaderOnly ? AbortSignal.any([this.abortRunnables.signal, this.leaderAbort.signal]) : this.abortRunnables.signal;
    const p: Promise<void> = Promise.resolve()
      .then(() => r.start(stop, abort))
      .catch((err: unknown) => {
        if (!this.failure) this.failure = { error: err };
        this.wake?.();
      })
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  private startLeaderRunnables(): void {
    this.leading = true;
    for (const r of this.runnables) if (r.needLeaderElection?.() ?? true) this.startRunnable(r);
    this.electedResolve();
  }

  /**
   * Runs everything until `signal` aborts; see the module doc. Until it settles it keeps the process alive (its
   * clock's `hold()`): a program that starts a manager runs until `signal` aborts, e.g. on SIGTERM.
   */
  async start(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error('the manager was started more than once');
    this.started = true;
    const hold = this.clock.hold();
    try {
      await this.run(signal);
    } finally {
      hold.release();
    }
  }

  private async run(signal: AbortSignal): Promise<void> {
    this.runSignal = signal;
    const log = this.logger;
    // set by the elector's callback (a holder, so that tsc does not narrow it to its initial value)
    const leadership = { lost: false };
    const stopped = new Promise<void>((resolve) => {
      this.wake = resolve;
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => { resolve(); }, { once: true });
    });
    const electorStop = new AbortController();
    let electorRun: Promise<void> | undefined;
    const cacheStop = new AbortController();
    const webhookStop = new AbortController();
    let webhookRun: Promise<void> | undefined;
    const webhooks = this.webhookServerUsed ? this.webhookServer : undefined;
    if (webhooks && !this.readyz.has('webhook')) this.readyz.set('webhook', webhooks.startedChecker());
    const rotator = webhooks ? this.rotator : undefined;
    if (rotator) {
      if (!this.readyz.has('webhook-certificates')) this.readyz.set('webhook-certificates', rotator.readyChecker());
      this.runnables.push(rotator);
    }
    const probeEndpoints = new Map([
      [this.opts.livenessEndpointName ?? '/healthz', this.healthz],
      [this.opts.readinessEndpointName ?? '/readyz', this.readyz],
    ]);
    try {
      // 1. servers
      const metricsAddr = parseBindAddress(this.opts.metrics?.bindAddress);
      if (metricsAddr) {
        this.prom = prometheusMetrics(this.opts.metrics?.registry);
        this.metricsSink = this.prom;
        const prom = this.prom;
        const server = createServer((req, res) => {
          const path = new URL(req.url ?? '/', 'http://metrics').pathname;
          if (path !== '/metrics') {
            res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('404 page not found\n');
            return;
          }
          prom.exposition().then(
            ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
            (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${describeThrown(err)}\n`),
          );
        });
        this.servers.push(server);
        this.metricsAddress = await listen(server, metricsAddr);
        log.info('Starting metrics server', { bindAddress: this.metricsAddress });
      }
      const probeAddr = parseBindAddress(this.opts.healthProbeBindAddress);
      this.probesServed = probeAddr !== undefined || webhooks !== undefined;
      if (probeAddr) {
        const server = createServer((req, res) => {
          routeProbe(probeEndpoints, req).then(
            (r) => { writeProbe(res, r ?? { status: 404, body: '404 page not found\n' }); },
            (err: unknown) => { writeProbe(res, { status: 500, body: `internal server error: ${describeThrown(err)}\n` }); },
          );
        });
        this.servers.push(server);
        this.healthProbeAddress = await listen(server, probeAddr);
        log.info('Starting health probes', { bindAddress: this.healthProbeAddress });
      }
      // 1b. the webhook server, before the caches: a CRD's conversion webhook must answer when they list
      // the self-managed certificate first: the server listens with it
      if (rotator) {
        try {
          await rotator.bootstrap(signal);
        } catch (err) {
          if (!signal.aborted) throw err;
        }
      }
      if (webhooks && !signal.aborted) {
        const ws = webhooks;
        ws.serveProbes((p, query) => routeProbePath(probeEndpoints, p, query));
        webhookRun = ws.start(webhookStop.signal).catch((err: unknown) => {
          if (!this.failure) this.failure = { error: err };
          this.wake?.();
        });
        const listening = await Promise.race([ws.whenListening().then((a) => a), stopped.then(() => undefined)]);
        if (this.failure) throw this.failure.error;
        if (listening) log.info('Starting webhook server', { bindAddress: listening.family === 'IPv6' ? `[${listening.address}]:${listening.port}` : `${listening.address}:${listening.port}`, paths: ws.paths });
      }
      // 2. caches and events
      for (const f of this.factories.values()) f.start(cacheStop.signal);
      this.broadcaster.start(cacheStop.signal);
      // 3. runnables without election
      for (const r of this.runnables) if (!(r.needLeaderElection?.() ?? true)) this.startRunnable(r);
      // 4. election
      const le = this.opts.leaderElection;
      if (!le) this.startLeaderRunnables();
      else {
        const namespace = le.namespace ?? inClusterNamespace();
        const identity = le.identity ?? `${hostname()}_${randomUUID()}`;
        const lock = new LeaseLock({
          client: this.opts.clients(leaseResource, namespace),
          namespace,
          name: le.id,
          identity,
          ...(le.labels ? { labels: le.labels } : {}),
          eventRecorder: this.broadcaster.newRecorder(identity),
        });
        this.elector = new LeaderElector({
          lock,
          name: le.id,
          leaseDurationMs: le.leaseDurationMs ?? 15_000,
          renewDeadlineMs: le.renewDeadlineMs ?? 10_000,
          retryPeriodMs: le.retryPeriodMs ?? 2_000,
          releaseOnCancel: le.releaseOnCancel ?? false,
          clock: this.clock,
          logger: log,
          ...(le.random ? { random: le.random } : {}),
          onLeadingChange: (leading) => { this.metricsSink.leaderElection(le.id, leading); },
          callbacks: {
            onStartedLeading: () => { this.startLeaderRunnables(); },
            onStoppedLeading: () => {
              if (electorStop.signal.aborted) return;
              // leadership lost (or never gained) while running: leader-only work stops at once
              leadership.lost = this.leading;
              this.leaderStop.abort();
              this.leaderAbort.abort();
              this.leading = false;
              if (leadership.lost) log.info('leader election lost');
              this.wake?.();
            },
          },
        });
        electorRun = this.elector.run(electorStop.signal);
      }
      await stopped;
    } catch (err) {
      if (!this.failure) this.failure = { error: err };
    }
    // shutdown
    let graceError: Error | undefined;
    const grace = leadership.lost ? 0 : (this.opts.gracefulShutdownTimeoutMs ?? 30_000);
    this.stopRunnables.abort();
    if (leadership.lost) this.abortRunnables.abort();
    if (this.running.size > 0) {
      let timer: ReturnType<Clock['setTimer']> | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = this.clock.setTimer(() => { resolve(true); }, grace);
      });
      const done = Promise.all([...this.running]).then(() => false);
      const expired = await Promise.race([done, timedOut]);
      if (timer !== undefined) this.clock.clearTimer(timer);
      if (expired) {
        this.abortRunnables.abort();
        if (!leadership.lost) graceError = new Error(`failed waiting for all runnables to end within grace period of ${grace / 1000}s: context deadline exceeded`);
      }
    }
    this.abortRunnables.abort();
    electorStop.abort();
    await electorRun?.catch((err: unknown) => { log.error(err, 'leader election failed'); });
    // no more event retries; the writes under way settle
    this.broadcaster.shutdown();
    this.coreBroadcaster?.shutdown();
    await Promise.all([this.broadcaster.flush(), this.coreBroadcaster?.flush()]);
    cacheStop.abort();
    await Promise.all([...this.factories.values()].map((f) => f.shutdown()));
    // the webhook server last: conversion answers until the caches stopped
    webhookStop.abort();
    await webhookRun;
    await Promise.all(this.servers.map(closeServer));
    this.servers = [];
    if (leadership.lost) throw new Error('leader election lost');
    if (this.failure) throw this.failure.error;
    if (graceError) throw graceError;
  }
}
