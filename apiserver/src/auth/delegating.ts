/**
 * Delegated authentication and authorization for an aggregated apiserver, after k8s.io/apiserver's
 * `DelegatingAuthenticationOptions` / `DelegatingAuthorizationOptions` (as sample-apiserver uses them):
 *
 * - authentication, first match wins: a client certificate of the front proxy (requestheader) or of a user (client
 *   CA) — see ./requestheader; then an `Authorization: Bearer` token, reviewed by the cluster (./tokenreview). A
 *   request that presents credentials which identify nobody is a 401. A request with none is anonymous
 *   (`system:anonymous`, group `system:unauthenticated`) when `anonymous` is on, else a 401 — except on the
 *   always-allowed paths (health checks), which stay reachable without credentials. (Upstream's delegating default
 *   is anonymous on, leaving the refusal to authorization; off here, so that nothing unauthenticated reaches the
 *   store even with a permissive RBAC.)
 * - every authenticated user is in `system:authenticated` (added when missing, as upstream's group adder does);
 * - authorization: one SubjectAccessReview per question (./subjectaccessreview), 403 with the apiserver's message.
 *
 * The configuration comes from `kube-system/extension-apiserver-authentication`, read by {@link
 * DelegatingAuth.fromCluster} and then re-read every `refresh.intervalMs` (a minute by default), as upstream's
 * `RequestHeaderAuthRequestController` and `ConfigMapCAController` follow the ConfigMap: a rotated front-proxy CA,
 * client CA, allowed names or header names apply to the next request, and the TLS server's acceptable-CA list follows
 * (`watchTlsOptions`; a Go client sends its certificate only when its CA is on that list). A read that fails or a
 * ConfigMap that does not parse keeps the last good configuration (and is reported to `refresh.onError`).
 */
import type * as http from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { RestClient } from '@kubegen/runtime/client';
import { realClock, type Clock, type ClockTimer } from '@kubegen/runtime/cache';
import { forbidden, unauthorized } from './errors';
import { authenticationConfigFromConfigMap, CertificateAuthenticator, type AuthenticationConfig } from './requestheader';
import { requestAttributes } from './requestinfo';
import { DEFAULT_ALWAYS_ALLOW_PATHS, pathAlwaysAllowed, SubjectAccessReviewAuthorizer, type SubjectAccessReviewOptions } from './subjectaccessreview';
import { field } from './json';
import { TokenReviewAuthenticator, type TokenReviewOptions } from './tokenreview';
import { newUser, type Attributes, type UserInfo } from './user';

/** What the HTTP server asks of a request guard: its TLS needs, and a check per request. */
export interface RequestAuth {
  /** Options merged into the TLS server's (client certificates requested, the CAs to verify them with). */
  readonly tlsOptions: { requestCert: boolean; rejectUnauthorized: boolean; ca?: string[] };
  /** Resolves with the user when the request may go on; rejects with the 401 or 403 `StatusError` otherwise. */
  check(req: http.IncomingMessage, method: string, url: URL): Promise<UserInfo>;
  /** Calls `listener` with the new TLS options whenever they change (the trusted CAs were reloaded); returns the unsubscribe. */
  watchTlsOptions?(listener: (options: RequestAuth['tlsOptions']) => void): () => void;
}

/** How `fromCluster` follows the ConfigMap. */
export interface RefreshOptions {
  /** Between two reads; default 60 000 (a minute). */
  intervalMs?: number;
  /** The clock of the reads (injected in tests); default the real one. */
  clock?: Clock;
  /** A read that failed, or a ConfigMap that did not parse (the last good configuration stays). */
  onError?: (message: string) => void;
}

export interface DelegatingAuthOptions {
  /** The cluster the questions go to: TokenReviews, SubjectAccessReviews (and, in `fromCluster`, the ConfigMap). */
  client: RestClient;
  /** Client-certificate configuration (`fromCluster` reads it from the cluster). Default: none. */
  authentication?: AuthenticationConfig;
  /** Let requests without credentials in as `system:anonymous` (then authorized as such). Default false. */
  anonymous?: boolean;
  /** Bearer tokens via TokenReview; `false` refuses bearer tokens. */
  tokenReview?: TokenReviewOptions | false;
  /** Authorization via SubjectAccessReview; `false`: every authenticated request is allowed. */
  authorization?: SubjectAccessReviewOptions | false;
  /** The clock of the certificate checks. */
  now?: () => Date;
  /** How `fromCluster` re-reads the ConfigMap; `false`: read once. */
  refresh?: RefreshOptions | false;
}

const ANONYMOUS = 'system:anonymous';
const AUTHENTICATED = 'system:authenticated';

const CONFIGMAP_PATH = '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication';

/** The ConfigMap's configuration (the delegating apiserver needs `get` on it). */
async function readAuthenticationConfig(client: RestClient): Promise<AuthenticationConfig> {
  const cm = await client.request({ method: 'GET', path: CONFIGMAP_PATH, timeoutMs: 10_000 });
  return authenticationConfigFromConfigMap(field(cm, 'data'));
}

export class DelegatingAuth implements RequestAuth {
  private certs: CertificateAuthenticator;
  private timer: ClockTimer | undefined;
  private clock: Clock | undefined;
  private stopped = false;
  private readonly tlsListeners = new Set<(options: RequestAuth['tlsOptions']) => void>();
  private readonly tokens: TokenReviewAuthenticator | undefined;
  private readonly authorizer: SubjectAccessReviewAuthorizer | undefined;
  private readonly alwaysAllowPaths: readonly string[];

