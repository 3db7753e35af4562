/**
 * `@kubernetes/client-node`, for the credentials kubegen does not implement itself: `exec` plugins and
 * `auth-provider`s (OIDC, gcp, azure). It is an optional peer dependency, loaded by dynamic `import()` only when
 * a kubeconfig user needs it; everything else (tokens, token files, client certificates, basic auth, in-cluster)
 * is `kubeconfig.ts` / `incluster.ts`, without it.
 */

import type { OutgoingHttpHeaders } from 'node:http';
import type { RequestOptions } from 'node:https';
import type { HeaderSource } from '../rest/client';
import type { TlsOptions } from '../rest/transport';
import { KubeconfigError, type KubeconfigObject, type SelectedContext } from './kubeconfig';
import type { ClientConfig, FromKubeconfigOptions } from './types';

/** The parts of client-node's `KubeConfig` kubegen uses (structural, so any 1.x KubeConfig fits). */
export interface KubeConfigLike {
  getCurrentCluster(): { name: string; server: string; skipTLSVerify?: boolean; tlsServerName?: string } | null;
  getCurrentUser(): { name: string; exec?: unknown; authProvider?: unknown } | null;
  applyToHTTPSOptions(opts: RequestOptions): Promise<void>;
}

/** Loads `@kubernetes/client-node` (injected in tests). */
export type ClientNodeLoader = () => Promise<unknown>;

/** The module specifier, in a variable so that type-checking and bundling never require the optional package. */
const CLIENT_NODE = '@kubernetes/client-node';

/** The default loader: dynamic `import()` (client-node 1.x is an ES module). */
export const importClientNode: ClientNodeLoader = () => import(CLIENT_NODE);

interface ClientNodeKubeConfig extends KubeConfigLike {
  loadFromOptions(options: unknown): void;
}

interface ClientNodeModule {
  KubeConfig: new () => ClientNodeKubeConfig;
}

function headersOf(opts: RequestOptions): Record<string, string> {
  const out: Record<string, string> = {};
  const raw = opts.headers;
  if (raw && !Array.isArray(raw)) {
    const named = raw as OutgoingHttpHeaders;
    for (const k of Object.keys(named)) {
      const v = named[k];
      if (v === undefined) continue;
      out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    }
  }
  if (opts.auth) out['authorization'] = `Basic ${Buffer.from(opts.auth).toString('base64')}`;
  return out;
}

function material(v: unknown): string | Buffer | undefined {
  if (typeof v === 'string' || Buffer.isBuffer(v)) return v;
  if (Array.isArray(v) && v.length > 0) return Buffer.concat(v.map((x) => (Buffer.isBuffer(x) ? x : Buffer.from(String(x)))));
  return undefined;
}

/** The configuration of a client-node KubeConfig's current context. */
export async function fromKubeconfig(kc: KubeConfigLike, options: FromKubeconfigOptions = {}): Promise<ClientConfig> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('kubeconfig: no current cluster (is current-context set?)');
  const opts: RequestOptions = {};
  await kc.applyToHTTPSOptions(opts);
  const tls: TlsOptions = {
    // verification is on unless the kubeconfig turned it off
    rejectUnauthorized: !(cluster.skipTLSVerify === true || opts.rejectUnauthorized === false),
  };
  const ca = material(opts.ca);
  const cert = material(opts.cert);
  const key = material(opts.key);
  if (ca !== undefined) tls.ca = ca;
  if (cert !== undefined) tls.cert = cert;
  if (key !== undefined) tls.key = key;
  const servername = opts.servername ?? cluster.tlsServerName;
  if (servername) tls.servername = servername;

  const initial = headersOf(opts);
  const user = kc.getCurrentUser();
  const dynamic = user !== null && (user.exec !== undefined || user.authProvider !== undefined);
  if (!dynamic) return { server: cluster.server, tls, headers: () => initial };

  const ttl = options.credentialTtlMs ?? 1000;
  const now = options.now ?? Date.now;
  let cached = initial;
  let fetchedAt = now();
  let inflight: Promise<Record<string, string>> | undefined;
  const headers: HeaderSource = () => {
    if (now() - fetchedAt < ttl) return cached;
    inflight ??= (async () => {
      try {
        const fresh: RequestOptions = {};
        await kc.applyToHTTPSOptions(fresh);
        cached = headersOf(fresh);
        fetchedAt = now();
        return cached;
      } finally {
        inflight = undefined;
      }
    })();
    return inflight;
  };
  return { server: cluster.server, tls, headers };
}

/** What needs client-node, in words: `exec` or `auth-provider "oidc"`. */
function credentialKind(user: { exec?: KubeconfigObject; authProvider?: KubeconfigObject }): string {
  if (user.exec) return 'exec';
  const name = user.authProvider?.['name'];
  return typeof name === 'string' ? `auth-provider "${name}"` : 'auth-provider';
}

function isModuleNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** client-node, or a one-line error saying to install it. */
async function loadClientNode(loader: ClientNodeLoader, userName: string, kind: string): Promise<ClientNodeModule> {
  const install = `kubeconfig user "${userName}" uses ${kind} credentials; install @kubernetes/client-node (~1.4) to use them`;
  let mod: unknown;
  try {
    mod = await loader();
  } catch (err) {
    if (isModuleNotFound(err)) throw new KubeconfigError(install);
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new KubeconfigError(`${install} (loading it failed: ${reason})`);
  }
  const KubeConfig = (mod as { KubeConfig?: unknown } | null)?.KubeConfig;
  if (typeof KubeConfig !== 'function') throw new KubeconfigError(`${install} (the loaded module has no KubeConfig)`);
  return mod as ClientNodeModule;
}

function base64(v: string | Buffer | undefined): string | undefined {
  if (v === undefined) return undefined;
  return (typeof v === 'string' ? Buffer.from(v) : v).toString('base64');
}

/**
 * The configuration of a context whose user has `exec` or `auth-provider` credentials, through client-node: a
 * KubeConfig of just this cluster, user and context (TLS material already read, as data), whose
 * `applyToHTTPSOptions` runs the plugin; credentials are refreshed after `credentialTtlMs`.
 */
export async function delegateToClientNode(
  selected: SelectedContext,
  server: string,
  tls: TlsOptions,
  loader: ClientNodeLoader,
  options: FromKubeconfigOptions,
): Promise<ClientConfig> {
  const { context, cluster, user } = selected;
  const { KubeConfig } = await loadClientNode(loader, user.name, credentialKind(user));
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: cluster.name,
        server,
        skipTLSVerify: tls.rejectUnauthorized === false,
        ...(tls.ca !== undefined ? { caData: base64(tls.ca) } : {}),
        ...(tls.servername !== undefined ? { tlsServerName: tls.servername } : {}),
      },
    ],
    users: [
      {
        name: user.name,
        ...(user.exec ? { exec: user.exec } : {}),
        ...(user.authProvider ? { authProvider: user.authProvider } : {}),
        ...(tls.cert !== undefined ? { certData: base64(tls.cert) } : {}),
        ...(tls.key !== undefined ? { keyData: base64(tls.key) } : {}),
        ...(user.impersonate !== undefined ? { impersonateUser: user.impersonate } : {}),
      },
    ],
    contexts: [{ name: context.name, cluster: cluster.name, user: user.name, ...(context.namespace ? { namespace: context.namespace } : {}) }],
    currentContext: context.name,
  });
  const config = await fromKubeconfig(kc, options);
  return { ...config, server };
}
