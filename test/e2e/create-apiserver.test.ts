/**
 * `kubegen create apiserver` end to end, cheaply (issue 29): in a temporary project whose node_modules is the
 * repository's (no install), `kubegen init` with a kind → `create apiserver` → `generate` → the project's own strict
 * build (and an ES-module project's, whose program finds its CRDs through import.meta.url); then on the run's shared
 * control plane (started with aggregation):
 *
 * - config/apiserver — Namespace, ServiceAccount, delegation RBAC, Service, Deployment with its etcd sidecar and the
 *   generated APIService — is accepted object for object by a server-side dry run, then applied for real (no kubelet
 *   runs the Deployment);
 * - the built server runs here as that ServiceAccount (a TokenRequest token: exactly the RBAC the scaffold wrote)
 *   against an etcd of its own, published as the Service's EndpointSlice on this machine's address (the aggregator
 *   refuses loopback, see aggregated-apiserver.test.ts);
 * - the APIService becomes Available, and a create and a get of the scaffolded kind go through kube-apiserver;
 * - the server stops on SIGTERM with status 0, and the documented verified path follows: a serving certificate for
 *   `<service>.<namespace>.svc` in `--cert-dir`, the markers changed to `caBundleFile=` its CA, regenerated and
 *   applied (caBundle in, insecureSkipTLSVerify out); the server's self-signed certificate is now refused (503), and
 *   restarted with the certificate on the same etcd, the Widget is read through the aggregator again.
 *
 * The APIService goes first in the cleanup: an unavailable APIService breaks discovery for every later test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { main } from '../../generator/cli';
import { buildKubeconfig, endpointAddress, freePort, kubeconfigToYaml, makeServingCertificates } from '../../runtime/src/testing';
import { startTestEtcd, type TestEtcd } from '../unit/helpers/etcd';
import { Kube } from './support/kube';
import { useE2e } from './support/namespace';
import { sh } from './support/shell';

jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const SUFFIX = randomBytes(3).toString('hex');
const PROJECT = `apisrv-${SUFFIX}`;
const GROUP = 'widgets.e2e.kubegen.dev';
const NAMESPACE = `${PROJECT}-system`;
const SERVER = `${PROJECT}-widgets-apiserver`;
const APISERVICE = `v1.${GROUP}`;

const e2e = useE2e(__filename);

let tmp = '';
let project = '';
let etcd: TestEtcd | undefined;
let child: ChildProcess | undefined;
let exited: Promise<number | null> = Promise.resolve(null);
let logs = '';
let address = '';
let port = 0;
let serverArgs: string[] = [];

/** Starts the built server with `serverArgs` (and `extra`); resolves once it logs that it serves. */
async function startServer(...extra: string[]): Promise<void> {
  logs = '';
  const proc = spawn(process.execPath, [`dist/apiserver/${GROUP}.js`, ...serverArgs, ...extra], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  exited = new Promise((resolve) => proc.once('exit', (code) => { resolve(code); }));
  proc.stdout.on('data', (b: Buffer) => (logs += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (logs += b.toString()));
  await e2e.kube.eventually('the server to serve', () => Promise.resolve(/"msg":"serving"/.test(logs) ? true : proc.exitCode !== null ? Promise.reject(new Error(`the server exited ${proc.exitCode}:\n${logs}`)) : undefined), 60_000);
}

/** The CLI in this process, in the project; throws with its stderr when it fails. */
async function kubegen(...argv: string[]): Promise<string> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, project);
  if (code !== 0) throw new Error(`kubegen ${argv.join(' ')}: exit ${code}\n${err}${out}`);
  return out;
}

beforeAll(async () => {
  // the project's node_modules is the repository's: @kubegen/runtime and @kubegen/apiserver as built here
  await sh(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-create-apiserver-'));
  project = path.join(tmp, PROJECT);
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: PROJECT, version: '0.1.0', private: true }, null, 2) + '\n');
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'), 'dir');
}, 300_000);

