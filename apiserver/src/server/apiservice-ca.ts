/**
 * Self-managed CA injection for an aggregated apiserver's own APIServices: a server that made its own self-signed
 * serving certificate (no files in `--cert-dir`, as k8s.io/apiserver's `MaybeDefaultWithSelfSignedCerts`) writes its
 * CA into `spec.caBundle` of the APIServices that register it and removes `insecureSkipTLSVerify`, so the aggregator
 * verifies it — what cert-manager's CA injector (`cert-manager.io/inject-ca-from`) does for a certificate it issues,
 * and what the runtime's `CertificateRotator` does for webhook configurations, through the same patch
 * (`apiServicePatch` of `@kubegen/runtime/webhook`).
 *
 * Contract:
 * - the APIServices are named (`<version>.<group>`): the server needs `get` and `patch` on exactly those
 *   (`resourceNames` in its ClusterRole), nothing else of the cluster;
 * - an APIService is patched only while its `spec.service` names the server's Service (the patch `test`s it, so one
 *   moved meanwhile is never written) and only when its bundle or its `insecureSkipTLSVerify` differ: a sync that
 *   finds everything in place writes nothing;
 * - `start` syncs at once, then every `intervalMs` (default a minute) on the injected clock, healing a bundle an apply
 *   reset; while an APIService does not exist yet or a read or write failed, sooner: 1 s, doubling up to the interval.
 *   An APIService naming another Service is left alone (`skipped`). Failures are logged, never thrown.
 */
import { isNotFound, noopLogger, type Logger, type RestRequest } from '@kubegen/runtime';
import { realClock, type Clock, type ClockTimer } from '@kubegen/runtime/cache';
import { apiServicePatch, apiServiceReferencesService, caBundleOf } from '@kubegen/runtime/webhook';

const APISERVICES = '/apis/apiregistration.k8s.io/v1/apiservices';

/** What the injector asks the cluster with: a `RestClient` (its `request`). */
export interface APIServiceClient {
  request(req: RestRequest): Promise<unknown>;
}

export interface APIServiceCAInjectorOptions {
  client: APIServiceClient;
  /** The APIServices to keep verifying the server, by name (`v1beta1.wardle.example.com`). */
  names: readonly string[];
  /** The Service they name (the server's). */
  service: { namespace: string; name: string };
  /** The CA of the serving certificate (PEM). */
  caCert: string;
  /** The field manager of the patches (the owner of `spec.caBundle`); default `kubegen-apiserver-ca-injector`. */
  fieldManager?: string;
  /** Between two syncs; default 60 000 (a minute). */
  intervalMs?: number;
  clock?: Clock;
  logger?: Logger;
}

/**
 * What one sync found: the APIServices it patched, those that now verify with the CA, those naming another Service,
 * those it could not read or write (missing ones among them).
 */
export interface CAInjectionResult {
  patched: string[];
  injected: string[];
  skipped: string[];
  pending: string[];
}

export class APIServiceCAInjector {
  private readonly clock: Clock;
  private readonly intervalMs: number;
  private readonly logger: Logger;
  private readonly caBundle: string;
  private timer: ClockTimer | undefined;
  private running = false;
  private syncing: Promise<CAInjectionResult> | undefined;
  private backoffMs = 1000;

  constructor(private readonly options: APIServiceCAInjectorOptions) {
    this.clock = options.clock ?? realClock;
    this.intervalMs = options.intervalMs ?? 60_000;
    this.logger = options.logger ?? noopLogger;
    this.caBundle = caBundleOf(options.caCert);
    if (!(this.intervalMs > 0)) throw new Error(`APIServiceCAInjector: intervalMs must be positive, not ${this.intervalMs}`);
  }

  /** Brings every named APIService in line once (see the module doc); never rejects. */
  sync(): Promise<CAInjectionResult> {
    this.syncing ??= this.syncAll().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  /** Syncs now and then on the clock until `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.tick();
  }

  /** Stops syncing; resolves once a sync in progress is done. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    await this.syncing;
  }

  private tick(): void {
    void this.sync().then((r) => {
      if (!this.running) return;
      let delay = this.intervalMs;
      if (r.pending.length > 0) {
        delay = Math.min(this.backoffMs, this.intervalMs);
        this.backoffMs = Math.min(this.backoffMs * 2, this.intervalMs);
      } else {
        this.backoffMs = 1000;
      }
      this.timer = this.clock.setTimer(() => {
        this.timer = undefined;
        this.tick();
      }, delay, { keepAlive: false });
    });
  }

  private async syncAll(): Promise<CAInjectionResult> {
    const result: CAInjectionResult = { patched: [], injected: [], skipped: [], pending: [] };
    for (const name of this.options.names) {
      try {
        const path = `${APISERVICES}/${encodeURIComponent(name)}`;
        const current = await this.options.client.request({ method: 'GET', path, timeoutMs: 10_000 });
        if (!apiServiceReferencesService(current, this.options.service)) {
          result.skipped.push(name);
          continue;
        }
        const patch = apiServicePatch(current, this.options.service, this.caBundle);
        if (patch.length > 0) {
          await this.options.client.request({ method: 'PATCH', path, query: new URLSearchParams({ fieldManager: this.options.fieldManager ?? 'kubegen-apiserver-ca-injector' }), body: patch, contentType: 'application/json-patch+json', timeoutMs: 10_000 });
          result.patched.push(name);
          this.logger.info('injected the serving CA into the APIService', { apiService: name });
        }
        result.injected.push(name);
      } catch (err) {
        result.pending.push(name);
        // not registered yet (the APIService comes with the same apply): no noise, tried again soon
        if (!isNotFound(err)) this.logger.error(err, 'could not inject the serving CA into the APIService', { apiService: name });
      }
    }
    return result;
  }
}
