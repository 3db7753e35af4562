/**
 * The aggregated apiserver scaffold (`kubegen create apiserver`), after k8s.io/sample-apiserver (main.go, its
 * `artifacts/example` manifests) and apiserver-builder: pure functions from the project's context and an API group
 * with its versions to files ({@link ScaffoldFile}) and insertions at scaffold markers ({@link Insertion}).
 *
 * - `src/apiserver/<group>.ts`: the server's program — `@kubegen/apiserver` over the group's generated code and CRDs
 *   (no storage code of its own), etcd storage, delegated authentication and authorization, serving TLS from
 *   `--cert-dir` (a self-signed certificate when it holds none, as k8s.io/apiserver does), its admission plugins as a
 *   list to extend, and one `+kubegen:apiservice` marker per version, which `kubegen generate` turns into the
 *   APIServices (the `apiservice` configuration key, output `config/apiserver`);
 * - `config/apiserver/`: a kustomize base of its own (not part of config/default: its RoleBinding lives in
 *   kube-system, which config/default's namespace transformer would move) — the Namespace, and per group
 *   `<short>.yaml`: the ServiceAccount, the delegation RBAC (ClusterRoleBinding to `system:auth-delegator`, RoleBinding
 *   in kube-system to `extension-apiserver-authentication-reader`), the Service and the Deployment with etcd as a
 *   sidecar container (sample-apiserver's layout), listed in `kustomization.yaml` at its scaffold marker.
 *
 * The aggregator verifies the server (docs/certificates.md#aggregated-apiservers): the markers say
 * `caBundleInjected=true`, and by default the server — serving a self-signed certificate, no Secret at `--cert-dir` —
 * writes its CA into its APIServices itself (a ClusterRole to get and patch exactly those, by `resourceNames`);
 * `config/apiserver/certmanager` is the cert-manager overlay (an Issuer and a Certificate for the Service, the Secret
 * mounted at `--cert-dir` and reloaded when renewed, `cert-manager.io/inject-ca-from` on the APIServices).
 *
 * A version added to the group later (`kubegen create api` of a new version) is registered by {@link addApiServerVersion}:
 * its `+kubegen:apiservice` marker in the program, its APIService in the ClusterRole's `resourceNames` and in the
 * cert-manager patches — edits of the lines the scaffold wrote, so that a project scaffolded before works too.
 */
import { marshalYamlV2 } from '../yaml/yamlv2';
import { jsString, render } from '../render';
import { generatedImport, type Insertion, type OperatorProject, type ScaffoldFile } from './operator';

/** The marker of config/apiserver/kustomization.yaml where each group's manifests are listed. */
export const APISERVER_MARKER = '# +kubegen:scaffold:apiservers';
export const APISERVER_DIR = 'src/apiserver';
export const APISERVER_CONFIG_DIR = 'config/apiserver';
export const APISERVER_KUSTOMIZATION = `${APISERVER_CONFIG_DIR}/kustomization.yaml`;
/** The cert-manager component of config/apiserver and its markers (each group's certificate, each group's patches). */
export const APISERVER_CERTMANAGER_DIR = `${APISERVER_CONFIG_DIR}/certmanager`;
export const APISERVER_CERTMANAGER_KUSTOMIZATION = `${APISERVER_CERTMANAGER_DIR}/kustomization.yaml`;
export const APISERVER_CERTIFICATES_MARKER = '# +kubegen:scaffold:apiserver-certificates';
export const APISERVER_CERTIFICATE_PATCHES_MARKER = '# +kubegen:scaffold:apiserver-certificate-patches';
/** The port the server listens on in its pod (sample-apiserver's `--secure-port`). */
export const APISERVER_PORT = 8443;
/** The etcd image of the sidecar: the etcd release kubeadm runs with Kubernetes 1.34. */
export const ETCD_IMAGE = 'registry.k8s.io/etcd:3.6.4-0';
/** Where the server reads a serving certificate (`tls.crt`, `tls.key`) in its pod. */
const CERT_DIR = '/var/run/apiserver/serving-certs';