afterAll(async () => {
  // a client of its own: useE2e's afterAll runs first and closes e2e.kube
  const kube = new Kube(e2e.connection);
  try {
    await kube.delete(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`);
    await kube.delete(`/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/${SERVER}:system:auth-delegator`);
    await kube.delete(`/apis/rbac.authorization.k8s.io/v1/namespaces/kube-system/rolebindings/${SERVER}-auth-reader`);
    // no namespace controller runs: the namespace stays Terminating, its objects go with the control plane
    await kube.delete(`/api/v1/namespaces/${NAMESPACE}`);
  } finally {
    await kube.close();
    child?.kill('SIGTERM');
    await exited;
    await etcd?.stop();
    if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
  }
}, 60_000);

it('scaffolds, generates and builds the server of a group with the project\'s own strict build', async () => {
  await kubegen('init', '--group', GROUP, '--version', 'v1', '--kind', 'Widget');
  const created = await kubegen('create', 'apiserver', '--group', GROUP);
  expect(created).toMatch(/^created +src\/apiserver\/widgets\.e2e\.kubegen\.dev\.ts$/m);
  await kubegen('generate');
  await sh(process.execPath, [TSC, '-p', 'tsconfig.build.json'], project);
  const help = await sh(process.execPath, [`dist/apiserver/${GROUP}.js`, '--help'], project);
  expect(help.stdout).toContain('--etcd-servers URLS');
  const bad = await sh(process.execPath, [`dist/apiserver/${GROUP}.js`, '--secure-port', 'x'], project).catch((err: unknown) => err);
  expect(bad instanceof Error ? bad.message : bad).toContain(`${SERVER}: --etcd-servers: give the etcd client URLs`);
}, 300_000);

it('an ES-module project builds and loads the same program: its CRDs found beside the build, a bad kubeconfig one line', async () => {
  const esm = path.join(tmp, `${PROJECT}-esm`);
  fs.mkdirSync(esm);
  fs.writeFileSync(path.join(esm, 'package.json'), JSON.stringify({ name: `${PROJECT}-esm`, version: '0.1.0', private: true, type: 'module' }, null, 2) + '\n');
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(esm, 'node_modules'), 'dir');
  for (const argv of [['init', '--group', GROUP, '--version', 'v1', '--kind', 'Widget'], ['create', 'apiserver', '--group', GROUP], ['generate']]) {
    let err = '';
    expect({ argv, code: await main(argv, { out: () => undefined, err: (t) => (err += t) }, esm), err }).toEqual({ argv, code: 0, err: '' });
  }
  await sh(process.execPath, [TSC, '-p', 'tsconfig.build.json'], esm);
  const run = await sh(process.execPath, [`dist/apiserver/${GROUP}.js`, '--etcd-servers', 'http://127.0.0.1:1', '--kubeconfig', path.join(esm, 'no-such-kubeconfig')], esm).catch((err: unknown) => err);
  const message = run instanceof Error ? run.message : '';
  // past the CRDs (found through import.meta.url), stopped by the kubeconfig: one line, no stack
  expect(message).toContain(`${PROJECT}-esm-widgets-apiserver: `);
  expect(message).toContain('no-such-kubeconfig');
  expect(message).not.toMatch(/--crds|\n\s+at /);
}, 300_000);

it('config/apiserver passes a server-side dry run, object for object, and applies', async () => {
  const rendered = await kubegen('apply', '-k', 'config/apiserver', '--dry-run=client');
  const objects = parseAllDocuments(rendered).map((d) => d.toJS() as { kind: string; metadata: { name: string } } | null).filter((o) => o !== null);
  expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(
    [`APIService/${APISERVICE}`, `ClusterRoleBinding/${SERVER}:system:auth-delegator`, `Deployment/${SERVER}`, `Namespace/${NAMESPACE}`, `RoleBinding/${SERVER}-auth-reader`, `Service/${SERVER}`, `ServiceAccount/${SERVER}`].sort(),
  );
  // the namespace first (a server-side dry run creates nothing for the objects in it), then everything
  expect((await e2e.kube.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } })).status).toBe(201);
  const kubeconfig = ['--kubeconfig', e2e.connection.kubeconfigPath];
  const dry = await kubegen('apply', '-k', 'config/apiserver', '--dry-run=server', ...kubeconfig);
  expect(dry.split('\n').filter((l) => l.endsWith(' (server dry run)'))).toHaveLength(objects.length);
  expect(dry).toMatch(/^deployment\.apps\/\S+ .*\(server dry run\)$/m);
  // for real, the APIService aside (it goes in once the server runs: an unavailable one breaks discovery meanwhile)
  for (const f of fs.readdirSync(path.join(project, 'config/apiserver')).filter((n) => n.endsWith('.yaml') && n !== 'kustomization.yaml' && n !== 'apiservice.yaml')) {
    await kubegen('apply', '-f', `config/apiserver/${f}`, ...kubeconfig);
  }
  const deployment = await e2e.kube.get<{ spec: { template: { spec: { serviceAccountName: string; containers: Array<{ name: string; args?: string[] }> } } } }>(`/apis/apps/v1/namespaces/${NAMESPACE}/deployments/${SERVER}`);
  expect(deployment.status).toBe(200);
  expect(deployment.body.spec.template.spec.serviceAccountName).toBe(SERVER);
  expect(deployment.body.spec.template.spec.containers.map((c) => c.name)).toEqual(['apiserver', 'etcd']);
}, 120_000);

it('runs as its ServiceAccount behind the aggregator: the APIService is Available, a create and a get go through kube-apiserver', async () => {
  const kube = e2e.kube;
  const tr = await kube.post<{ status: { token: string } }>(`/api/v1/namespaces/${NAMESPACE}/serviceaccounts/${SERVER}/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 } });
  expect(tr.status).toBe(201);
  const saKubeconfig = path.join(tmp, 'sa.kubeconfig');
  fs.writeFileSync(saKubeconfig, kubeconfigToYaml(buildKubeconfig({ server: e2e.connection.url, ca: e2e.connection.ca, token: tr.body.status.token })), { mode: 0o600 });
  etcd = await startTestEtcd();
  address = endpointAddress('the scaffolded apiserver');
  port = await freePort(address);
  serverArgs = ['--etcd-servers', etcd.endpoint, '--secure-port', String(port), '--bind-address', address, '--kubeconfig', saKubeconfig];
  await startServer();

  // what the EndpointSlice controller writes for a ready pod of the Service: this machine, the server's port
  const slice = await kube.post(`/apis/discovery.k8s.io/v1/namespaces/${NAMESPACE}/endpointslices`, {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${SERVER}-local`, labels: { 'kubernetes.io/service-name': SERVER } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [address], conditions: { ready: true } }],
    ports: [{ name: 'https', port, protocol: 'TCP' }],
  });
  expect(slice.status).toBe(201);
  await kubegen('apply', '-f', 'config/apiserver/apiservice.yaml', '--kubeconfig', e2e.connection.kubeconfigPath);
  let last = 'no Available condition yet';
  await kube
    .eventually(
      `APIService ${APISERVICE} Available`,
      async () => {
        const r = await kube.get<{ status?: { conditions?: Array<{ type: string; status: string; reason?: string; message?: string }> } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`);
        const available = r.body.status?.conditions?.find((c) => c.type === 'Available');
        if (available) last = `${available.status} ${available.reason ?? ''}: ${available.message ?? ''}`;
        return available?.status === 'True' ? available : undefined;
      },
      30_000,
    )
    .catch((err: unknown) => {
      throw new Error(`${err instanceof Error ? err.message : 'waiting failed'}; last condition: ${last}; the server said:\n${logs}`);
    });
  // Available is the availability controller's word; the proxy's handler learns it a moment later (a 503 before)
  await kube.eventually('discovery through the aggregator', async () => ((await kube.get(`/apis/${GROUP}/v1`)).status === 200 ? true : undefined), 20_000);

  const widgets = `/apis/${GROUP}/v1/namespaces/${e2e.namespace}/widgets`;
  const created = await kube.post<{ metadata: { uid: string; resourceVersion: string } }>(widgets, { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'first' }, spec: { image: 'nginx:1.27' } });
  expect(created.status).toBe(201);
  const got = await kube.get<{ metadata: { uid: string; name: string }; spec: Record<string, unknown> }>(`${widgets}/first`);
  expect(got.status).toBe(200);
  expect(got.body.metadata).toMatchObject({ name: 'first', uid: created.body.metadata.uid });
  // the scaffolded kind's default (+kubebuilder:default=1 on replicas), applied by the generated defaulting
  expect(got.body.spec).toEqual({ image: 'nginx:1.27', replicas: 1 });
  expect(logs).not.toMatch(/forbidden/i);
}, 120_000);

