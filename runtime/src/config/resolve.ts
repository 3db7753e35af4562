/**
 * A parsed kubeconfig's context → `ClientConfig`, as client-go's `clientcmd.DirectClientConfig` builds a
 * `rest.Config`: the cluster's server and trust (CA file or data, `insecure-skip-tls-verify`, `tls-server-name`,
 * `proxy-url`), the user's client certificate and key (files or data), bearer token (`token`, `tokenFile` read
 * again as it rotates), basic auth, impersonation (`as`, `as-uid`), the context's namespace. Validated as
 * client-go validates a context before use. Only `exec` and `auth-provider` users go to `@kubernetes/client-node`.
 */

import * as fs from 'node:fs';
import type { HeaderSource } from '../rest/client';
import type { TlsOptions } from '../rest/transport';
import { delegateToClientNode, importClientNode, type ClientNodeLoader } from './clientnode';
import { ioReason, KubeconfigError, selectContext, type KubeconfigCluster, type KubeconfigUser, type ParsedKubeconfig } from './kubeconfig';
import { fileTokenSource } from './token';
import type { ClientConfig, FromKubeconfigOptions } from './types';

/** Options of {@link fromParsedKubeconfig}. */
export interface KubeconfigClientOptions extends FromKubeconfigOptions {
  /** A context other than `current-context`. */
  context?: string;
  /** How `@kubernetes/client-node` is loaded for exec / auth-provider users (injected in tests). */
  loadClientNode?: ClientNodeLoader;
}

function readMaterial(file: string, what: string, source: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new KubeconfigError(`${source}: ${what}: ${file}: ${ioReason(err)}`);
  }
}

/** The server URL; without a scheme, `https://` when TLS is configured, else `http://` (client-go's `DefaultServerURL`). */
function serverUrl(cluster: KubeconfigCluster, tlsConfigured: boolean): string {
  const where = `${cluster.source}: cluster "${cluster.name}"`;
  if (cluster.server === '') throw new KubeconfigError(`${where}: server is not set`);
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(cluster.server) ? cluster.server : `${tlsConfigured ? 'https' : 'http'}://${cluster.server}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new KubeconfigError(`${where}: server "${cluster.server}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new KubeconfigError(`${where}: server "${cluster.server}": the scheme must be https or http`);
  return withScheme;
}

