/**
 * Self-managed webhook certificates (open-policy-agent/cert-controller's `CertRotator`, for operators deployed
 * without cert-manager): the manager keeps a CA and a serving certificate in a TLS Secret, serves with it, rotates it
 * before it expires, and keeps the `caBundle` of its webhook configurations and CRD conversion webhooks current.
 * A `Manager` runs one when its `webhookServer` option has `selfManagedCertificates: { namespace, serviceName,
 * secretName }`; see docs/webhooks.md.
 *
 * Contract:
 * - **The Secret** `<namespace>/<secretName>` holds `ca.crt`, `ca.key`, `tls.crt`, `tls.key` (type
 *   `kubernetes.io/tls` when this creates it; an existing Secret keeps its type and its other keys). `sync()` reads it
 *   from the API server (never from a cache) and, when it is absent, creates it (AlreadyExists — another replica
 *   created it first — reads again); when the CA or the serving certificate is missing, invalid, or within
 *   `lookaheadMs` of its expiry (./check), writes new ones with an update conditional on the resourceVersion read
 *   (Conflict — another replica rotated first — reads again and takes theirs). A serving certificate alone is
 *   signed by the CA in place, so the `caBundle` stays. A CA entering the lookahead is rotated in two steps, with no
 *   moment where the API server meets a certificate it does not trust: first the new CA goes in front of the old one
 *   in `ca.crt` (the bundle injected everywhere) while the old serving certificate is still served; once every
 *   webhook naming the Service holds that bundle (or when the old CA is half-way through its lookahead, whatever the
 *   webhooks hold), a serving certificate of the new CA replaces it. A CA that is missing, invalid or expired is
 *   replaced at once, with a new serving certificate. The serving
 *   certificate is for `<svc>.<ns>.svc` (its common name), `<svc>.<ns>.svc.cluster.local`, `<svc>.<ns>` and `<svc>`
 *   (and `extraHosts`).
 * - **Serving**: every certificate `sync()` settles on is handed to the webhook server (`setCertificate`: the TLS
 *   server swaps its secure context; connections open keep theirs). Every replica does this (all serve webhooks), so
 *   `needLeaderElection()` is false.
 * - **Watching** (`start`): informers on the Secret (a field selector on its name), on Validating- and
 *   MutatingWebhookConfigurations and on CustomResourceDefinitions. A change of the Secret (another replica rotated,
 *   someone deleted it) syncs again; a change of any of the others re-checks its `caBundle`. Work runs one item at a
 *   time from a rate-limited work queue (a failed item is retried with the controller backoff, errors logged).
 * - **Injection**: every webhook whose `clientConfig.service` is `{ namespace, name: serviceName }`, and every CRD
 *   conversion webhook with such a service, gets `caBundle` = the CA certificate, by a JSON patch that tests the
 *   service reference first (./inject); nothing is written when the bundle is already there. Every replica does it:
 *   the patch is idempotent, and a `kubegen apply` that reset a bundle is healed by whichever replica sees it first.
 * - **Time**: the clock is injected. After each sync a timer is set for the earlier of the refresh time (the first
 *   expiry minus `lookaheadMs`) and `checkIntervalMs` (12 h); `Clock.setTimer` chains Node timeouts, so a delay of
 *   years neither overflows nor spins, and the timer keeps the process alive while it is pending (the manager holds
 *   the process anyway while it runs).
 * - **Readiness** (`readyChecker()`): fails until a certificate is served, the informers have synced, and every
 *   matching webhook holds the current bundle (in the informers' caches).
 * - **Errors**: `bootstrap(signal)` — what the manager awaits before its webhook server listens — retries errors of
 *   the transport and the server's 5xx/429 with a capped backoff (each logged), and throws a one-line error for
 *   Forbidden, Unauthorized, Invalid and BadRequest (missing RBAC is a configuration error, not a transient one).
 */
