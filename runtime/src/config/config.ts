/**
 * Client configuration: where the apiserver is, how to trust it, how to authenticate.
 *
 * `loadFromDefault` follows client-go's default loading rules without `@kubernetes/client-node`: the files of
 * `$KUBECONFIG` (merged, see `mergeKubeconfigs`) or else `~/.kube/config`, and when they give no configuration,
 * the in-cluster service account. Kubeconfig parsing and the context → configuration step are `kubeconfig.ts`
 * and `resolve.ts`; in-cluster is `incluster.ts`. client-node (an optional peer dependency) is loaded, lazily,
 * only for `exec` and `auth-provider` users (`clientnode.ts`). TLS verification stays on unless the kubeconfig
 * says `insecure-skip-tls-verify: true` (or the plain options say `insecureSkipTLSVerify`).
 *
 * TLS material (CA, client certificate) is read once, when the configuration is made. Tokens from files (`tokenFile`,
 * the in-cluster token) are read again after `tokenFileRefreshMs` (default 60s); exec and auth-provider
 * credentials are asked of client-node again after `credentialTtlMs` (default 1s); static tokens are read once.
 */

import * as os from 'node:os';
import * as path from 'node:path';
import { RestClient, type RestClientOptions } from '../rest/client';
import { createTransport, type TransportOptions } from '../rest/create-transport';
import { inClusterConfig, inClusterPossible } from './incluster';
import { KubeconfigError, mergeKubeconfigs, readKubeconfigFile, readKubeconfigFileIfExists, type ParsedKubeconfig } from './kubeconfig';
import { fromParsedKubeconfig, type KubeconfigClientOptions } from './resolve';
import type { ClientConfig } from './types';

export type { ClientConfig, FromKubeconfigOptions } from './types';
export { fromKubeconfig, type KubeConfigLike, type ClientNodeLoader } from './clientnode';

/** A configuration given directly, without a kubeconfig. PEM strings or buffers. */
export interface PlainConfigOptions {
  server: string;
  ca?: string | Buffer;
  token?: string;
  cert?: string | Buffer;
  key?: string | Buffer;
  insecureSkipTLSVerify?: boolean;
  tlsServerName?: string;
}

export function fromOptions(o: PlainConfigOptions): ClientConfig {
  new URL(o.server); // throws on a malformed URL
  const tls: ClientConfig['tls'] = { rejectUnauthorized: o.insecureSkipTLSVerify !== true };
  if (o.ca !== undefined) tls.ca = o.ca;
  if (o.cert !== undefined) tls.cert = o.cert;
  if (o.key !== undefined) tls.key = o.key;
  if (o.tlsServerName !== undefined) tls.servername = o.tlsServerName;
  const token = o.token;
  return token ? { server: o.server, tls, headers: () => ({ authorization: `Bearer ${token}` }) } : { server: o.server, tls };
}

export interface LoadOptions extends KubeconfigClientOptions {
  /** One kubeconfig file to use instead of the default rules (as `--kubeconfig`); it must exist. */
  kubeconfig?: string;
  /** Environment to read `KUBECONFIG`, `HOME` and the in-cluster variables from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Filesystem root of the in-cluster service account directory (default `/`; for tests). */
  inClusterRoot?: string;
}

/** The kubeconfig files the default rules read, in precedence order, and how to name them in an error. */
function defaultFiles(env: NodeJS.ProcessEnv): { files: string[]; looked: string } {
  const list = env['KUBECONFIG'];
  if (list) {
    return { files: list.split(path.delimiter).filter((f) => f !== ''), looked: `$KUBECONFIG (${list})` };
  }
  const home = env['HOME'] || os.homedir();
  return { files: [path.join(home, '.kube', 'config')], looked: '$KUBECONFIG, ~/.kube/config' };
}

/**
 * Loads the configuration the way client-go's deferred loading client config does: `options.kubeconfig` alone
 * when given; else the files of `$KUBECONFIG` (missing ones skipped) or else `~/.kube/config`; when they hold
 * no context to use, the in-cluster configuration. With nothing found the error is
 * `no kubeconfig found (looked in $KUBECONFIG, ~/.kube/config, in-cluster)`. Malformed files are errors
 * (`file:line:column: …`), never skipped.
 */
export async function loadFromDefault(options: LoadOptions = {}): Promise<ClientConfig> {
  const env = options.env ?? process.env;
  const inCluster = { env, ...(options.inClusterRoot !== undefined ? { root: options.inClusterRoot } : {}), ...tokenRefresh(options) };
  if (options.kubeconfig !== undefined) {
    return fromParsedKubeconfig(readKubeconfigFile(options.kubeconfig), options);
  }
  const { files, looked } = defaultFiles(env);
  const found: ParsedKubeconfig[] = [];
  for (const f of files) {
    const kc = readKubeconfigFileIfExists(f);
    if (kc) found.push(kc);
  }
  const merged = mergeKubeconfigs(found);
  const usable = options.context !== undefined || merged.currentContext !== undefined;
  if (usable) return fromParsedKubeconfig(merged, options);
  if (inClusterPossible(inCluster)) return inClusterConfig(inCluster);
  if (found.length > 0) throw new KubeconfigError(`kubeconfig ${merged.sources.join(', ')}: current-context is not set (pass a context), and not in a cluster`);
  throw new KubeconfigError(`no kubeconfig found (looked in ${looked}, in-cluster)`);
}

function tokenRefresh(o: LoadOptions): { tokenFileRefreshMs?: number; now?: () => number } {
  return { ...(o.tokenFileRefreshMs !== undefined ? { tokenFileRefreshMs: o.tokenFileRefreshMs } : {}), ...(o.now ? { now: o.now } : {}) };
}

/**
 * A REST client for a configuration, over the transport `createTransport` picks: Node's HTTP/1.1 client, HTTP/2 with
 * `transport.http2`, undici through `config.proxy`.
 */
export function createRestClient(
  config: ClientConfig,
  options: Omit<RestClientOptions, 'server' | 'transport' | 'headers'> & { transport?: TransportOptions } = {},
): RestClient {
  const { transport, ...rest } = options;
  const origin = new URL(config.server).origin;
  return new RestClient({
    ...rest,
    server: config.server,
    transport: createTransport(origin, { ...transport, tls: config.tls, ...(config.proxy !== undefined ? { proxy: config.proxy } : {}) }),
    ...(config.headers ? { headers: config.headers } : {}),
  });
}
