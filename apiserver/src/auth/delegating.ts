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
 * The configuration is read once, from `kube-system/extension-apiserver-authentication`, by {@link
 * DelegatingAuth.fromCluster}; a server restarted after kube-apiserver rotated its front-proxy CA reads the new one.
 */
import type * as http from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { RestClient } from '@kubegen/runtime/client';
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
}

const ANONYMOUS = 'system:anonymous';
const AUTHENTICATED = 'system:authenticated';

export class DelegatingAuth implements RequestAuth {
  private readonly certs: CertificateAuthenticator;
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
    const cm = await options.client.request({ method: 'GET', path: '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication', timeoutMs: 10_000 });
    return new DelegatingAuth({ ...options, authentication: authenticationConfigFromConfigMap(field(cm, 'data')) });
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