function proxyUrl(cluster: KubeconfigCluster): string | undefined {
  if (cluster.proxyUrl === undefined) return undefined;
  const where = `${cluster.source}: cluster "${cluster.name}": proxy-url "${cluster.proxyUrl}"`;
  let url: URL;
  try {
    url = new URL(cluster.proxyUrl);
  } catch {
    throw new KubeconfigError(`${where} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new KubeconfigError(`${where}: only http and https proxies are supported`);
  return cluster.proxyUrl;
}

function clusterTls(cluster: KubeconfigCluster): TlsOptions {
  const where = `${cluster.source}: cluster "${cluster.name}"`;
  if (cluster.certificateAuthority !== undefined && cluster.certificateAuthorityData !== undefined) {
    throw new KubeconfigError(`${where}: certificate-authority and certificate-authority-data are both set; set one`);
  }
  const hasCa = cluster.certificateAuthority !== undefined || cluster.certificateAuthorityData !== undefined;
  if (cluster.insecureSkipTlsVerify && hasCa) {
    throw new KubeconfigError(`${where}: insecure-skip-tls-verify with a certificate authority is not allowed (client-go refuses it too)`);
  }
  const tls: TlsOptions = { rejectUnauthorized: !cluster.insecureSkipTlsVerify };
  const ca = cluster.certificateAuthorityData ?? (cluster.certificateAuthority !== undefined ? readMaterial(cluster.certificateAuthority, 'certificate-authority', where) : undefined);
  if (ca !== undefined) tls.ca = ca;
  if (cluster.tlsServerName !== undefined) tls.servername = cluster.tlsServerName;
  return tls;
}

function userTls(user: KubeconfigUser, tls: TlsOptions): void {
  const where = `${user.source}: user "${user.name}"`;
  const hasCert = user.clientCertificate !== undefined || user.clientCertificateData !== undefined;
  const hasKey = user.clientKey !== undefined || user.clientKeyData !== undefined;
  if (user.clientCertificate !== undefined && user.clientCertificateData !== undefined) {
    throw new KubeconfigError(`${where}: client-certificate and client-certificate-data are both set; set one`);
  }
  if (user.clientKey !== undefined && user.clientKeyData !== undefined) throw new KubeconfigError(`${where}: client-key and client-key-data are both set; set one`);
  if (hasCert && !hasKey) throw new KubeconfigError(`${where}: a client certificate needs client-key or client-key-data`);
  if (hasKey && !hasCert) throw new KubeconfigError(`${where}: a client key needs client-certificate or client-certificate-data`);
  const cert = user.clientCertificateData ?? (user.clientCertificate === undefined ? undefined : readMaterial(user.clientCertificate, 'client-certificate', where));
  const key = user.clientKeyData ?? (user.clientKey === undefined ? undefined : readMaterial(user.clientKey, 'client-key', where));
  // both or neither (checked above)
  if (cert === undefined || key === undefined) return;
  tls.cert = cert;
  tls.key = key;
}

function checkMethods(user: KubeconfigUser): void {
  const methods: string[] = [];
  if (user.token !== undefined || user.tokenFile !== undefined) methods.push('token');
  if (user.username !== undefined || user.password !== undefined) methods.push('basic auth');
  if (user.exec) methods.push('exec');
  if (user.authProvider) methods.push('auth-provider');
  if (methods.length > 1) {
    throw new KubeconfigError(`${user.source}: user "${user.name}": more than one authentication method (${methods.join(', ')}); only one is allowed`);
  }
  if (user.impersonateGroups !== undefined || user.impersonateUserExtra !== undefined) {
    // the REST client sends one value per header name; a second Impersonate-Group would be folded into one
    throw new KubeconfigError(`${user.source}: user "${user.name}": as-groups and as-user-extra are not supported (use as / as-uid)`);
  }
}

/** Static headers of the user (basic auth, impersonation); the bearer token is added per request. */
function staticHeaders(user: KubeconfigUser): Record<string, string> {
  const h: Record<string, string> = {};
  if (user.username !== undefined || user.password !== undefined) {
    h['authorization'] = `Basic ${Buffer.from(`${user.username ?? ''}:${user.password ?? ''}`).toString('base64')}`;
  }
  if (user.impersonate !== undefined) h['impersonate-user'] = user.impersonate;
  if (user.impersonateUid !== undefined) h['impersonate-uid'] = user.impersonateUid;
  return h;
}

/** The configuration of a context (default: `current-context`) of a parsed kubeconfig. */
export async function fromParsedKubeconfig(kc: ParsedKubeconfig, options: KubeconfigClientOptions = {}): Promise<ClientConfig> {
  const selected = selectContext(kc, options.context);
  const { context, cluster, user } = selected;
  checkMethods(user);
  const tls = clusterTls(cluster);
  userTls(user, tls);
  const tlsConfigured = tls.ca !== undefined || tls.cert !== undefined || tls.rejectUnauthorized === false;
  const server = serverUrl(cluster, tlsConfigured);
  const proxy = proxyUrl(cluster);
  const extra = { ...(context.namespace !== undefined ? { namespace: context.namespace } : {}), ...(proxy !== undefined ? { proxy } : {}) };

  if (user.exec || user.authProvider) {
    const config = await delegateToClientNode(selected, server, tls, options.loadClientNode ?? importClientNode, options);
    return { ...config, ...extra };
  }

  const fixed = staticHeaders(user);
  let headers: HeaderSource | undefined;
  if (user.tokenFile !== undefined) {
    const token = fileTokenSource(user.tokenFile, {
      what: `${user.source}: user "${user.name}"`,
      ...(user.token !== undefined ? { fallback: user.token } : {}),
      ...(options.tokenFileRefreshMs !== undefined ? { refreshMs: options.tokenFileRefreshMs } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    headers = () => ({ ...fixed, authorization: `Bearer ${token()}` });
  } else if (user.token !== undefined) {
    const all = { ...fixed, authorization: `Bearer ${user.token}` };
    headers = () => all;
  } else if (Object.keys(fixed).length > 0) {
    headers = () => fixed;
  }
  return { server, tls, ...(headers ? { headers } : {}), ...extra };
}