import { isIP } from 'node:net';
import { clockSleep, realClock, type Clock, type ClockTimer } from '../../clock/clock';
import { SharedIndexInformer } from '../../cache/informer';
import type { KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../../client/types';
import type { Logger } from '../../log';
import { isAlreadyExists, isBadRequest, isConflict, isForbidden, isInvalid, isNotFound, isUnauthorized } from '../../errors/errors';
import { isJsonObject } from '../../meta/json';
import { describeThrown } from '../../observe/thrown';
import { RateLimitingWorkQueue } from '../../workqueue';
import { checkCertificates, pemCertificates, type CertificateMaterial } from './check';
import { caBundleOf, crdConversionPatch, webhookConfigurationPatch, type ServiceRef } from './inject';
import { makeServingCertificates } from './x509';

const DAY_MS = 86_400_000;

/** What the manager's `webhookServer.selfManagedCertificates` option takes. */
export interface SelfManagedCertificatesOptions {
  /** The namespace of the Secret and of the webhook Service (the operator's namespace). */
  namespace: string;
  /** The webhook Service the configurations name (`<name>-webhook-service`). */
  serviceName: string;
  /** The TLS Secret the certificates are kept in (`<name>-webhook-server-cert`). */
  secretName: string;
  /** Validity of a new CA. Default 10 years (cert-controller's). */
  caValidityMs?: number;
  /** Validity of a new serving certificate. Default 1 year. */
  certValidityMs?: number;
  /** A certificate is replaced this long before it expires. Default 90 days; less than both validities. */
  lookaheadMs?: number;
  /** The Secret is checked at least this often. Default 12 hours. */
  checkIntervalMs?: number;
  /**
   * More names (or IP addresses) the serving certificate is for, besides the Service's (cert-controller's
   * `ExtraDNSNames`): e.g. a webhook also reached by URL. A Secret whose certificate lacks one is rotated.
   */
  extraHosts?: readonly string[];
}

/** The clients the rotator uses: the manager's `ClientFactory`. */
export type CertificateClients = <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(descriptor: ResourceDescriptor<T, TList>, namespace: string) => ResourceClient<T, TList>;

export interface CertificateRotatorOptions extends SelfManagedCertificatesOptions {
  clients: CertificateClients;
  /** The webhook server: receives every certificate settled on. */
  server: { setCertificate(cert: string, key: string): void };
  clock?: Clock;
  logger: Logger;
  /** Backoff of `bootstrap` between failed attempts: first and maximum delay. Default 1 s and 30 s. */
  bootstrapBackoffMs?: { initial: number; max: number };
}

interface Secret extends KubeObject {
  type?: string;
  data?: Record<string, string>;
}

interface WebhookObject extends KubeObject {
  webhooks?: unknown[];
  spec?: unknown;
}

const secretResource: ResourceDescriptor<Secret> = Object.freeze({ group: '', version: 'v1', resource: 'secrets', kind: 'Secret', namespaced: true });
const validatingWebhookConfigurationResource: ResourceDescriptor<WebhookObject> = Object.freeze({
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'validatingwebhookconfigurations',
  kind: 'ValidatingWebhookConfiguration',
  namespaced: false,
});
const mutatingWebhookConfigurationResource: ResourceDescriptor<WebhookObject> = Object.freeze({
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'mutatingwebhookconfigurations',
  kind: 'MutatingWebhookConfiguration',
  namespaced: false,
});
const crdResource: ResourceDescriptor<WebhookObject> = Object.freeze({
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  namespaced: false,
});

type Target = 'validating' | 'mutating' | 'crd';
const TARGETS: ReadonlyArray<readonly [Target, ResourceDescriptor<WebhookObject>]> = [
  ['validating', validatingWebhookConfigurationResource],
  ['mutating', mutatingWebhookConfigurationResource],
  ['crd', crdResource],
];
const SECRET_KEY = 'secret';
/** How often the Secret is re-read while a CA rotation waits for the new CA to be injected everywhere. */
const PENDING_RECHECK_MS = 60_000;
/** How many times `sync` reads again after a lost race before giving up (and being retried by the queue). */
const MAX_RACES = 10;

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * What the caches keep of a CRD: its conversion only — a cluster's CRDs can hold megabytes of schemas, which the
 * injection never reads.
 */
function slimCrd(obj: WebhookObject): WebhookObject {
  const spec = obj.spec !== null && typeof obj.spec === 'object' && !Array.isArray(obj.spec) ? (obj.spec as Record<string, unknown>) : undefined;
  const conversion = spec && Object.hasOwn(spec, 'conversion') ? spec.conversion : undefined;
  return { apiVersion: obj.apiVersion, kind: obj.kind, metadata: slimMeta(obj), spec: conversion === undefined ? {} : { conversion } };
}

/** What the caches keep of a webhook configuration: each webhook's name and client config, in their order. */
function slimConfiguration(obj: WebhookObject): WebhookObject {
  const hooks = Array.isArray(obj.webhooks) ? obj.webhooks : undefined;
  const own = (w: object, k: string) => (Object.hasOwn(w, k) ? (w as Record<string, unknown>)[k] : undefined);
  const slim = (w: unknown) => (w !== null && typeof w === 'object' && !Array.isArray(w) ? { name: own(w, 'name'), clientConfig: own(w, 'clientConfig') } : w);
  return { apiVersion: obj.apiVersion, kind: obj.kind, metadata: slimMeta(obj), ...(hooks ? { webhooks: hooks.map(slim) } : {}) };
}

function slimMeta(obj: WebhookObject): WebhookObject['metadata'] {
  const m = obj.metadata;
  return m ? { name: m.name, ...(m.namespace !== undefined ? { namespace: m.namespace } : {}), resourceVersion: m.resourceVersion, uid: m.uid } : m;
}

/** The names the serving certificate of `service` is for; the first is its common name. */
export function serviceHosts(namespace: string, serviceName: string): string[] {
  return [`${serviceName}.${namespace}.svc`, `${serviceName}.${namespace}.svc.cluster.local`, `${serviceName}.${namespace}`, serviceName];
}

/**
 * Checks the options, any value a caller may hand over (JavaScript's included); throws a one-line error naming the
 * option.
 */
export function checkSelfManagedCertificatesOptions(value: unknown): asserts value is SelfManagedCertificatesOptions {
  const where = 'webhookServer.selfManagedCertificates';
  if (value === null || typeof value !== 'object') throw new Error(`${where} must be an object`);
  // each field as it may have been set: checked below before it is used
  const o: { readonly [K in keyof SelfManagedCertificatesOptions]?: unknown } = value;
  if (typeof o.namespace !== 'string' || !DNS1123_LABEL.test(o.namespace)) throw new Error(`${where}.namespace must be a namespace name (a DNS-1123 label), not ${JSON.stringify(o.namespace)}`);
  if (typeof o.serviceName !== 'string' || !DNS1123_LABEL.test(o.serviceName)) throw new Error(`${where}.serviceName must be a Service name (a DNS-1123 label), not ${JSON.stringify(o.serviceName)}`);
  if (typeof o.secretName !== 'string' || !DNS1123_SUBDOMAIN.test(o.secretName)) throw new Error(`${where}.secretName must be a Secret name (a DNS-1123 subdomain), not ${JSON.stringify(o.secretName)}`);
  if (o.extraHosts !== undefined) {
    if (!Array.isArray(o.extraHosts)) throw new Error(`${where}.extraHosts must be a list of host names and IP addresses`);
    for (const h of o.extraHosts as unknown[]) {
      if (typeof h !== 'string' || !(isIP(h) !== 0 || DNS1123_SUBDOMAIN.test(h))) throw new Error(`${where}.extraHosts: ${JSON.stringify(h)} is not a host name or IP address`);
    }
  }
  const ms = (k: 'caValidityMs' | 'certValidityMs' | 'lookaheadMs' | 'checkIntervalMs'): number | undefined => {
    const v = o[k];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)) throw new Error(`${where}.${k} must be a positive number of milliseconds, not ${describeThrown(v)}`);
    return v;
  };
  const ca = ms('caValidityMs') ?? 3650 * DAY_MS;
  const cert = ms('certValidityMs') ?? 365 * DAY_MS;
  const lookahead = ms('lookaheadMs') ?? 90 * DAY_MS;
  ms('checkIntervalMs'); // the rotator's period: only checked here
  if (ca > 36_600 * DAY_MS || cert > 36_600 * DAY_MS) throw new Error(`${where}: a validity is at most 100 years`);
  if (lookahead >= Math.min(ca, cert)) throw new Error(`${where}.lookaheadMs (${lookahead}) must be less than caValidityMs (${ca}) and certValidityMs (${cert})`);
}

