/**
 * The one webhook server of an operator (controller-runtime's `webhook.DefaultServer`): conversion, validating and
 * mutating webhooks, and the probes, on ONE HTTPS port. A `Manager` owns one (`mgr.getWebhookServer()`); generated
 * code and the webhook builder register on it:
 *
 *   const mgr = new Manager({ clients, webhookServer: { port: 9443, certDir: '/tmp/k8s-webhook-server/serving-certs' } });
 *   registerConversions(mgr.getWebhookServer());                         // generated, per API group: POST /convert
 *   webhookManagedBy(mgr).for(cronTabAdmission)                           // POST /mutate-… and /validate-…
 *     .withDefaulter({ default(c) { c.spec.replicas ??= 1; } })
 *     .withValidator({ validateCreate(c) { … } })
 *     .complete();
 *   await mgr.start(signal);                                              // the server starts first, stops last
 *
 * Contract:
 * - Endpoints: `register(converters)` serves the API group's conversions at `/convert` (one endpoint for every group,
 *   as controller-runtime's); `validator(kind, v)` / `defaulter(kind, d)` serve a kind's `CustomValidator` /
 *   `CustomDefaulter` at kubebuilder's paths (`/validate-<group with - for .>-<version>-<lowercase kind>`,
 *   `/mutate-…`; `options.path` overrides); `register(path, handler)` any admission handler; `route(path, route)`
 *   any JSON endpoint. Answers are those of `ConversionHandler` (./conversion) and `AdmissionHandlers`
 *   (./admission/server), the same as the standalone `ConversionWebhook` and `AdmissionServer`. A path registered
 *   twice throws. Endpoints may be registered after the server started.
 * - HTTP: the runtime's `WebhookServer` stage (./server) with all its limits (body read in slices, `maxDepth`,
 *   `maxConnections`, time limits, thrown values answered as denials or failed conversions, never a crash);
 *   `maxRequestBytes` defaults to 7 MiB (controller-runtime's admission limit; it also covers conversion reviews).
 *   Probes: `GET /healthz` and `GET /readyz` → 200 `ok`; on a manager's server they run the manager's liveness and
 *   readiness checks instead (controller-runtime's texts, ../controller/healthz).
 * - Certificates: PEM (`cert`, `key`), or the files `<certDir>/<certName>` and `<certDir>/<keyName>` (default
 *   `<tmpdir>/k8s-webhook-server/serving-certs/tls.crt` and `tls.key`, controller-runtime's), read when the server
 *   starts (so a certificate written after the manager was built is served) and reloaded when they change.
 * - Lifecycle: `listen()` / `close()`, or `start(signal)` as a manager `Runnable` that never needs leader election
 *   (every replica answers webhooks). `startedChecker()` passes once the server accepts TLS connections (it dials
 *   itself, as controller-runtime's `StartedChecker`); a manager adds it to its readiness checks as `webhook`.
 * - Bad options (a duration out of range, `cert` without `key`, both PEM and `certDir`) throw at construction; a
 *   missing or unreadable certificate file makes `listen()` (and the manager's `start`) reject with a one-line error.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import type { GroupConverters } from '../conversion';
import { describeThrown } from '../observe/thrown';
import { ADMISSION_MAX_REQUEST_BYTES, AdmissionHandlers, type AdmissionKind, type AdmissionRegistrar, type RegisterOptions } from './admission/server';
import type { CustomDefaulter, CustomValidator } from './admission/custom';
import type { AdmissionHandler } from './admission/result';
import { ConversionHandler } from './conversion';
import { defaultLogger } from '../log/default';
import { safeLogger, type Logger } from '../observe/logger';
import { checkDurations, WebhookServer, type ProbeAnswer, type Route, type RouteTarget, type WebhookServerOptions } from './server';

/** controller-runtime's default certificate directory: `<tmpdir>/k8s-webhook-server/serving-certs`. */
export const DEFAULT_CERT_DIR = path.join(os.tmpdir(), 'k8s-webhook-server', 'serving-certs');

/** The path of the conversion endpoint (controller-runtime's, and what `kubegen`'s CRD `conversion` config names). */
export const CONVERSION_PATH = '/convert';

export interface DefaultWebhookServerOptions extends Omit<WebhookServerOptions, 'certFile' | 'keyFile' | 'probes'> {
  /** Directory of the serving certificate files (unless `cert` and `key` are given). Default {@link DEFAULT_CERT_DIR}. */
  certDir?: string;
  /** Certificate file in `certDir`. Default `tls.crt`. */
  certName?: string;
  /** Private key file in `certDir`. Default `tls.key`. */
  keyName?: string;
}

