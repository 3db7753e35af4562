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
 * - verified TLS by default: the APIService is written without a bundle (`caBundleInjected=true`), the server serves a
 *   self-signed certificate and writes its CA into the APIService (the scaffold's RBAC: get and patch on that name);
 *   the bundle verifies the certificate it serves for `<service>.<namespace>.svc`, and the APIService becomes
 *   Available — the aggregator verifying it — and a create and a get of the scaffolded kind go through kube-apiserver;
 * - the server stops on SIGTERM with status 0, and a certificate of its own follows: a serving certificate for
 *   `<service>.<namespace>.svc` in `--cert-dir`, the markers changed to `caBundleFile=` its CA, regenerated and
 *   applied; restarted with the certificate on the same etcd, the Widget is read through the aggregator again; the
 *   files replaced by a renewed certificate, the new one is served without a restart and the aggregator still
 *   verifies it.
 *
 * The APIService goes first in the cleanup: an unavailable APIService breaks discovery for every later test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
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
const SUFFIX = crypto.randomBytes(3).toString('hex');
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
    await kube.delete(`/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/${SERVER}:apiservices`);
    await kube.delete(`/apis/rbac.authorization.k8s.io/v1/clusterroles/${SERVER}:apiservices`);
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
    [`APIService/${APISERVICE}`, `ClusterRole/${SERVER}:apiservices`, `ClusterRoleBinding/${SERVER}:apiservices`, `ClusterRoleBinding/${SERVER}:system:auth-delegator`, `Deployment/${SERVER}`, `Namespace/${NAMESPACE}`, `RoleBinding/${SERVER}-auth-reader`, `Service/${SERVER}`, `ServiceAccount/${SERVER}`].sort(),
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

/** The serial of the certificate the server serves to a new connection, verified with `ca` for the Service's name. */
function servedSerial(ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: address, port, servername: `${SERVER}.${NAMESPACE}.svc`, ca }, () => {
      const cert = socket.getPeerX509Certificate();
      socket.end();
      if (cert) resolve(cert.serialNumber);
      else reject(new Error('no peer certificate'));
    });
    socket.once('error', reject);
  });
}

it('runs as its ServiceAccount behind the aggregator, verified by the CA it injected: Available, a create and a get go through kube-apiserver', async () => {
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
  // the server writes its CA in (retrying from 1 s while the APIService did not exist yet)
  const injected = await kube.eventually('the server to inject its CA', async () => {
    const r = await kube.get<{ spec: { caBundle?: string; insecureSkipTLSVerify?: boolean } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`);
    return r.body.spec.caBundle === undefined ? undefined : r.body.spec;
  }, 30_000);
  expect(injected.insecureSkipTLSVerify).toBeUndefined();
  const managers = (await kube.get<{ metadata: { managedFields?: Array<{ manager: string; fieldsV1?: unknown }> } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`)).body.metadata.managedFields ?? [];
  expect(managers.filter((m) => JSON.stringify(m.fieldsV1).includes('f:caBundle')).map((m) => m.manager)).toEqual(['kubegen-apiserver-ca-injector']);
  // the bundle verifies what the server serves for its Service's name (a wrong CA would fail the handshake)
  expect(await servedSerial(Buffer.from(injected.caBundle ?? '', 'base64').toString('utf8'))).toMatch(/^[0-9A-F]+$/);
  expect(logs).toContain('injected the serving CA into the APIService');
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

it('with a certificate of its own (caBundleFile): restarted, nothing lost; a renewed certificate is served without a restart', async () => {
  const kube = e2e.kube;
  child?.kill('SIGTERM');
  expect(await exited).toBe(0);
  // a CA and a serving certificate for the Service's name in --cert-dir, the markers naming the CA
  const certs = makeServingCertificates({ hosts: [`${SERVER}.${NAMESPACE}.svc`, address] });
  const dir = path.join(project, 'certs');
  fs.mkdirSync(dir);
  /** Writes the pair as a mounted Secret changes: each file replaced whole (a rename), the key first. */
  const writePair = (pair: { cert: string; key: string }) => {
    for (const [file, text] of [['tls.key', pair.key], ['tls.crt', pair.cert]] as const) {
      fs.writeFileSync(path.join(dir, `${file}.new`), text);
      fs.renameSync(path.join(dir, `${file}.new`), path.join(dir, file));
    }
  };
  writePair(certs);
  fs.writeFileSync(path.join(dir, 'ca.crt'), certs.caCert);
  const program = path.join(project, `src/apiserver/${GROUP}.ts`);
  fs.writeFileSync(program, fs.readFileSync(program, 'utf8').replaceAll(',caBundleInjected=true', ',caBundleFile=../../certs/ca.crt'));
  await kubegen('generate');
  // the injected bundle is the server's field (manager kubegen-apiserver-ca-injector): a bundle of ours takes it over
  await kubegen('apply', '-f', 'config/apiserver/apiservice.yaml', '--force-conflicts', '--kubeconfig', e2e.connection.kubeconfigPath);
  const registered = await kube.get<{ spec: { caBundle?: string; insecureSkipTLSVerify?: boolean } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`);
  expect(registered.body.spec).toMatchObject({ caBundle: Buffer.from(certs.caCert).toString('base64') });
  expect(registered.body.spec.insecureSkipTLSVerify).toBeUndefined();

  const widget = `/apis/${GROUP}/v1/namespaces/${e2e.namespace}/widgets/first`;
  await startServer('--cert-dir', dir);
  expect(logs).not.toContain('self-signed');
  // the aggregator verifies the server's certificate for <service>.<namespace>.svc with the CA now
  const got = await kube.eventually('the Widget through the aggregator', async () => {
    const r = await kube.get<{ metadata: { name: string } }>(widget);
    return r.status === 200 ? r.body : undefined;
  }, 30_000);
  expect(got.metadata.name).toBe('first');
  // the server injects nothing with a certificate of its own: the bundle is the file's
  expect((await kube.get<{ spec: { caBundle?: string } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${APISERVICE}`)).body.spec.caBundle).toBe(Buffer.from(certs.caCert).toString('base64'));
  expect(await servedSerial(certs.caCert)).toBe(new crypto.X509Certificate(certs.cert).serialNumber);

  // renewal: a new certificate of the same CA replaces the files; it is served to new connections, no restart
  const renewed = makeServingCertificates({ hosts: [`${SERVER}.${NAMESPACE}.svc`, address], ca: { cert: certs.caCert, key: certs.caKey } });
  const renewedSerial = new crypto.X509Certificate(renewed.cert).serialNumber;
  writePair(renewed);
  // (the directory's change is seen at once; the minute's poll is the fallback)
  await kube.eventually('the renewed certificate to be served', async () => ((await servedSerial(certs.caCert)) === renewedSerial ? true : undefined), 75_000);
  expect(logs).toContain('loaded a new serving certificate');
  expect(child?.exitCode).toBeNull();
  // the aggregator's new connections verify the renewed certificate with the same CA
  expect((await kube.get(`/apis/${GROUP}/v1/namespaces/${e2e.namespace}/widgets`)).status).toBe(200);
}, 180_000);