function decode(data: Record<string, string> | undefined, key: string): string | undefined {
  const v = data && Object.hasOwn(data, key) ? data[key] : undefined;
  return typeof v === 'string' ? Buffer.from(v, 'base64').toString('utf8') : undefined;
}

function materialOf(secret: Secret): CertificateMaterial {
  const data = isJsonObject(secret.data) ? secret.data : undefined;
  return { caCert: decode(data, 'ca.crt'), caKey: decode(data, 'ca.key'), cert: decode(data, 'tls.crt'), key: decode(data, 'tls.key') };
}

function encode(m: Required<CertificateMaterial>): Record<string, string> {
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  return { 'ca.crt': b64(m.caCert), 'ca.key': b64(m.caKey), 'tls.crt': b64(m.cert), 'tls.key': b64(m.key) };
}

/** Whether an error is worth retrying (the transport, the server's 5xx, 429) rather than a configuration error. */
function isFatal(err: unknown): boolean {
  return isForbidden(err) || isUnauthorized(err) || isInvalid(err) || isBadRequest(err);
}

/** See the module doc. */
export class CertificateRotator {
  private readonly o: Required<Omit<CertificateRotatorOptions, 'clock' | 'bootstrapBackoffMs' | 'extraHosts'>> & { clock: Clock; bootstrapBackoffMs: { initial: number; max: number } };
  private readonly ref: ServiceRef;
  readonly hosts: readonly string[];
  private served: Required<CertificateMaterial> | undefined;
  private bundle: string | undefined;
  private readonly informers = new Map<Target, SharedIndexInformer<WebhookObject>>();
  private secretInformer: SharedIndexInformer<Secret> | undefined;
  private queue: RateLimitingWorkQueue<string> | undefined;
  private timer: ClockTimer | undefined;
  private readonly log: Logger;
  /** A CA rotation waits for the new CA to be injected before the serving certificate follows. */
  private reissuePending = false;