/** A probe answer for a path of the webhook port (`undefined`: not a probe path). */
export type ProbeHandler = (path: string, query: URLSearchParams) => Promise<ProbeAnswer | undefined>;

/** See the module doc. */
export class DefaultWebhookServer implements RouteTarget, AdmissionRegistrar {
  private options: DefaultWebhookServerOptions;
  private readonly routes = new Map<string, Route>();
  private readonly admission: AdmissionHandlers;
  private readonly log: Logger;
  private conversions?: ConversionHandler;
  private stage?: WebhookServer;
  private probes?: ProbeHandler;
  private listening?: Promise<AddressInfo>;
  private readonly waiting: Array<(address: AddressInfo) => void> = [];

  constructor(options: DefaultWebhookServerOptions = {}) {
    const pem = options.cert !== undefined || options.key !== undefined;
    if (pem && (options.cert === undefined || options.key === undefined)) throw new Error('webhook server: give both cert and key');
    if (pem && (options.certDir !== undefined || options.certName !== undefined || options.keyName !== undefined)) {
      throw new Error('webhook server: give cert and key, or certDir (with certName and keyName), not both');
    }
    for (const key of ['certDir', 'certName', 'keyName'] as const) {
      const v = options[key];
      if (v !== undefined && (typeof v !== 'string' || v === '')) throw new Error(`webhook server: ${key} must be a non-empty string`);
    }
    if (options.port !== undefined && (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)) {
      throw new Error(`webhook server: port must be a whole number from 0 to 65535, not ${String(options.port)}`);
    }
    checkDurations(options);
    this.options = { ...options };
    this.log = safeLogger(options.logger ?? defaultLogger().withName('webhook'));
    this.admission = new AdmissionHandlers(this, { logger: this.log });
  }

  /** The certificate and key files served (when not given as PEM). */
  get certificateFiles(): { certFile: string; keyFile: string } | undefined {
    if (this.options.cert !== undefined) return undefined;
    const dir = this.options.certDir ?? DEFAULT_CERT_DIR;
    return { certFile: path.join(dir, this.options.certName ?? 'tls.crt'), keyFile: path.join(dir, this.options.keyName ?? 'tls.key') };
  }

  /** Registers a JSON endpoint at `path` (controller-runtime's `Register`); see `WebhookServer.route`. */
  route(urlPath: string, route: Route): this {
    if (!urlPath.startsWith('/')) throw new Error(`webhook server: path must start with "/": ${urlPath}`);
    if (urlPath === '/healthz' || urlPath === '/readyz') throw new Error(`webhook server: ${urlPath} is served by the server itself`);
    if (this.routes.has(urlPath)) throw new Error(`webhook server: a handler is already registered at ${urlPath}`);
    this.stage?.route(urlPath, route);
    this.routes.set(urlPath, route);
    return this;
  }

  /** Serves the conversions of an API group at `/convert` (what generated `registerConversions(server)` calls). */
  register(converters: GroupConverters): this;
  /** Serves an admission handler at `path` (`/validate-…`, `/mutate-…`). */
  register<T extends object>(path: string, handler: AdmissionHandler<T>, options?: RegisterOptions): this;
  register<T extends object>(target: GroupConverters | string, handler?: AdmissionHandler<T>, options: RegisterOptions = {}): this {
    if (typeof target === 'string') {
      if (!handler) throw new Error(`webhook server: no admission handler given for ${target}`);
      this.admission.register(target, handler, options);
      return this;
    }
    if (!this.conversions) {
      const conversions = new ConversionHandler({ logger: this.log });
      this.route(CONVERSION_PATH, conversions.route());
      this.conversions = conversions;
    }
    this.conversions.register(target);
    return this;
  }

  /** Serves a kind's `CustomValidator` at its validate path (or `options.path`). */
  validator<T extends object>(kind: AdmissionKind, validator: CustomValidator<T>, options: { path?: string } = {}): this {
    this.admission.validator(kind, validator, options);
    return this;
  }

  /** Serves a kind's `CustomDefaulter` at its mutate path (or `options.path`). */
  defaulter<T extends object>(kind: AdmissionKind, defaulter: CustomDefaulter<T>, options: { path?: string } = {}): this {
    this.admission.defaulter(kind, defaulter, options);
    return this;
  }

  /** The registered paths, sorted. */
  get paths(): string[] {
    return [...this.routes.keys()].sort();
  }

  /** The API groups whose conversions are served at `/convert`, sorted. */
  get conversionGroups(): string[] {
    return this.conversions?.registeredGroups ?? [];
  }

