import type { HeaderSource } from '../rest/client';
import type { TlsOptions } from '../rest/transport';

/** Everything a REST client needs, resolved. */
export interface ClientConfig {
  /** The apiserver URL, e.g. `https://127.0.0.1:6443` (a path prefix is kept). */
  server: string;
  tls: TlsOptions;
  /** Authorization and impersonation headers, asked for on every request attempt. */
  headers?: HeaderSource;
  /** The namespace of the context (kubeconfig) or of the pod's service account (in-cluster), when known. */
  namespace?: string;
  /** An HTTP(S) proxy to tunnel through (kubeconfig `proxy-url`). */
  proxy?: string;
}

export interface FromKubeconfigOptions {
  /** How long changing credentials (exec plugins, auth providers) are reused (default 1000ms). */
  credentialTtlMs?: number;
  /** How long a token read from a file (`tokenFile`, the in-cluster token) is reused before it is read again (default 60s, as client-go). */
  tokenFileRefreshMs?: number;
  /** Injected for tests. */
  now?: () => number;
}
