import { stringify } from 'yaml';

/** The subset of a kubeconfig (`apiVersion: v1, kind: Config`) that kubegen writes for a test control plane. */
export interface Kubeconfig {
  apiVersion: 'v1';
  kind: 'Config';
  clusters: Array<{ name: string; cluster: { server: string; 'certificate-authority-data': string } }>;
  users: Array<{ name: string; user: { token: string } }>;
  contexts: Array<{ name: string; context: { cluster: string; user: string; namespace?: string } }>;
  'current-context': string;
  preferences: Record<string, never>;
}

/** Options for {@link buildKubeconfig}. */
export interface KubeconfigOptions {
  server: string;
  /** PEM of the CA that signed the server's serving certificate. */
  ca: string;
  token: string;
  /** Name used for the cluster, user (`<name>-admin`) and context. Default `kubegen-envtest`. */
  name?: string;
  namespace?: string;
}

/** A kubeconfig with one cluster, one bearer-token user and one current context. */
export function buildKubeconfig(options: KubeconfigOptions): Kubeconfig {
  const name = options.name ?? 'kubegen-envtest';
  const user = `${name}-admin`;
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: { server: options.server, 'certificate-authority-data': Buffer.from(options.ca).toString('base64') } }],
    users: [{ name: user, user: { token: options.token } }],
    contexts: [{ name, context: { cluster: name, user, ...(options.namespace ? { namespace: options.namespace } : {}) } }],
    'current-context': name,
    preferences: {},
  };
}

/** The kubeconfig as YAML, as `kubectl` writes it. */
export function kubeconfigToYaml(config: Kubeconfig): string {
  return stringify(config);
}