it('with a certificate of its own and the APIService verifying it (caBundleFile): restarted, nothing lost', async () => {
  const kube = e2e.kube;
  child?.kill('SIGTERM');
  expect(await exited).toBe(0);
  // the documented path: a CA and a serving certificate for the Service's name in --cert-dir, the markers naming the CA
  const certs = makeServingCertificates({ hosts: [`${SERVER}.${NAMESPACE}.svc`, address] });
  const dir = path.join(project, 'certs');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'tls.crt'), certs.cert);
  fs.writeFileSync(path.join(dir, 'tls.key'), certs.key);
  fs.writeFileSync(path.join(dir, 'ca.crt'), certs.caCert);
  const program = path.join(project, `src/apiserver/${GROUP}.ts`);
  fs.writeFileSync(program, fs.readFileSync(program, 'utf8').replace('insecureSkipTLSVerify=true', 'caBundleFile=../../certs/ca.crt'));
  await kubegen('generate');
  await kubegen('apply', '-f', 'config/apiserver/apiservice.yaml', '--kubeconfig', e2e.connection.kubeconfigPath);
  const registered = await kube.get<{ spec: { caBundle?: string; insecureSkipTLSVerify?: boolean } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`);
  expect(registered.body.spec).toMatchObject({ caBundle: Buffer.from(certs.caCert).toString('base64') });
  expect(registered.body.spec.insecureSkipTLSVerify).toBeUndefined();

  // negative control: the server's self-signed certificate is refused by the aggregator that verifies with the CA
  const widget = `/apis/${GROUP}/v1/namespaces/${e2e.namespace}/widgets/first`;
  await startServer();
  const refused = await kube.eventually('the aggregator to refuse the self-signed certificate', async () => {
    const r = await kube.get<{ status?: { conditions?: Array<{ type: string; status: string; message?: string }> } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`);
    const available = r.body.status?.conditions?.find((c) => c.type === 'Available');
    // (the message of the moment the server was down, connection refused, comes first)
    return available?.status === 'False' && /x509/.test(available.message ?? '') ? available.message : undefined;
  }, 60_000);
  expect(refused).toMatch(/x509: certificate signed by unknown authority/);
  expect((await kube.get(widget)).status).toBe(503);
  child?.kill('SIGTERM');
  expect(await exited).toBe(0);

  await startServer('--cert-dir', dir);
  expect(logs).not.toContain('self-signed');
  // the aggregator verifies the server's certificate for <service>.<namespace>.svc with the CA now
  const got = await kube.eventually('the Widget through the aggregator', async () => {
    const r = await kube.get<{ metadata: { name: string } }>(widget);
    return r.status === 200 ? r.body : undefined;
  }, 30_000);
  expect(got.metadata.name).toBe('first');
}, 120_000);
