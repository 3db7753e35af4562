/**
 * The deploy object model: every object the operator's deployment consists of, as kubebuilder's `config/` tree
 * (testdata/project-v4) lays them out, built once from the project's CRDs, its `+kubebuilder:rbac` and
 * `+kubebuilder:webhook` markers and the `deploy` configuration. Both renderings read this model only: the kustomize
 * tree (./kustomize.ts) and the Helm chart (./chart.ts).
 *
 * Contract:
 * - every object carries its final name (`<name>-controller-manager`, `<name>-manager-role` …: no kustomize
 *   namePrefix) and, when namespaced, its namespace (`deploy.namespace`; in the chart `.Release.Namespace`), so the
 *   tree renders to the same objects whatever does the rendering;
 * - the chart's parameters are nodes of ./template.ts inside the objects; resolved with the default settings they
 *   give the kustomize tree's objects (config/default), with the certificates setting `certManager` those of
 *   config/default plus the config/certmanager component;
 * - the model is plain data built fresh per call; the inputs are never modified.
 */
import type { CustomResourceDefinition } from '../emit/crd';
import type { PolicyRule, RoleObject } from '../emit/rbac';
import type { WebhookConfiguration } from '../emit/webhook';
import type { DeployConfig } from './config';
import { Block, Expr, When, type Settings } from './template';

/** What the model is built from. */
export interface DeployInput {
  config: DeployConfig;
  /** The project's CRDs as `kubegen generate` writes them (their conversion webhooks are pointed at the operator). */
  crds: readonly CustomResourceDefinition[];
  /** The (Cluster)Roles of the `+kubebuilder:rbac` markers, the default one named `<name>-manager-role`. */
  roles: readonly RoleObject[];
  /** The webhook configurations of the `+kubebuilder:webhook` markers. */
  webhookConfigurations: readonly WebhookConfiguration[];
  /** The rules self-managed webhook certificates need (`SELF_MANAGED_CERTIFICATES_RBAC` of `@kubegen/runtime/webhook`). */
  certificatesRbac: { readonly namespaced: readonly PolicyRule[]; readonly cluster: readonly PolicyRule[] };
}

/** The config/ directories. */
export type DeployDir = 'crd' | 'rbac' | 'manager' | 'webhook' | 'certmanager' | 'default';

/** One file of the tree: its objects, and where and when the chart has them. */
export interface DeployFile {
  dir: DeployDir;
  /** File name under `<configDir>/<dir>/`. */
  file: string;
  /** The objects, with chart parameter nodes; `kustomizeOnly` ones are not in the chart. */
  objects: Array<{ object: object; kustomizeOnly?: boolean }>;
  /** The template under the chart's `templates/`, present when `condition` holds (always without one). */
  chart: { path: string; condition?: string; holds?: (s: Settings) => boolean };
}

/** The model: files in a fixed order, and what the project has. */
export interface DeployModel {
  config: DeployConfig;
  files: DeployFile[];
  /** The project serves admission or conversion webhooks (a webhook Service, certificates). */
  webhooks: boolean;
  /** The chart's values.yaml, as data (its defaults are what the kustomize tree has). */
  values: Record<string, unknown>;
}

export const CERT_DIR = '/tmp/k8s-webhook-server/serving-certs';
export const WEBHOOK_PORT = 9443;
export const METRICS_PORT = 8080;
export const HEALTH_PORT = 8081;
/** The manager's resources, kubebuilder's requests and room for Node.js's heap in the limit. */
export const DEFAULT_RESOURCES = { limits: { cpu: '500m', memory: '512Mi' }, requests: { cpu: '10m', memory: '128Mi' } };

/** The names of the objects of a project (the shared contract of issue 24). */
export function deployNames(name: string) {
  return {
    serviceAccount: `${name}-controller-manager`,
    deployment: `${name}-controller-manager`,
    managerRole: `${name}-manager-role`,
    webhookService: `${name}-webhook-service`,
    webhookSecret: `${name}-webhook-server-cert`,
    metricsService: `${name}-metrics-service`,
    validating: `${name}-validating-webhook-configuration`,
    mutating: `${name}-mutating-webhook-configuration`,
    leaderElectionRole: `${name}-leader-election-role`,
    issuer: `${name}-selfsigned-issuer`,
    certificate: `${name}-serving-cert`,
  };
}