/** What the scaffold needs to know of the project. */
export interface ApiServerProject extends OperatorProject {
  /** The namespace the server runs in (kubegen.config.json `deploy.namespace`). */
  namespace: string;
  /** The project's image (`deploy.image`): the server is another entry point of it. */
  image: string;
}

/** The API group served, with every version of it under `apis/`. */
export interface ApiServerGroup {
  group: string;
  versions: readonly string[];
}

/** The names of a group's server and its objects. */
export interface ApiServerNames {
  /** The group's first DNS label (`wardle` for wardle.example.com). */
  short: string;
  /** `<project>-<short>-apiserver` (`<project>-apiserver` when the two are one name): ServiceAccount, Service, Deployment. */
  server: string;
  program: string;
  manifests: string;
}

/** The names of a group's server; `server` may be longer than a Service name allows (the CLI refuses that). */
export function apiServerNames(group: string, project: Pick<OperatorProject, 'name'>): ApiServerNames {
  const [short = group] = group.split('.');
  const server = project.name === short ? `${short}-apiserver` : `${project.name}-${short}-apiserver`;
  return { short, server, program: `${APISERVER_DIR}/${group}.ts`, manifests: `${APISERVER_CONFIG_DIR}/${short}.yaml` };
}

const VERSION = /^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$/;