  constructor(options: CertificateRotatorOptions) {
    checkSelfManagedCertificatesOptions(options);
    this.o = {
      ...options,
      caValidityMs: options.caValidityMs ?? 3650 * DAY_MS,
      certValidityMs: options.certValidityMs ?? 365 * DAY_MS,
      lookaheadMs: options.lookaheadMs ?? 90 * DAY_MS,
      checkIntervalMs: options.checkIntervalMs ?? 12 * 3_600_000,
      clock: options.clock ?? realClock,
      bootstrapBackoffMs: options.bootstrapBackoffMs ?? { initial: 1000, max: 30_000 },
    };
    this.ref = { namespace: options.namespace, name: options.serviceName };
    this.hosts = [...new Set([...serviceHosts(options.namespace, options.serviceName), ...(options.extraHosts ?? [])])];
    this.log = options.logger.withName('cert-rotation').withValues({ secret: `${options.namespace}/${options.secretName}` });
  }

  /** The certificates served now (after a sync). */
  get current(): Readonly<Required<CertificateMaterial>> | undefined {
    return this.served;
  }

  /** The `caBundle` injected now (base64 of the CA's PEM). */
  get caBundle(): string | undefined {
    return this.bundle;
  }

  /** Every replica serves webhooks: runs without leadership. */
  needLeaderElection(): boolean {
    return false;
  }

  private secrets(): ResourceClient<Secret, KubeList<Secret>> {
    return this.o.clients(secretResource, this.o.namespace);
  }

