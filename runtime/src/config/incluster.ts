/**
 * In-cluster configuration, as client-go's `rest.InClusterConfig`: the apiserver at
 * `https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT`, trusted through the service account's `ca.crt`,
 * authenticated with its `token` — read again once a minute, so the kubelet's rotation of the projected token is
 * picked up (client-go's cached file token source). The namespace is `$POD_NAMESPACE`, else the service
 * account's `namespace` file.
 */

import * as fs from 'node:fs';
import * as path from 'node:path';
import { ioReason, KubeconfigError } from './kubeconfig';
import { fileTokenSource } from './token';
import type { ClientConfig } from './types';

/** Where a pod's service account credentials are mounted. */
export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** Options of the in-cluster configuration; the defaults are the real environment and filesystem. */
export interface InClusterOptions {
  /** Environment (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Filesystem root the service account directory is found under (default `/`; a temporary directory in tests). */
  root?: string;
  /** How long the token is reused before it is read again (default 60s). */
  tokenFileRefreshMs?: number;
  now?: () => number;
}

function serviceAccountFile(options: InClusterOptions, name: string): string {
  return path.join(options.root ?? '/', SERVICE_ACCOUNT_DIR, name);
}

/** Whether the in-cluster configuration applies: both service variables set and the token file present (client-go's `Possible`). */
export function inClusterPossible(options: InClusterOptions = {}): boolean {
  const env = options.env ?? process.env;
  if (!env['KUBERNETES_SERVICE_HOST'] || !env['KUBERNETES_SERVICE_PORT']) return false;
  try {
    return fs.statSync(serviceAccountFile(options, 'token')).isFile();
  } catch {
    return false;
  }
}

/** The in-cluster configuration; a one-line error when not in a cluster or the token cannot be read. */
export function inClusterConfig(options: InClusterOptions = {}): ClientConfig {
  const env = options.env ?? process.env;
  const host = env['KUBERNETES_SERVICE_HOST'];
  const port = env['KUBERNETES_SERVICE_PORT'];
  if (!host || !port) {
    throw new KubeconfigError('in-cluster configuration: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be set');
  }
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host; // IPv6, as net.JoinHostPort
  const server = `https://${hostPart}:${port}`;
  try {
    new URL(server);
  } catch {
    throw new KubeconfigError(`in-cluster configuration: KUBERNETES_SERVICE_HOST/PORT do not form a URL (${server})`);
  }
  const token = fileTokenSource(serviceAccountFile(options, 'token'), {
    what: 'in-cluster configuration',
    ...(options.tokenFileRefreshMs !== undefined ? { refreshMs: options.tokenFileRefreshMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const config: ClientConfig = { server, tls: { rejectUnauthorized: true }, headers: () => ({ authorization: `Bearer ${token()}` }) };
  const caFile = serviceAccountFile(options, 'ca.crt');
  try {
    config.tls.ca = fs.readFileSync(caFile);
  } catch (err) {
    // a missing ca.crt means the system roots, as in client-go; a file that is there but unreadable is an error
    if ((err as { code?: unknown }).code !== 'ENOENT') throw new KubeconfigError(`in-cluster configuration: ${caFile}: ${ioReason(err)}`);
  }
  const namespace = env['POD_NAMESPACE'] || readNamespace(serviceAccountFile(options, 'namespace'));
  if (namespace) config.namespace = namespace;
  return config;
}

function readNamespace(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