/** Kubernetes' version priority: GA before beta before alpha, higher numbers first (the APIServices' order). */
export function compareVersionPriority(a: string, b: string): number {
  const rank = (v: string): [number, number, number] => {
    const m = VERSION.exec(v);
    if (m === null) return [0, 0, 0];
    const stability = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
    return [stability, Number(m[1]), Number(m[3] ?? 0)];
  };
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The `+kubegen:apiservice` markers of the group's versions: the preferred version gets the highest priority. */
export function apiServiceMarkers(g: ApiServerGroup, server: string, namespace: string): string[] {
  return [...g.versions].sort(compareVersionPriority).map((version, i) =>
    `+kubegen:apiservice:group=${g.group},version=${version},serviceName=${server},serviceNamespace=${namespace},groupPriorityMinimum=1000,versionPriority=${Math.max(1, 100 - 10 * i)},caBundleInjected=true`,
  );
}

/** The server's files and its line in config/apiserver/kustomization.yaml. */
export function scaffoldApiServer(g: ApiServerGroup, p: ApiServerProject): { files: ScaffoldFile[]; insertions: Insertion[] } {
  const names = apiServerNames(g.group, p);
  const esm = p.format === 'module';
  const crds = crdsLocation(g.group, p, names.program);
  const view = {
    group: g.group,
    server: names.server,
    namespace: p.namespace,
    program: names.program,
    built: names.program.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js'),
    markers: apiServiceMarkers(g, names.server, p.namespace),
    generatedImport: generatedImport(names.program, g.group, p),
    extraImports: [...(esm ? ["import { fileURLToPath } from 'node:url';"] : []), ...(crds.createRequire ? ["import { createRequire } from 'node:module';"] : [])].map((l) => `${l}\n`).join(''),
    programDir: esm ? 'path.dirname(fileURLToPath(import.meta.url))' : '__dirname',
    crdsExpr: crds.expr,
    port: APISERVER_PORT,
    hosts: [`${names.server}.${p.namespace}.svc`, 'localhost', '127.0.0.1'].map(jsString).join(', '),
  };
  return {
    files: [
      { path: names.program, contents: render('scaffold', 'apiserver.ts', view), policy: 'new' },
      { path: names.manifests, contents: manifests(g, p, names), policy: 'new' },
      { path: APISERVER_KUSTOMIZATION, contents: kustomization(), policy: 'shared' },
      namespaceFile(p),
      { path: APISERVER_CERTMANAGER_KUSTOMIZATION, contents: certManagerKustomization(), policy: 'shared' },
      { path: `${APISERVER_CERTMANAGER_DIR}/${names.short}.yaml`, contents: certManagerCertificate(g, p, names), policy: 'new' },
      { path: `${APISERVER_CERTMANAGER_DIR}/${names.short}-patch.yaml`, contents: certManagerPatch(g, p, names), policy: 'new' },
    ],
    insertions: [
      { path: APISERVER_KUSTOMIZATION, marker: APISERVER_MARKER, line: `- ${names.short}.yaml` },
      { path: APISERVER_CERTMANAGER_KUSTOMIZATION, marker: APISERVER_CERTIFICATES_MARKER, line: `- ${names.short}.yaml` },
      { path: APISERVER_CERTMANAGER_KUSTOMIZATION, marker: APISERVER_CERTIFICATE_PATCHES_MARKER, line: `- path: ${names.short}-patch.yaml` },
    ],
  };
}

/** How the program finds the group's CRDs (the model it serves): beside the generated code, from src/ or dist/. */
function crdsLocation(group: string, p: OperatorProject, program: string): { expr: string; createRequire: boolean } {
  const g = p.generated;
  if (g.layout === 'package') {
    const pkg = g.packageName.replace('{group}', group);
    const req = p.format === 'module' ? 'createRequire(import.meta.url)' : 'require';
    return { expr: `path.join(path.dirname(${req}.resolve(${jsString(`${pkg}/package.json`)})), 'crds')`, createRequire: p.format === 'module' };
  }
  // src/apiserver/<group>.ts and dist/apiserver/<group>.js are both two directories below the project
  const depth = program.split('/').length - 1;
  const parts = [...Array<string>(depth).fill('..'), ...g.output.split('/'), group, 'crds'].map(jsString);
  return { expr: `path.join(PROGRAM_DIR, ${parts.join(', ')})`, createRequire: false };
}

const HEADER = (what: string) => `# ${what} (kubegen create apiserver); yours to edit. Apply with: kubegen apply -k config/apiserver\n`;

/** config/apiserver/kustomization.yaml: the Namespace, the APIServices `kubegen generate` writes, each group's file. */
function kustomization(): string {
  return (
    HEADER('The aggregated apiservers of the project') +
    '# No `namespace:` here: each object names its own (the delegation RoleBinding lives in kube-system).\n' +
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- namespace.yaml\n' +
    '# the APIServices of the +kubegen:apiservice markers under src/apiserver (kubegen generate writes the file)\n- apiservice.yaml\n' +
    `${APISERVER_MARKER}\n` +
    '# The servers serve self-signed certificates and inject their CAs into their APIServices. To have cert-manager\n' +
    '# issue them and inject the CA instead (cert-manager must run in the cluster), uncomment:\n' +
    '#components:\n#- certmanager\n'
  );
}

/** The serving certificate's Secret, as cert-manager writes it. */
const servingSecret = (names: ApiServerNames) => `${names.server}-serving-cert`;

/** config/apiserver/certmanager/kustomization.yaml: a Component, as kubebuilder's config/certmanager for webhooks. */
function certManagerKustomization(): string {
  return (
    HEADER('cert-manager for the aggregated apiservers of the project') +
    '# A Component: enable it in config/apiserver/kustomization.yaml. Per server: an Issuer and a Certificate for its\n' +
    "# Service, the Secret mounted at --cert-dir (the server reloads it when renewed), and cert-manager's CA injector\n" +
    '# writing the CA into its APIServices (the cert-manager.io/inject-ca-from annotation).\n' +
    'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n' +
    `${APISERVER_CERTIFICATES_MARKER}\n` +
    'patches:\n' +
    `${APISERVER_CERTIFICATE_PATCHES_MARKER}\n`
  );
}

/** `certmanager/<short>.yaml`: a self-signed Issuer and the Certificate for the Service's names (kubebuilder's). */
function certManagerCertificate(g: ApiServerGroup, p: ApiServerProject, names: ApiServerNames): string {
  const ns = p.namespace;
  const labels = { 'app.kubernetes.io/name': names.server, 'app.kubernetes.io/component': 'apiserver', 'app.kubernetes.io/part-of': p.name };
  const issuer = `${names.server}-selfsigned-issuer`;
  const objects: Array<[string, Record<string, unknown>]> = [
    ['A self-signed issuer (use a CA or ACME issuer of yours instead)', { apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: { name: issuer, namespace: ns, labels }, spec: { selfSigned: {} } }],
    [
      `The serving certificate of the Service the APIServices of ${g.group} name`,
      {
        apiVersion: 'cert-manager.io/v1',
        kind: 'Certificate',
        metadata: { name: servingSecret(names), namespace: ns, labels },
        spec: {
          dnsNames: [`${names.server}.${ns}.svc`, `${names.server}.${ns}.svc.cluster.local`],
          issuerRef: { kind: 'Issuer', name: issuer },
          secretName: servingSecret(names),
        },
      },
    ],
  ];
  return HEADER(`cert-manager's certificate for the aggregated apiserver of ${g.group}`) + objects.map(([comment, o]) => `---\n# ${comment}\n${marshalYamlV2(o)}`).join('');
}

/** `certmanager/<short>-patch.yaml`: the Secret at --cert-dir, and the CA injector's annotation on each APIService. */
function certManagerPatch(g: ApiServerGroup, p: ApiServerProject, names: ApiServerNames): string {
  const ns = p.namespace;
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: names.server, namespace: ns },
    spec: {
      template: {
        spec: {
          containers: [{ name: 'apiserver', volumeMounts: [{ name: 'serving-cert', mountPath: CERT_DIR, readOnly: true }] }],
          volumes: [{ name: 'serving-cert', secret: { secretName: servingSecret(names) } }],
        },
      },
    },
  };
  const apiServices = [...g.versions].sort(compareVersionPriority).map((v) => ({
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: `${v}.${g.group}`, annotations: { 'cert-manager.io/inject-ca-from': `${ns}/${servingSecret(names)}` } },
  }));
  return (
    HEADER(`cert-manager for the aggregated apiserver of ${g.group}: patches`) +
    `---\n# The Secret at --cert-dir: the server serves it, and reloads it when cert-manager renews it\n${marshalYamlV2(deployment)}` +
    apiServices.map((o) => `---\n# cert-manager's CA injector writes the CA into the APIService (caBundleInjected=true)\n${marshalYamlV2(o)}`).join('')
  );
}