  /** Whether `path` has an endpoint (controller-runtime's builder checks this before registering). */
  isRegistered(urlPath: string): boolean {
    return this.routes.has(urlPath);
  }

  /** Answers `GET /healthz`, `/readyz` … on the webhook port with `probes` (the manager's checks); given before `listen`. */
  serveProbes(probes: ProbeHandler | undefined): void {
    this.probes = probes;
  }

  /** Starts serving; resolves with the bound address once listening. Certificate files are read now. */
  async listen(): Promise<AddressInfo> {
    if (this.listening) throw new Error('webhook server is already listening');
    const { certDir: _d, certName: _c, keyName: _k, cert, key, ...rest } = this.options;
    const files = this.certificateFiles;
    const listening = (async () => {
      const stage = new WebhookServer({
        ...rest,
        ...(files ?? { cert, key }),
        maxRequestBytes: rest.maxRequestBytes ?? ADMISSION_MAX_REQUEST_BYTES,
        port: rest.port ?? 9443,
        logger: this.log,
        // the probes given before the server starts (the manager's): without them the serving thread answers its own
        ...(this.probes ? { probes: this.probes } : {}),
      });
      for (const [p, r] of this.routes) stage.route(p, r);
      this.stage = stage;
      try {
        return await stage.listen();
      } catch (e) {
        this.stage = undefined;
        throw e;
      }
    })();
    this.listening = listening;
    let address: AddressInfo;
    try {
      address = await listening;
    } catch (e) {
      this.listening = undefined;
      const message = describeThrown(e);
      throw new Error(message.startsWith('webhook server') ? message : `webhook server: ${message}`, { cause: e });
    }
    for (const resolve of this.waiting.splice(0)) resolve(address);
    return address;
  }

  /** Resolves with the bound address once `listen` (or `start`) has bound the port (at once when it has). */
  whenListening(): Promise<AddressInfo> {
    const address = this.stage?.address;
    if (address) return Promise.resolve(address);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The bound address, once listening. */
  get address(): AddressInfo | undefined {
    return this.stage?.address;
  }

  /** Replaces the serving certificate (for rotation) without restarting; new connections use it. */
  setCertificate(cert: string | Buffer, key: string | Buffer): void {
    if (this.stage) this.stage.setCertificate(cert, key);
    else {
      tls.createSecureContext({ cert, key });
      const { certDir: _d, certName: _c, keyName: _k, ...rest } = this.options;
      this.options = { ...rest, cert, key };
    }
  }

  /** Re-reads the certificate files (when served from files); the server's watcher does this on change. */
  reloadCertificate(): Promise<void> {
    return this.stage?.reloadCertificate() ?? Promise.resolve();
  }

  /** Stops accepting connections, lets in-flight requests finish (up to `closeTimeoutMs`), then closes. */
  async close(): Promise<void> {
    const stage = this.stage;
    const listening = this.listening;
    if (!listening) return;
    await listening.catch(() => undefined);
    this.stage = undefined;
    this.listening = undefined;
    await stage?.close();
  }

  /** As a manager `Runnable`: listens, serves until `signal` aborts, then closes gracefully. */
  async start(signal: AbortSignal): Promise<void> {
    const address = await this.listen();
    this.log.info('serving webhooks', { address: address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`, paths: [...this.paths] });
    if (!signal.aborted) {
      await new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => { resolve(); }, { once: true });
      });
    }
    await this.close();
  }

  /** Webhooks answer on every replica: the server never waits for leadership. */
  needLeaderElection(): boolean {
    return false;
  }

  /**
   * A readiness check (controller-runtime's `StartedChecker`): passes when a TLS handshake with the server succeeds
   * (the certificate is not verified: the check is that the server answers), fails while it has not started.
   */
  startedChecker(timeoutMs = 10_000): () => Promise<void> {
    return () => {
      const address = this.stage?.address;
      if (!address) return Promise.reject(new Error('webhook server has not been started yet'));
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      return new Promise<void>((resolve, reject) => {
        const socket = tls.connect({ host, port: address.port, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
        const timer = setTimeout(() => { socket.destroy(new Error(`no TLS handshake within ${timeoutMs} ms`)); }, timeoutMs);
        socket.once('secureConnect', () => {
          clearTimeout(timer);
          socket.end();
          resolve();
        });
        socket.once('error', (e) => {
          clearTimeout(timer);
          reject(new Error(`webhook server is not reachable: ${describeThrown(e)}`));
        });
      });
    };
  }
}
