/**
 * Client configuration: where the apiserver is, how to trust it, how to authenticate.
 *
 * Kubeconfig handling is `@kubernetes/client-node`'s `KubeConfig`, not a rewrite: its default loading rules
 * (`KUBECONFIG`, `~/.kube/config`, in-cluster service account), client certificates, bearer tokens, token
 * files, exec plugins and OIDC all go through its `applyToHTTPSOptions`. TLS verification stays on unless the
 * kubeconfig says `insecure-skip-tls-verify: true` (or the plain options say `insecureSkipTLSVerify`).
 *
 * Credentials that can change (exec plugins, auth providers, the in-cluster token file) are asked of the
 * KubeConfig again at most once per `credentialTtlMs` (default 1s), so rotation is picked up; static tokens and
 * certificates are read once. TLS material (CA, client certificate) is read once, when the config is made.
 */

import type { RequestOptions } from 'node:https';
import { RestClient, type RestClientOptions, type HeaderSource } from '../rest/client';
import { UndiciTransport, type TlsOptions, type UndiciTransportOptions } from '../rest/transport';

/** The parts of client-node's `KubeConfig` kubegen uses (structural, so any 1.x KubeConfig fits). */
export interface KubeConfigLike {
  getCurrentCluster(): { name: string; server: string; skipTLSVerify?: boolean; tlsServerName?: string } | null;
  getCurrentUser(): { name: string; exec?: unknown; authProvider?: unknown } | null;
  applyToHTTPSOptions(opts: RequestOptions): Promise<void>;
}

/** Everything a REST client needs, resolved. */
export interface ClientConfig {
  /** The apiserver URL, e.g. `https://127.0.0.1:6443`. */
  server: string;
  tls: TlsOptions;
  /** Authorization and impersonation headers, asked for on every request attempt. */
  headers?: HeaderSource;
}

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
  const tls: TlsOptions = { rejectUnauthorized: o.insecureSkipTLSVerify !== true };
  if (o.ca !== undefined) tls.ca = o.ca;
  if (o.cert !== undefined) tls.cert = o.cert;
  if (o.key !== undefined) tls.key = o.key;
  if (o.tlsServerName !== undefined) tls.servername = o.tlsServerName;
  const token = o.token;
  return token ? { server: o.server, tls, headers: () => ({ authorization: `Bearer ${token}` }) } : { server: o.server, tls };
}

function headersOf(opts: RequestOptions): Record<string, string> {
  const out: Record<string, string> = {};
  const raw = opts.headers;
  if (raw && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) {
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

export interface FromKubeconfigOptions {
  /** How long changing credentials (exec, auth providers, token files) are reused (default 1000ms). */
  credentialTtlMs?: number;
  /** Injected for tests. */
  now?: () => number;
}

/** The configuration of a KubeConfig's current context. */
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

export interface LoadOptions extends FromKubeconfigOptions {
  /** A context other than the current one. */
  context?: string;
}

/**
 * Loads the default kubeconfig (`KUBECONFIG`, `~/.kube/config`, in-cluster), as `KubeConfig.loadFromDefault`.
 * `@kubernetes/client-node` is loaded on first use, by dynamic `import()` (it is an ES module, and large). Where
 * dynamic import is unavailable — jest's CommonJS module registry without `--experimental-vm-modules` — use
 * `fromOptions` (or `fromKubeconfig` with a KubeConfig built outside).
 */
export async function loadFromDefault(options: LoadOptions = {}): Promise<ClientConfig> {
  const { KubeConfig } = await import('@kubernetes/client-node');
  const kc = new KubeConfig();
  kc.loadFromDefault();
  if (options.context !== undefined) kc.setCurrentContext(options.context);
  return fromKubeconfig(kc, options);
}

/** A REST client for a configuration, over a keep-alive undici pool. */
export function createRestClient(
  config: ClientConfig,
  options: Omit<RestClientOptions, 'server' | 'transport' | 'headers'> & { transport?: UndiciTransportOptions } = {},
): RestClient {
  const { transport, ...rest } = options;
  const origin = new URL(config.server).origin;
  return new RestClient({
    ...rest,
    server: config.server,
    transport: new UndiciTransport(origin, { ...transport, tls: config.tls }),
    ...(config.headers ? { headers: config.headers } : {}),
  });
}