/** config/apiserver/namespace.yaml. */
function namespaceFile(p: ApiServerProject): ScaffoldFile {
  return { path: `${APISERVER_CONFIG_DIR}/namespace.yaml`, contents: HEADER('The namespace of the aggregated apiservers') + marshalYamlV2({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: p.namespace } }), policy: 'shared' };
}

/** `<short>.yaml`: ServiceAccount, delegation RBAC, Service and Deployment (the server and its etcd). */
function manifests(g: ApiServerGroup, p: ApiServerProject, names: ApiServerNames): string {
  const { server } = names;
  const ns = p.namespace;
  const labels = { 'app.kubernetes.io/name': server, 'app.kubernetes.io/component': 'apiserver', 'app.kubernetes.io/part-of': p.name };
  const subjects = [{ kind: 'ServiceAccount', name: server, namespace: ns }];
  const built = names.program.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
  const apiServices = [...g.versions].sort(compareVersionPriority).map((v) => `${v}.${g.group}`);
  const objects: Array<[string, Record<string, unknown>]> = [
    ['The identity the server asks the cluster with', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: server, namespace: ns, labels } }],
    [
      'Delegated authentication and authorization: TokenReviews and SubjectAccessReviews',
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: `${server}:system:auth-delegator`, labels },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:auth-delegator' },
        subjects,
      },
    ],
    [
      "The requestheader configuration (the front proxy's CA and headers) in kube-system/extension-apiserver-authentication",
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { name: `${server}-auth-reader`, namespace: 'kube-system', labels },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'extension-apiserver-authentication-reader' },
        subjects,
      },
    ],
    [
      'Self-managed CA injection: the server writes the CA of its self-signed certificate into its own APIServices, and nothing else',
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRole',
        metadata: { name: `${server}:apiservices`, labels },
        rules: [{ apiGroups: ['apiregistration.k8s.io'], resources: ['apiservices'], resourceNames: apiServices, verbs: ['get', 'patch'] }],
      },
    ],
    [
      'The server may inject its CA',
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: `${server}:apiservices`, labels },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `${server}:apiservices` },
        subjects,
      },
    ],
    [
      `What the APIServices of ${g.group} name; the aggregator dials the pods behind it`,
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: server, namespace: ns, labels },
        spec: { ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 'https' }], selector: { 'app.kubernetes.io/name': server } },
      },
    ],
    [
      'The server and, as sample-apiserver runs it, its etcd in the same pod (an emptyDir: the objects live as long as the pod;\n# for real use point --etcd-servers at an etcd cluster of its own and drop the sidecar)',
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: server, namespace: ns, labels },
        spec: {
          replicas: 1,
          selector: { matchLabels: { 'app.kubernetes.io/name': server } },
          template: {
            metadata: { labels },
            spec: {
              serviceAccountName: server,
              securityContext: { runAsNonRoot: true, runAsUser: 65532, seccompProfile: { type: 'RuntimeDefault' } },
              containers: [
                {
                  name: 'apiserver',
                  image: p.image,
                  command: ['node', built],
                  args: ['--etcd-servers=http://127.0.0.1:2379', `--secure-port=${APISERVER_PORT}`, `--cert-dir=${CERT_DIR}`],
                  ports: [{ name: 'https', containerPort: APISERVER_PORT, protocol: 'TCP' }],
                  livenessProbe: { httpGet: { path: '/livez', port: 'https', scheme: 'HTTPS' }, initialDelaySeconds: 5, periodSeconds: 10 },
                  readinessProbe: { httpGet: { path: '/readyz', port: 'https', scheme: 'HTTPS' }, periodSeconds: 5 },
                  resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '50m', memory: '64Mi' } },
                  securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true },
                },
                {
                  name: 'etcd',
                  image: ETCD_IMAGE,
                  command: ['/usr/local/bin/etcd', '--data-dir=/var/lib/etcd', '--listen-client-urls=http://127.0.0.1:2379', '--advertise-client-urls=http://127.0.0.1:2379'],
                  resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '50m', memory: '64Mi' } },
                  securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true },
                  volumeMounts: [{ name: 'etcd-data', mountPath: '/var/lib/etcd' }],
                },
              ],
              volumes: [{ name: 'etcd-data', emptyDir: {} }],
            },
          },
        },
      },
    ],
  ];
  return (
    HEADER(`The aggregated apiserver of ${g.group}`) +
    '# The server reads nothing of the cluster but the delegation below and its own APIServices (sample-apiserver\'s\n' +
    '# namespace and webhook-configuration reads serve admission plugins @kubegen/apiserver does not run). An admission\n' +
    '# plugin of yours that reads the cluster needs a ClusterRole here, bound to the ServiceAccount. A version added to\n' +
    `# ${g.group} later by kubegen create api is added to the resourceNames below.\n` +
    objects.map(([comment, o]) => `---\n# ${comment}\n${marshalYamlV2(o)}`).join('')
  );
}