  private generate(ca?: { cert: string; key: string }): Required<CertificateMaterial> {
    const certs = makeServingCertificates({
      hosts: this.hosts,
      caName: `${this.o.serviceName}.${this.o.namespace}-ca`,
      validDays: this.o.certValidityMs / DAY_MS,
      caValidDays: this.o.caValidityMs / DAY_MS,
      now: new Date(this.o.clock.now()),
      ...(ca ? { ca } : {}),
    });
    return { caCert: certs.caCert, caKey: certs.caKey, cert: certs.cert, key: certs.key };
  }

  /**
   * Reads the Secret, creates or rotates it when needed (see the module doc), serves its certificate, and returns
   * it. Throws the API error of a failed call (after `MAX_RACES` lost races: the last Conflict).
   */
  async sync(): Promise<Readonly<Required<CertificateMaterial>>> {
    const client = this.secrets();
    const name = this.o.secretName;
    for (let attempt = 0; ; attempt++) {
      let secret: Secret | undefined;
      try {
        secret = await client.get(name);
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
      const now = this.o.clock.now();
      if (!secret) {
        const material = this.generate();
        try {
          await client.create({
            apiVersion: 'v1',
            kind: 'Secret',
            metadata: { name, namespace: this.o.namespace, labels: { 'app.kubernetes.io/managed-by': 'kubegen' } },
            type: 'kubernetes.io/tls',
            data: encode(material),
          });
          this.log.info('created the webhook certificate Secret');
          return this.settle(material, now);
        } catch (e) {
          if (!isAlreadyExists(e) || attempt >= MAX_RACES) throw e;
          continue;
        }
      }
      const have = materialOf(secret);
      const check = checkCertificates(have, { hosts: this.hosts, now, lookaheadMs: this.o.lookaheadMs });
      const bundle = pemCertificates(have.caCert);
      let material: Required<CertificateMaterial>;
      let done: string;
      if (check.ok) {
        // the second step of a CA rotation: the serving certificate of the previous CA is replaced once every
        // webhook trusts the new one (or when the previous CA is about to expire, whatever the webhooks hold)
        const due = !check.issuedByCurrent && (this.firstNotInjected(caBundleOf(have.caCert ?? '')) === undefined || check.issuerNotAfter - this.o.lookaheadMs / 2 <= now);
        if (!due) {
          this.reissuePending = !check.issuedByCurrent;
          return this.settle(have as Required<CertificateMaterial>, now, this.reissuePending ? now + PENDING_RECHECK_MS : check.refreshAt);
        }
        material = this.reissue(have, bundle);
        done = 'issued the webhook serving certificate with the new CA';
      } else if (check.rotateCA && check.overlap) {
        // the first step: a new CA in front of the current one in ca.crt (the bundle every webhook gets); the serving
        // certificate stays until the webhooks trust the new CA, so the API server never meets a certificate it
        // cannot verify
        const next = this.generate();
        material = { caCert: next.caCert + (bundle[0] ?? ''), caKey: next.caKey, cert: have.cert ?? '', key: have.key ?? '' };
        done = 'added a new webhook CA to the bundle (the serving certificate follows once every webhook trusts it)';
      } else if (check.rotateCA) {
        material = this.generate();
        done = 'rotated the webhook CA and serving certificate';
      } else {
        material = this.reissue(have, bundle);
        done = 'rotated the webhook serving certificate';
      }
      const data: Record<string, string> = Object.create(null) as Record<string, string>;
      if (isJsonObject(secret.data)) for (const [k, v] of Object.entries(secret.data)) data[k] = v;
      Object.assign(data, encode(material));
      try {
        await client.update({ ...secret, data: { ...data } });
        this.reissuePending = !check.ok && check.rotateCA && check.overlap === true;
        this.log.info(done, check.ok ? {} : { reason: check.reason });
        return this.settle(material, now);
      } catch (e) {
        if (!(isConflict(e) || isNotFound(e)) || attempt >= MAX_RACES) throw e;
      }
    }
  }

  /** A serving certificate signed by the current CA (the bundle's first), the bundle kept. */
  private reissue(have: CertificateMaterial, bundle: readonly string[]): Required<CertificateMaterial> {
    const c = this.generate({ cert: bundle[0] ?? have.caCert ?? '', key: have.caKey ?? '' });
    return { caCert: have.caCert ?? c.caCert, caKey: have.caKey ?? c.caKey, cert: c.cert, key: c.key };
  }

  /** Serves `m`, queues injection when the CA changed, and sets the next check. */
  private settle(m: Required<CertificateMaterial>, now: number, refreshAt?: number): Required<CertificateMaterial> {
    const served = this.served;
    if (!served || served.cert !== m.cert || served.key !== m.key) {
      this.o.server.setCertificate(m.cert, m.key);
      if (served) this.log.info('serving a new webhook certificate');
    }
    this.served = m;
    const bundle = caBundleOf(m.caCert);
    if (bundle !== this.bundle) {
      this.bundle = bundle;
      this.enqueueAllTargets();
    }
    let at = refreshAt;
    if (at === undefined) {
      const check = checkCertificates(m, { hosts: this.hosts, now, lookaheadMs: this.o.lookaheadMs });
      at = check.ok ? check.refreshAt : now + this.o.checkIntervalMs;
    }
    this.schedule(Math.max(0, Math.min(at - now, this.o.checkIntervalMs)));
    return m;
  }

  private schedule(delayMs: number): void {
    if (!this.queue) return;
    if (this.timer !== undefined) this.o.clock.clearTimer(this.timer);
    const queue = this.queue;
    this.timer = this.o.clock.setTimer(() => {
      this.timer = undefined;
      queue.add(SECRET_KEY);
    }, delayMs);
  }

  private enqueueAllTargets(): void {
    const queue = this.queue;
    if (!queue) return;
    for (const [target, informer] of this.informers) for (const key of informer.getIndexer().listKeys()) queue.add(`${target}/${key}`);
  }

  /**
   * The first sync, retried until it succeeds or `signal` aborts (see the module doc for which errors are retried).
   * Resolves with the certificates served; rejects with a one-line error for a configuration error, or when aborted.
   */
  async bootstrap(signal: AbortSignal): Promise<Readonly<Required<CertificateMaterial>>> {
    let delay = this.o.bootstrapBackoffMs.initial;
    for (;;) {
      if (signal.aborted) throw new Error('self-managed webhook certificates: stopped before the certificate Secret was read');
      try {
        return await this.sync();
      } catch (e) {
        const message = `self-managed webhook certificates: secret ${this.o.namespace}/${this.o.secretName}: ${describeThrown(e)}`;
        if (isFatal(e)) throw new Error(message, { cause: e });
        this.log.error(e, 'could not read or write the webhook certificate Secret; retrying', { retryAfterMs: delay });
      }
      await clockSleep(this.o.clock, delay, signal);
      delay = Math.min(delay * 2, this.o.bootstrapBackoffMs.max);
    }
  }

  /** Inject the bundle into one target object (from its informer's cache). */
  private async inject(target: Target, name: string): Promise<void> {
    const bundle = this.bundle;
    const informer = this.informers.get(target);
    if (bundle === undefined || !informer) return;
    const obj = informer.getIndexer().getByKey(name);
    if (!obj) return;
    const patch = target === 'crd' ? crdConversionPatch(obj, this.ref, bundle) : webhookConfigurationPatch(obj, this.ref, bundle);
    if (patch.length === 0) return;
    const descriptor = TARGETS.find(([t]) => t === target)?.[1] ?? crdResource;
    try {
      await this.o.clients(descriptor, '').patch(name, 'application/json-patch+json', patch);
    } catch (e) {
      if (isNotFound(e)) return;
      throw e;
    }
    this.log.info('injected the webhook CA bundle', { kind: descriptor.kind, name });
  }

  private async process(key: string): Promise<void> {
    if (key === SECRET_KEY) {
      await this.sync();
      return;
    }
    const slash = key.indexOf('/');
    await this.inject(key.slice(0, slash) as Target, key.slice(slash + 1));
  }

  /**
   * Watches the Secret and the webhook objects and keeps both current until `signal` aborts (see the module doc).
   * `bootstrap` first (the manager does); `start` syncs once more anyway.
   */
  async start(signal: AbortSignal): Promise<void> {
    const clock = this.o.clock;
    const queue = new RateLimitingWorkQueue<string>({ clock });
    this.queue = queue;
    const onError = (err: unknown) => { this.log.error(err, 'a certificate event handler failed'); };
    const secretInformer = new SharedIndexInformer<Secret>(this.secrets(), {
      clock,
      reflector: { selector: { fieldSelector: `metadata.name=${this.o.secretName}` } },
      onHandlerError: onError,
    });
    this.secretInformer = secretInformer;
    secretInformer.addEventHandler({
      onAdd: () => { queue.add(SECRET_KEY); },
      onUpdate: () => { queue.add(SECRET_KEY); },
      onDelete: () => { queue.add(SECRET_KEY); },
    });
    for (const [target, d] of TARGETS) {
      const informer = new SharedIndexInformer(this.o.clients(d, ''), { clock, onHandlerError: onError, transform: target === 'crd' ? slimCrd : slimConfiguration });
      const enqueue = (obj: Readonly<WebhookObject>) => {
        const name = obj.metadata?.name;
        if (typeof name === 'string') queue.add(`${target}/${name}`);
      };
      informer.addEventHandler({ onAdd: enqueue, onUpdate: (_old, obj) => { enqueue(obj); } });
      this.informers.set(target, informer);
    }
    const runs = [secretInformer.run(signal), ...[...this.informers.values()].map((i) => i.run(signal))];
    queue.add(SECRET_KEY);
    // once everything is listed, sync again: a pending CA rotation may proceed (there may be nothing to inject)
    void Promise.all([secretInformer, ...this.informers.values()].map((i) => i.waitForSync(signal))).then((ok) => {
      if (ok.every(Boolean)) queue.add(SECRET_KEY);
    });
    const stop = () => { queue.shutDown(); };
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    try {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) break;
        try {
          await this.process(next.item);
          queue.forget(next.item);
          // a CA rotation waiting for its CA to be everywhere: this injection may have been the last
          if (next.item !== SECRET_KEY && this.reissuePending && this.bundle !== undefined && this.firstNotInjected(this.bundle) === undefined) queue.add(SECRET_KEY);
        } catch (e) {
          this.log.error(e, next.item === SECRET_KEY ? 'could not sync the webhook certificate Secret' : 'could not inject the webhook CA bundle', { item: next.item });
          queue.addRateLimited(next.item);
        } finally {
          queue.done(next.item);
        }
      }
    } finally {
      signal.removeEventListener('abort', stop);
      if (this.timer !== undefined) clock.clearTimer(this.timer);
      this.timer = undefined;
      this.queue = undefined;
      await Promise.allSettled(runs);
    }
  }

  /**
   * The first webhook object (in the informers' caches) naming the Service without `bundle`, as a phrase; undefined
   * when every one holds it. A reason phrase too when the caches are not there or not synced yet.
   */
  private firstNotInjected(bundle: string): string | undefined {
    if (this.informers.size === 0) return 'the webhook objects are not watched yet';
    for (const [target, informer] of this.informers) {
      if (!informer.hasSynced()) return `the ${target} webhook objects are not listed yet`;
      for (const obj of informer.getIndexer().list()) {
        const patch = target === 'crd' ? crdConversionPatch(obj, this.ref, bundle) : webhookConfigurationPatch(obj, this.ref, bundle);
        if (patch.length > 0) return `the CA bundle is not injected into ${target === 'crd' ? 'CustomResourceDefinition' : `${target} webhook configuration`} ${String(obj.metadata?.name)} yet`;
      }
    }
    return undefined;
  }

  /** A readiness check: see the module doc. */
  readyChecker(): () => Promise<void> {
    return () => {
      const bundle = this.bundle;
      if (!this.served || bundle === undefined) return Promise.reject(new Error('the webhook certificate is not served yet'));
      if (!this.secretInformer?.hasSynced()) return Promise.reject(new Error('the webhook certificate Secret is not watched yet'));
      const missing = this.firstNotInjected(bundle);
      return missing === undefined ? Promise.resolve() : Promise.reject(new Error(missing));
    };
  }
}