const isCertManager = (s: Settings) => s.certificates === 'certManager';
const isSelfManaged = (s: Settings) => s.certificates === 'selfManaged';
const CERT_MANAGER = 'eq .Values.webhook.certificates "certManager"';
const SELF_MANAGED = 'eq .Values.webhook.certificates "selfManaged"';

/** `repository` and `tag` of an image reference (a digest reference keeps its digest in `repository`, no tag). */
export function splitImage(image: string): { repository: string; tag: string } {
  if (image.includes('@')) return { repository: image, tag: '' };
  const colon = image.lastIndexOf(':');
  if (colon > image.lastIndexOf('/')) return { repository: image.slice(0, colon), tag: image.slice(colon + 1) };
  return { repository: image, tag: '' };
}

/** Builds the model (see the module doc). */
export function buildDeployModel(input: DeployInput): DeployModel {
  const { config } = input;
  const { name } = config;
  const n = deployNames(name);
  const ns = new Expr('{{ .Release.Namespace }}', config.namespace);
  const labels = () => ({ 'app.kubernetes.io/name': name });
  const managerLabels = () => ({ 'app.kubernetes.io/name': name, 'control-plane': 'controller-manager' });
  const meta = (objName: string, namespaced: boolean) => (namespaced ? { labels: labels(), name: objName, namespace: ns } : { labels: labels(), name: objName });
  const serviceRef = (service: Record<string, unknown>) => ({ ...service, name: n.webhookService, namespace: ns });
  const injectCa = new When(CERT_MANAGER, isCertManager, new Expr(`{{ .Release.Namespace }}/${n.certificate}`, `${config.namespace}/${n.certificate}`));

  // CRDs: conversion webhooks served by the operator's one webhook server.
  let conversion = false;
  const crds = input.crds.map((crd) => {
    const spec = structuredClone(crd.spec) as { conversion?: { webhook?: { clientConfig?: { service?: Record<string, unknown> } } } };
    const annotations: Record<string, unknown> = { ...crd.metadata.annotations };
    const service = spec.conversion?.webhook?.clientConfig?.service;
    if (service && spec.conversion?.webhook?.clientConfig) {
      spec.conversion.webhook.clientConfig.service = serviceRef(service);
      conversion = true;
      annotations['cert-manager.io/inject-ca-from'] = injectCa;
    }
    annotations['helm.sh/resource-policy'] = new When('.Values.crd.keep', (s) => s.helm && s.crdKeep, 'keep');
    return { ...crd, metadata: { ...crd.metadata, annotations }, spec };
  });

  const webhookConfigurations = input.webhookConfigurations.map((c) => {
    const defaultName = c.kind === 'MutatingWebhookConfiguration' ? 'mutating-webhook-configuration' : 'validating-webhook-configuration';
    const objName = c.metadata.name === defaultName ? (c.kind === 'MutatingWebhookConfiguration' ? n.mutating : n.validating) : c.metadata.name;
    return {
      apiVersion: c.apiVersion,
      kind: c.kind,
      metadata: { annotations: new When(CERT_MANAGER, isCertManager, { 'cert-manager.io/inject-ca-from': injectCa.value }), labels: labels(), name: objName },
      webhooks: c.webhooks.map((w) => ('service' in w.clientConfig ? { ...w, clientConfig: { ...w.clientConfig, service: serviceRef(w.clientConfig.service) } } : w)),
    };
  });
  const webhooks = webhookConfigurations.length > 0 || conversion;

  const files: DeployFile[] = [];
  const file = (dir: DeployDir, fileName: string, objects: DeployFile['objects'], chart: DeployFile['chart']) => files.push({ dir, file: fileName, objects, chart });
  const rbacOn = { condition: '.Values.rbac.enable', holds: (s: Settings) => s.rbac };
  const metricsRbacOn = { condition: 'and .Values.rbac.enable .Values.metrics.enable', holds: (s: Settings) => s.rbac && s.metrics };

  // crd/
  for (const crd of crds) {
    const spec = crd.spec as { group: string; names: { plural: string } };
    const fileName = `${spec.group}_${spec.names.plural}.yaml`;
    file('crd', `bases/${fileName}`, [{ object: crd }], { path: `crd/${fileName}`, condition: '.Values.crd.enable', holds: (s) => s.crd });
  }

  // rbac/
  const subject = { kind: 'ServiceAccount', name: n.serviceAccount, namespace: ns };
  const binding = (kind: 'ClusterRoleBinding' | 'RoleBinding', bindingName: string, roleKind: 'ClusterRole' | 'Role', roleName: string, namespace?: unknown) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: namespace === undefined ? meta(bindingName, false) : { labels: labels(), name: bindingName, namespace },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: roleName },
    subjects: [subject],
  });
  const role = (kind: 'ClusterRole' | 'Role', roleName: string, rules: readonly PolicyRule[], namespace?: unknown) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: namespace === undefined ? meta(roleName, false) : { labels: labels(), name: roleName, namespace },
    rules: rules.map((r) => ({ ...r })),
  });
  file('rbac', 'service_account.yaml', [{ object: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(n.serviceAccount, true) } }], { path: 'rbac/service_account.yaml' });
  const roles = input.roles.length > 0 ? input.roles : [{ apiVersion: 'rbac.authorization.k8s.io/v1' as const, kind: 'ClusterRole' as const, metadata: { name: n.managerRole }, rules: [] }];
  file('rbac', 'role.yaml', roles.map((r) => ({ object: role(r.kind, r.metadata.name, r.rules, r.metadata.namespace) })), { path: 'rbac/role.yaml', ...rbacOn });
  file(
    'rbac',
    'role_binding.yaml',
    roles.map((r) => ({
      object:
        r.kind === 'ClusterRole'
          ? binding('ClusterRoleBinding', bindingName(r.metadata.name), 'ClusterRole', r.metadata.name)
          : binding('RoleBinding', bindingName(r.metadata.name), 'Role', r.metadata.name, r.metadata.namespace),
    })),
    { path: 'rbac/role_binding.yaml', ...rbacOn },
  );
  const rw = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
  file(
    'rbac',
    'leader_election_role.yaml',
    [{ object: role('Role', n.leaderElectionRole, [{ apiGroups: [''], resources: ['configmaps'], verbs: rw }, { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: rw }, { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] }, { apiGroups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] }], ns) }],
    { path: 'rbac/leader_election_role.yaml', ...rbacOn },
  );
  file('rbac', 'leader_election_role_binding.yaml', [{ object: binding('RoleBinding', `${name}-leader-election-rolebinding`, 'Role', n.leaderElectionRole, ns) }], { path: 'rbac/leader_election_role_binding.yaml', ...rbacOn });
  file(
    'rbac',
    'metrics_auth_role.yaml',
    [{ object: role('ClusterRole', `${name}-metrics-auth-role`, [{ apiGroups: ['authentication.k8s.io'], resources: ['tokenreviews'], verbs: ['create'] }, { apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews'], verbs: ['create'] }]) }],
    { path: 'rbac/metrics_auth_role.yaml', ...metricsRbacOn },
  );
  file('rbac', 'metrics_auth_role_binding.yaml', [{ object: binding('ClusterRoleBinding', `${name}-metrics-auth-rolebinding`, 'ClusterRole', `${name}-metrics-auth-role`) }], { path: 'rbac/metrics_auth_role_binding.yaml', ...metricsRbacOn });
  file('rbac', 'metrics_reader_role.yaml', [{ object: role('ClusterRole', `${name}-metrics-reader`, [{ nonResourceURLs: ['/metrics'], verbs: ['get'] }]) }], { path: 'rbac/metrics_reader_role.yaml', ...metricsRbacOn });
  if (webhooks) {
    file(
      'rbac',
      'webhook_certificates_role.yaml',
      [
        { object: role('ClusterRole', `${name}-webhook-certificates-role`, input.certificatesRbac.cluster) },
        { object: role('Role', `${name}-webhook-certificates-role`, input.certificatesRbac.namespaced, ns) },
      ],
      { path: 'rbac/webhook_certificates_role.yaml', ...rbacOn },
    );
    file(
      'rbac',
      'webhook_certificates_role_binding.yaml',
      [
        { object: binding('ClusterRoleBinding', `${name}-webhook-certificates-rolebinding`, 'ClusterRole', `${name}-webhook-certificates-role`) },
        { object: binding('RoleBinding', `${name}-webhook-certificates-rolebinding`, 'Role', `${name}-webhook-certificates-role`, ns) },
      ],
      { path: 'rbac/webhook_certificates_role_binding.yaml', ...rbacOn },
    );
  }
  for (const k of kindRoles(crds.map((c) => c.spec as { group: string; names: { kind: string; plural: string } }))) {
    for (const [suffix, verbs] of [
      ['admin', ['*']],
      ['editor', rw],
      ['viewer', ['get', 'list', 'watch']],
    ] as const) {
      file(
        'rbac',
        `${k.file}_${suffix}_role.yaml`,
        [{ object: role('ClusterRole', `${name}-${k.prefix}-${suffix}-role`, [{ apiGroups: [k.group], resources: [k.plural], verbs: [...verbs] }, { apiGroups: [k.group], resources: [`${k.plural}/status`], verbs: ['get'] }]) }],
        { path: `rbac/${k.file}_${suffix}_role.yaml`, ...rbacOn },
      );
    }
  }

  // manager/
  const args: unknown[] = [
    new When('.Values.manager.leaderElection', (s) => s.leaderElection, '--leader-elect'),
    `--health-probe-bind-address=:${HEALTH_PORT}`,
    new When('.Values.metrics.enable', (s) => s.metrics, `--metrics-bind-address=:${METRICS_PORT}`),
  ];
  if (webhooks) args.push(new When(SELF_MANAGED, isSelfManaged, '--self-managed-certs'), `--webhook-cert-dir=${CERT_DIR}`);
  const { repository, tag } = splitImage(config.image);
  const container: Record<string, unknown> = {
    args,
    command: ['node', 'dist/main.js'],
    env: [{ name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } }],
    image: new Expr('"{{ .Values.manager.image.repository }}{{ with .Values.manager.image.tag }}:{{ . }}{{ end }}"', config.image),
    imagePullPolicy: new Expr('{{ .Values.manager.image.pullPolicy }}', 'IfNotPresent'),
    livenessProbe: { httpGet: { path: '/healthz', port: HEALTH_PORT }, initialDelaySeconds: 15, periodSeconds: 20 },
    name: 'manager',
    ports: [
      { containerPort: HEALTH_PORT, name: 'health', protocol: 'TCP' },
      { containerPort: METRICS_PORT, name: 'metrics', protocol: 'TCP' },
      ...(webhooks ? [{ containerPort: WEBHOOK_PORT, name: 'webhook-server', protocol: 'TCP' }] : []),
    ],
    readinessProbe: { httpGet: { path: '/readyz', port: HEALTH_PORT }, initialDelaySeconds: 5, periodSeconds: 10 },
    resources: new Block('.Values.manager.resources', DEFAULT_RESOURCES),
    securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true },
  };
  if (webhooks) container.volumeMounts = [{ mountPath: CERT_DIR, name: 'webhook-certs' }];
  const podSpec: Record<string, unknown> = {
    containers: [container],
    securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
    serviceAccountName: n.serviceAccount,
    terminationGracePeriodSeconds: 10,
  };
  if (webhooks) {
    podSpec.volumes = [
      {
        emptyDir: new When(SELF_MANAGED, isSelfManaged, {}),
        name: 'webhook-certs',
        secret: new When(CERT_MANAGER, isCertManager, { secretName: n.webhookSecret }),
      },
    ];
  }
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { labels: managerLabels(), name: n.deployment, namespace: ns },
    spec: {
      replicas: new Expr('{{ .Values.manager.replicas }}', 1),
      selector: { matchLabels: managerLabels() },
      template: {
        metadata: { annotations: { 'kubectl.kubernetes.io/default-container': 'manager' }, labels: managerLabels() },
        spec: podSpec,
      },
    },
  };
  const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { labels: managerLabels(), name: config.namespace } };
  file('manager', 'manager.yaml', [{ object: namespace, kustomizeOnly: true }, { object: deployment }], { path: 'manager/manager.yaml' });

  // default/: the metrics Service (kubebuilder keeps it there)
  const service = (serviceName: string, port: Record<string, unknown>) => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { labels: managerLabels(), name: serviceName, namespace: ns },
    spec: { ports: [port], selector: managerLabels() },
  });
  file('default', 'metrics_service.yaml', [{ object: service(n.metricsService, { name: 'http', port: METRICS_PORT, protocol: 'TCP', targetPort: METRICS_PORT }) }], {
    path: 'metrics/metrics_service.yaml',
    condition: '.Values.metrics.enable',
    holds: (s) => s.metrics,
  });

  // webhook/ and certmanager/
  if (webhooks) {
    if (webhookConfigurations.length > 0) file('webhook', 'manifests.yaml', webhookConfigurations.map((object) => ({ object })), { path: 'webhook/manifests.yaml' });
    file('webhook', 'service.yaml', [{ object: service(n.webhookService, { name: 'https', port: 443, protocol: 'TCP', targetPort: WEBHOOK_PORT }) }], { path: 'webhook/service.yaml' });
    const certManagerOn = { condition: CERT_MANAGER, holds: isCertManager };
    file('certmanager', 'issuer.yaml', [{ object: { apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: meta(n.issuer, true), spec: { selfSigned: {} } } }], { path: 'certmanager/issuer.yaml', ...certManagerOn });
    const dns = (suffix: string) => new Expr(`${n.webhookService}.{{ .Release.Namespace }}.${suffix}`, `${n.webhookService}.${config.namespace}.${suffix}`);
    file(
      'certmanager',
      'certificate.yaml',
      [
        {
          object: {
            apiVersion: 'cert-manager.io/v1',
            kind: 'Certificate',
            metadata: meta(n.certificate, true),
            spec: { dnsNames: [dns('svc'), dns('svc.cluster.local')], issuerRef: { kind: 'Issuer', name: n.issuer }, secretName: n.webhookSecret },
          },
        },
      ],
      { path: 'certmanager/certificate.yaml', ...certManagerOn },
    );
  }

  const values: Record<string, unknown> = {
    manager: { image: { pullPolicy: 'IfNotPresent', repository, tag }, leaderElection: true, replicas: 1, resources: DEFAULT_RESOURCES },
    metrics: { enable: true },
    rbac: { enable: true },
  };
  if (crds.length > 0) values.crd = { enable: true, keep: true };
  if (webhooks) values.webhook = { certificates: config.certificates };
  return { config, files, webhooks, values };
}

/** `<name>-manager-rolebinding` for `<name>-manager-role`, else `<role>-binding`. */
function bindingName(roleName: string): string {
  return roleName.endsWith('-role') ? `${roleName}binding` : `${roleName}-binding`;
}

/**
 * The kinds' admin/editor/viewer roles: file `<kind>` and name `<kind>` (lower case), or `<group>_<kind>` and
 * `<group with - for .>-<kind>` when two groups have a kind of that name.
 */
function kindRoles(specs: ReadonlyArray<{ group: string; names: { kind: string; plural: string } }>) {
  const count = new Map<string, number>();
  for (const s of specs) count.set(s.names.kind.toLowerCase(), (count.get(s.names.kind.toLowerCase()) ?? 0) + 1);
  return specs.map((s) => {
    const kind = s.names.kind.toLowerCase();
    const clash = (count.get(kind) ?? 0) > 1;
    return { group: s.group, plural: s.names.plural, file: clash ? `${s.group}_${kind}` : kind, prefix: clash ? `${s.group.replace(/\./g, '-')}-${kind}` : kind };
  });
}