/** The files of a group's server that name its versions, as they are on disk (`undefined`: absent). */
export interface ApiServerVersionFiles {
  program: string | undefined;
  manifests: string | undefined;
  certManagerPatch: string | undefined;
}

/** What {@link addApiServerVersion} changed (the files' new contents) and what it could not find (one line each). */
export interface ApiServerVersionEdit {
  program?: string;
  manifests?: string;
  certManagerPatch?: string;
  notes: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Registers `version`, new to the group, with the group's scaffolded server: the `+kubegen:apiservice` marker after the
 * program's last one (the same service, its priority by the versions' order), `<version>.<group>` appended to the
 * ClusterRole's `resourceNames` that name the group's APIServices (the server injects its CA into each one it serves),
 * and the CA injector's annotation on the new APIService in the cert-manager patches. Each file is changed only when it
 * lacks the version and its lines are where the scaffold wrote them; otherwise a note says what to add by hand.
 */
export function addApiServerVersion(group: string, version: string, files: ApiServerVersionFiles, names: Pick<ApiServerNames, 'program' | 'manifests'>): ApiServerVersionEdit {
  const out: ApiServerVersionEdit = { notes: [] };
  const apiService = `${version}.${group}`;
  const g = escapeRegExp(group);
  if (files.program !== undefined) {
    const lines = files.program.split('\n');
    const marker = new RegExp(`^(\\s*\\*\\s*)\\+kubegen:apiservice:group=${g},version=([^,]+),(.*)$`);
    const found = lines.map((l, i) => ({ i, m: marker.exec(l) })).filter((x): x is { i: number; m: RegExpExecArray } => x.m !== null);
    const last = found[found.length - 1];
    if (found.some((x) => x.m[2] === version)) {
      // registered already
    } else if (last === undefined) {
      out.notes.push(`${names.program} has no +kubegen:apiservice marker of ${group}: add one for ${version} (see docs/scaffold.md)`);
    } else {
      const versions = [...found.map((x) => x.m[2] ?? ''), version].sort(compareVersionPriority);
      const priority = Math.max(1, 100 - 10 * versions.indexOf(version));
      const rest = (last.m[3] ?? '').replace(/(^|,)versionPriority=\d+/, `$1versionPriority=${priority}`);
      lines.splice(last.i + 1, 0, `${last.m[1] ?? ' * '}+kubegen:apiservice:group=${group},version=${version},${rest}`);
      out.program = lines.join('\n');
    }
  }
  if (files.manifests !== undefined) {
    const lines = files.manifests.split('\n');
    const item = new RegExp(`^(\\s*)- [^\\s]+\\.${g}$`);
    // the resourceNames list that names the group's APIServices: its items, after the key
    let at = -1;
    let indent = '';
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*resourceNames:\s*$/.test(lines[i] ?? '')) continue;
      let j = i + 1;
      const items: string[] = [];
      for (; j < lines.length; j++) {
        const m = item.exec(lines[j] ?? '');
        if (m === null) break;
        indent = m[1] ?? '';
        items.push((lines[j] ?? '').trim());
      }
      if (items.length === 0) continue;
      if (items.includes(`- ${apiService}`)) {
        at = -2;
        break;
      }
      at = j;
      break;
    }
    if (at >= 0) {
      lines.splice(at, 0, `${indent}- ${apiService}`);
      out.manifests = lines.join('\n');
    } else if (at === -1) out.notes.push(`${names.manifests} has no resourceNames list of ${group}'s APIServices: add ${apiService} to the ClusterRole that lets the server inject its CA`);
  }
  const patch = files.certManagerPatch;
  if (patch !== undefined) {
    const named = (v: string) => new RegExp(`^\\s*name: ${escapeRegExp(v)}\\s*$`, 'm');
    const example = /^---\n(#[^\n]*\n)apiVersion: apiregistration\.k8s\.io\/v1\nkind: APIService\nmetadata:\n {2}annotations:\n {4}cert-manager\.io\/inject-ca-from: ([^\n]+)\n {2}name: [^\n]+\n?/m.exec(patch);
    if (!named(apiService).test(patch) && example !== null) {
      const doc = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: apiService, annotations: { 'cert-manager.io/inject-ca-from': (example[2] ?? '').trim() } } };
      out.certManagerPatch = `${patch.endsWith('\n') ? patch : `${patch}\n`}---\n${example[1] ?? ''}${marshalYamlV2(doc)}`;
    }
  }
  return out;
}