  constructor(private readonly options: DelegatingAuthOptions) {
    this.certs = new CertificateAuthenticator(options.authentication ?? {}, options.now);
    this.tokens = options.tokenReview === false ? undefined : new TokenReviewAuthenticator(options.client, options.tokenReview ?? {});
    this.authorizer = options.authorization === false ? undefined : new SubjectAccessReviewAuthorizer(options.client, options.authorization ?? {});
    this.alwaysAllowPaths = options.authorization === false ? DEFAULT_ALWAYS_ALLOW_PATHS : (options.authorization?.alwaysAllowPaths ?? DEFAULT_ALWAYS_ALLOW_PATHS);
  }

  /**
   * Reads the client-certificate configuration from `kube-system/extension-apiserver-authentication` (the delegating
   * apiserver needs `get` on it: the `extension-apiserver-authentication-reader` Role in kube-system) and builds the
   * guard. `options.authentication`, when given, is used instead.
   */
  static async fromCluster(options: DelegatingAuthOptions): Promise<DelegatingAuth> {
    if (options.authentication) return new DelegatingAuth(options);
    const auth = new DelegatingAuth({ ...options, authentication: await readAuthenticationConfig(options.client) });
    if (options.refresh !== false) auth.startRefresh(options.refresh ?? {});
    return auth;
  }

  /** Re-reads the ConfigMap every `intervalMs` until `close`; each read is {@link reload}. */
  private startRefresh(refresh: RefreshOptions): void {
    const clock = refresh.clock ?? realClock;
    const interval = refresh.intervalMs ?? 60_000;
    const tick = () => {
      this.timer = undefined;
      this.reload().then(
        () => {
          if (!this.stopped) this.timer = clock.setTimer(tick, interval, { keepAlive: false });
        },
        (err: unknown) => {
          refresh.onError?.(err instanceof Error ? err.message : 'extension-apiserver-authentication could not be read');
          if (!this.stopped) this.timer = clock.setTimer(tick, interval, { keepAlive: false });
        },
      );
    };
    this.clock = clock;
    this.timer = clock.setTimer(tick, interval, { keepAlive: false });
  }

  /**
   * Reads the ConfigMap again and uses what it says from the next request on; rejects (keeping the configuration in
   * use) when it cannot be read or does not parse. Resolves with whether anything changed.
   */
  async reload(): Promise<boolean> {
    const config = await readAuthenticationConfig(this.options.client);
    if (JSON.stringify(config) === JSON.stringify(this.certs.config)) return false;
    const before = this.tlsOptions;
    this.certs = new CertificateAuthenticator(config, this.options.now);
    const after = this.tlsOptions;
    if (JSON.stringify(after) !== JSON.stringify(before)) for (const l of this.tlsListeners) l(after);
    return true;
  }

  watchTlsOptions(listener: (options: RequestAuth['tlsOptions']) => void): () => void {
    this.tlsListeners.add(listener);
    return () => this.tlsListeners.delete(listener);
  }

  /** Stops re-reading the ConfigMap. */
  close(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.clock?.clearTimer(this.timer);
    this.timer = undefined;
  }

  get tlsOptions(): RequestAuth['tlsOptions'] {
    const ca = this.certs.trustedCAs;
    return ca.length > 0 ? { requestCert: true, rejectUnauthorized: false, ca } : { requestCert: false, rejectUnauthorized: false };
  }

  /** The user of a request; undefined when it carries no credentials. Rejects with a 401 for credentials that do not hold. */
  async authenticate(req: http.IncomingMessage): Promise<UserInfo | undefined> {
    const socket = req.socket as Partial<TLSSocket>;
    const peer = typeof socket.getPeerX509Certificate === 'function' ? socket.getPeerX509Certificate() : undefined;
    if (peer) {
      const user = this.certs.authenticate(peer, req.headersDistinct);
      if (user) return user;
    }
    const header = req.headers.authorization;
    if (header !== undefined) {
      const m = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
      const token = m?.[1];
      const user = token !== undefined && this.tokens ? await this.tokens.authenticate(token) : undefined;
      if (!user) throw unauthorized();
      return user;
    }
    if (peer && this.certs.trustedCAs.length > 0) throw unauthorized();
    return undefined;
  }

  async check(req: http.IncomingMessage, method: string, url: URL): Promise<UserInfo> {
    const attrs = requestAttributes(method, url);
    const alwaysAllowed = !attrs.resourceRequest && pathAlwaysAllowed(attrs.path, this.alwaysAllowPaths);
    let user = await this.authenticate(req);
    if (user && !user.groups.includes(AUTHENTICATED)) user = { ...user, groups: [...user.groups, AUTHENTICATED] };
    if (!user) {
      if (!this.options.anonymous && !alwaysAllowed) throw unauthorized();
      user = newUser(ANONYMOUS, ['system:unauthenticated']);
    }
    if (alwaysAllowed || !this.authorizer) return user;
    await this.authorize(user, attrs);
    return user;
  }

  /** Rejects with the apiserver's 403 unless the cluster allows `user` to do `attrs`. */
  async authorize(user: UserInfo, attrs: Attributes): Promise<void> {
    if (!this.authorizer) return;
    const decision = await this.authorizer.authorize(user, attrs);
    if (!decision.allowed) throw forbidden(user, attrs, decision.reason);
  }
}
