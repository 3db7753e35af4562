/**
 * Ship an operator (issue 24), as a user does, in a fresh directory outside the repository from packed tarballs:
 * `kubegen init` → `create api --controller` (v1) → `create api` (v2 of the same kind) → `create webhook`
 * (defaulting, validation, conversion) → the user's own code (test/e2e/fixtures/ship-operator: API types, the one
 * conversion function of a renamed field, the reconcile body, the webhook's checks) → generate → build → the
 * scaffolded unit tests → on the run's control plane:
 *
 * - `npm run install-crds`; the whole `config/default` applied with `--dry-run=server` (every object accepted), and
 *   `kubegen kustomize config/default` equal, object for object, to the real `kustomize build` (built from its Go
 *   module, cached outside the repository); the same with `"certificates": "certManager"` once cert-manager's CRDs
 *   are installed from its published Go module;
 * - `npm run deploy` for real (no kubelet runs the Deployment: the operator runs on this machine instead, published
 *   as the webhook Service's EndpointSlice, so the webhook configurations and the CRD's conversion stay as deployed);
 * - the built operator (`node dist/main.js --self-managed-certs --leader-elect`) as the generated ServiceAccount (a
 *   TokenRequest token, no admin credentials): it makes its certificate Secret, injects the CA into both webhook
 *   configurations and the CRD, serves defaulting, validation and conversion from one port, and converges a sample;
 * - a second process of it waits as a follower and takes over when the leader stops;
 * - negative control: the ConfigMap RBAC marker dropped, regenerated and redeployed → the reconcile fails with the
 *   apiserver's forbidden message for the ServiceAccount.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { buildKubeconfig, endpointAddress, freePort, kubeconfigToYaml } from '../../runtime/src/testing';
import { ensureGoModuleSource, ensureGoTool } from '../../runtime/src/testing/gotools';
import { useE2e } from './support/namespace';
import { pack, sh } from './support/shell';

const REPO = path.resolve(__dirname, '../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const FIXTURE = path.join(__dirname, 'fixtures/ship-operator');
const GROUP = 'apps.example.dev';
const SYSTEM_NS = 'webapp-system';
const SA = 'webapp-controller-manager';
const WEBHOOK_SERVICE = 'webapp-webhook-service';

const e2e = useE2e(__filename);

/** An operator process: its output lines, and a way to wait for one. */
interface Operator {
  child: ChildProcess;
  lines: string[];
  waitFor(pattern: RegExp, what: string, timeoutMs?: number): Promise<string>;
  stop(): Promise<number | null>;
}

function startOperator(project: string, args: string[], env: NodeJS.ProcessEnv): Operator {
  const child = spawn(process.execPath, ['dist/main.js', ...args], { cwd: project, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let waiters: Array<() => void> = [];
  let exit: number | null | undefined;
  const onData = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== ''));
    for (const w of waiters) w();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    exit = code;
    for (const w of waiters) w();
    resolve(code);
  }));
  return {
    child,
    lines,
    waitFor(pattern, what, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => { done(); reject(new Error(`timed out waiting for ${what}; the operator said:\n${lines.slice(-40).join('\n')}`)); }, timeoutMs);
        const check = () => {
          const line = lines.find((l) => pattern.test(l));
          if (line !== undefined) {
            done();
            resolve(line);
          } else if (exit !== undefined) {
            done();
            reject(new Error(`the operator exited with ${exit} before ${what}:\n${lines.slice(-40).join('\n')}`));
          }
        };
        const done = () => {
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== check);
        };
        waiters.push(check);
        check();
      });
    },
    async stop() {
      if (exit === undefined) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Objects of a multi-document YAML text, keyed `Kind/namespace/name`, each with its content. */
function objectsOf(text: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const doc of parseAllDocuments(text)) {
    const o = doc.toJS() as { kind?: string; metadata?: { name?: string; namespace?: string } } | null;
    if (o === null) continue;
    out.set(`${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`, o);
  }
  return out;
}

describe('ship an operator: init → create api → create webhook → build → deploy → run as its ServiceAccount', () => {
  let tmp: string;
  let project: string;
  let adminEnv: NodeJS.ProcessEnv;
  let saKubeconfig: string;
  const operators: Operator[] = [];
  /** An EndpointSlice of the webhook Service: this machine at `port`, as the EndpointSlice controller writes for a ready pod. */
  const publish = async (name: string, port: number) => {
    const slice = await e2e.kube.post(`/apis/discovery.k8s.io/v1/namespaces/${SYSTEM_NS}/endpointslices`, {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name, labels: { 'kubernetes.io/service-name': WEBHOOK_SERVICE } },
      addressType: 'IPv4',
      endpoints: [{ addresses: [endpointAddress('the webhook server')], conditions: { ready: true } }],
      // the Service's port is named https: the apiserver takes the slice's port of that name
      ports: [{ name: 'https', port, protocol: 'TCP' }],
    });
    expect(slice.status).toBe(201);
  };
  const kubegen = (...args: string[]) => sh('npx', ['--no-install', 'kubegen', ...args], project, adminEnv);
  const npm = (...args: string[]) => sh('npm', args, project, adminEnv);

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-ship-'));
    await sh(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
    const kubegenTgz = await pack(REPO, tmp);
    const runtimeTgz = await pack(path.join(REPO, 'runtime'), tmp);
    const apiTgz = await pack(path.join(REPO, 'api'), tmp);
    project = path.join(tmp, 'webapp');
    fs.mkdirSync(project);
    const pj = { name: 'webapp', version: '0.1.0', private: true, dependencies: { '@kubegen/runtime': `file:${runtimeTgz}`, '@kubegen/api': `file:${apiTgz}` }, devDependencies: { kubegen: `file:${kubegenTgz}` } };
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify(pj, null, 2) + '\n');
    adminEnv = { ...process.env, KUBECONFIG: e2e.connection.kubeconfigPath };
    await npm('install', '--no-audit', '--no-fund', '--prefer-offline');
  }, 900_000);

  afterAll(async () => {
    await Promise.all(operators.map((o) => o.stop()));
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 120_000);

  it('scaffolds the project, two versions of WebApp with a controller, and its webhooks', async () => {
    await kubegen('init', '--group', GROUP, '--version', 'v1', '--kind', 'WebApp');
    await kubegen('create', 'api', '--group', GROUP, '--version', 'v1', '--kind', 'WebApp', '--controller');
    const v2 = await kubegen('create', 'api', '--group', GROUP, '--version', 'v2', '--kind', 'WebApp');
    expect(v2.stdout).toContain('The storage version stays v1');
    const hooks = await kubegen('create', 'webhook', '--group', GROUP, '--version', 'v1', '--kind', 'WebApp', '--defaulting', '--programmatic-validation', '--conversion');
    expect(hooks.stdout).toContain('/mutate-apps-example-dev-v1-webapp');
    for (const f of ['src/main.ts', 'src/controllers/webapp.ts', 'src/webhooks/webapp.ts', 'Dockerfile', '.dockerignore', `apis/${GROUP}/v2/webapp.ts`]) {
      expect(fs.existsSync(path.join(project, f))).toBe(true);
    }
    // re-running is a no-op that writes nothing, and refuses what it would overwrite
    const again = await sh('npx', ['--no-install', 'kubegen', 'create', 'webhook', '--group', GROUP, '--version', 'v1', '--kind', 'WebApp', '--defaulting'], project).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Error);
    expect(again instanceof Error ? again.message : again).toMatch(/exists/);
  }, 300_000);

  it("builds the user's code: generate, the strict build, the scaffolded tests", async () => {
    // what the user writes by hand: types, one conversion function, the reconcile body, the webhook's checks
    fs.cpSync(FIXTURE, project, { recursive: true, filter: (src) => path.basename(src) !== 'README.md' });
    await npm('install', '--no-audit', '--no-fund', '--prefer-offline');
    const generated = await kubegen('generate');
    expect(generated.stderr).not.toMatch(/KG5103/); // the renamed field has its conversion functions
    await npm('run', 'build');
    expect(fs.existsSync(path.join(project, 'dist/main.js'))).toBe(true);
    const tests = await npm('test', '--', '--ci=false');
    expect(tests.stderr).toMatch(/Tests:\s+\d+ passed, \d+ total/);
    const help = await sh(process.execPath, ['dist/main.js', '--help'], project);
    expect(help.stdout).toContain('--self-managed-certs');
  }, 900_000);

  it('installs the CRDs; config/default renders as the real kustomize renders it, and the server accepts all of it', async () => {
    const installed = await npm('run', 'install-crds');
    expect(installed.stdout).toContain(`customresourcedefinition.apiextensions.k8s.io/webapps.${GROUP}`);
    const rendered = await kubegen('kustomize', 'config/default');
    const kustomize = await ensureGoTool({ module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.8.1', binary: 'kustomize' });
    const real = await sh(kustomize, ['build', 'config/default'], project);
    const ours = objectsOf(rendered.stdout);
    expect(ours.size).toBeGreaterThan(15);
    expect(ours).toEqual(objectsOf(real.stdout));
    // the namespace first (a server-side dry run creates nothing for the objects in it), then everything
    const ns = await e2e.kube.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: SYSTEM_NS } });
    expect([201, 409]).toContain(ns.status);
    const dry = await kubegen('apply', '-k', 'config/default', '--dry-run=server');
    expect(dry.stdout.split('\n').filter((l) => l.endsWith(' (server dry run)'))).toHaveLength(ours.size);
    expect(dry.stdout).toMatch(/deployment\.apps\/webapp-controller-manager .*\(server dry run\)/);

    // cert-manager instead of self-managed certificates, checked the same way once cert-manager's CRDs are installed
    // from its published Go module (the CRDs it generates with controller-gen and ships in deploy/crds)
    const certManager = await ensureGoModuleSource({ module: 'github.com/cert-manager/cert-manager', version: 'v1.21.2' });
    await kubegen('apply', '-f', path.join(certManager, 'deploy/crds/cert-manager.io_issuers.yaml'), '-f', path.join(certManager, 'deploy/crds/cert-manager.io_certificates.yaml'));
    const configFile = path.join(project, 'kubegen.config.json');
    const config = fs.readFileSync(configFile, 'utf8');
    const withCertManager = JSON.parse(config) as { deploy: Record<string, unknown> };
    withCertManager.deploy.certificates = 'certManager';
    fs.writeFileSync(configFile, JSON.stringify(withCertManager, null, 2) + '\n');
    try {
      await kubegen('generate');
      const cm = objectsOf((await kubegen('kustomize', 'config/default')).stdout);
      const deployment = cm.get(`Deployment/${SYSTEM_NS}/webapp-controller-manager`) as { spec: { template: { spec: { containers: Array<{ args: string[] }> } } } };
      expect(deployment.spec.template.spec.containers[0]!.args).not.toContain('--self-managed-certs');
      expect([...cm.keys()].filter((k) => /^(Issuer|Certificate)\//.test(k))).toHaveLength(2);
      const dryCm = await kubegen('apply', '-k', 'config/default', '--dry-run=server');
      expect(dryCm.stdout.split('\n').filter((l) => l.endsWith(' (server dry run)'))).toHaveLength(cm.size);
      expect(dryCm.stdout).toMatch(/^certificate\.cert-manager\.io\/\S+ .*\(server dry run\)$/m);
      expect(dryCm.stdout).toMatch(/^issuer\.cert-manager\.io\/\S+ .*\(server dry run\)$/m);
    } finally {
      fs.writeFileSync(configFile, config);
      await kubegen('generate');
    }
  }, 1_800_000);

  it('runs as its ServiceAccount: certificates made and injected, admission and conversion served, a sample converged', async () => {
    // publish the operator that runs here as the webhook Service's endpoint (what the EndpointSlice controller writes
    // for a ready pod), then deploy: apply waits for that endpoint before the objects the webhooks intercept
    const webhookPort = await freePort('0.0.0.0');
    await publish(`${WEBHOOK_SERVICE}-local`, webhookPort);
    const deployed = await npm('run', 'deploy');
    expect(deployed.stdout).toMatch(/validatingwebhookconfiguration\.admissionregistration\.k8s\.io\/webapp-validating-webhook-configuration (created|serverside-applied)/);

    // a token of the generated ServiceAccount: the operator has exactly the RBAC kubegen generated for it
    const tr = await e2e.kube.post<{ status: { token: string } }>(`/api/v1/namespaces/${SYSTEM_NS}/serviceaccounts/${SA}/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 } });
    expect(tr.status).toBe(201);
    saKubeconfig = path.join(tmp, 'sa.kubeconfig');
    fs.writeFileSync(saKubeconfig, kubeconfigToYaml(buildKubeconfig({ server: e2e.connection.url, ca: e2e.connection.ca, token: tr.body.status.token })), { mode: 0o600 });

    const leader = startOperator(project, ['--kubeconfig', saKubeconfig, '--self-managed-certs', '--leader-elect', '--webhook-port', String(webhookPort), '--health-probe-bind-address', `127.0.0.1:${await freePort('0.0.0.0')}`, '--log-format', 'text'], { POD_NAMESPACE: SYSTEM_NS });
    operators.push(leader);
    await leader.waitFor(/successfully acquired lease/, 'the leader lease');
    for (const kind of ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration', 'CustomResourceDefinition']) {
      await leader.waitFor(new RegExp(`injected the webhook CA bundle.*"kind":"${kind}"`), `the CA injected into the ${kind}`);
    }
    const secret = await e2e.kube.get<{ type: string; data: Record<string, string> }>(`/api/v1/namespaces/${SYSTEM_NS}/secrets/webapp-webhook-server-cert`);
    expect(secret.body.type).toBe('kubernetes.io/tls');
    const ca = secret.body.data['ca.crt'];
    const vwc = await e2e.kube.get<{ webhooks: Array<{ clientConfig: { caBundle?: string; service?: { name: string } } }> }>('/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/webapp-validating-webhook-configuration');
    expect(vwc.body.webhooks.map((w) => [w.clientConfig.service?.name, w.clientConfig.caBundle])).toEqual([[WEBHOOK_SERVICE, ca]]);

    // the apiserver calls the webhooks through the Service: defaulting sets the port, validation refuses 11 replicas
    const webapps = `/apis/${GROUP}/v1/namespaces/${e2e.namespace}/webapps`;
    const refused = await e2e.kube.post<{ message: string }>(webapps, { apiVersion: `${GROUP}/v1`, kind: 'WebApp', metadata: { name: 'too-big' }, spec: { image: 'nginx:1.27', replicas: 11 } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('admission webhook "vwebapp-v1.kb.io" denied the request: spec.replicas: 11 is more than 10');
    const created = await e2e.kube.post<{ spec: { port: number } }>(webapps, { apiVersion: `${GROUP}/v1`, kind: 'WebApp', metadata: { name: 'shop' }, spec: { image: 'nginx:1.27' } });
    expect(created.status).toBe(201);
    expect(created.body.spec.port).toBe(8080);
    // read as v2: the conversion webhook renames the field through the user's function
    const asV2 = await e2e.kube.get<{ apiVersion: string; spec: Record<string, unknown> }>(`/apis/${GROUP}/v2/namespaces/${e2e.namespace}/webapps/shop`);
    expect(asV2.body).toMatchObject({ apiVersion: `${GROUP}/v2`, spec: { image: 'nginx:1.27', replicas: 1, containerPort: 8080 } });
    expect(asV2.body.spec).not.toHaveProperty('port');

    // the controller converges: a ConfigMap owned by the WebApp, a Ready condition for its generation
    const cm = await e2e.kube.eventually('the ConfigMap of the WebApp', async () => {
      const r = await e2e.kube.get<{ data: Record<string, string>; metadata: { ownerReferences?: Array<{ kind: string; name: string; controller?: boolean }> } }>(`/api/v1/namespaces/${e2e.namespace}/configmaps/shop-config`);
      return r.status === 200 ? r.body : undefined;
    }, 60_000);
    expect(cm.data).toEqual({ image: 'nginx:1.27', replicas: '1', port: '8080' });
    expect(cm.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'WebApp', name: 'shop', controller: true })]);
    const ready = await e2e.kube.eventually('the Ready condition', async () => {
      const r = await e2e.kube.get<{ status?: { observedGeneration?: number; conditions?: Array<{ type: string; status: string }> } }>(`${webapps}/shop`);
      return r.body.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'True') ? r.body.status : undefined;
    }, 60_000);
    expect(ready.observedGeneration).toBe(1);
    expect(leader.lines.filter((l) => /forbidden/i.test(l))).toEqual([]);
  }, 600_000);

  it('elects one leader among two processes; the follower takes over when the leader stops', async () => {
    const [leader] = operators;
    const followerPort = await freePort('0.0.0.0');
    const follower = startOperator(project, ['--kubeconfig', saKubeconfig, '--self-managed-certs', '--leader-elect', '--webhook-port', String(followerPort), '--health-probe-bind-address', '0', '--log-format', 'text'], { POD_NAMESPACE: SYSTEM_NS });
    operators.push(follower);
    await follower.waitFor(/attempting to acquire leader lease/, 'the follower trying the lease');
    // the follower serves webhooks (every replica does, with the certificate of the same Secret) but runs no
    // controller while the leader holds the lease; as a second pod, it is a second endpoint of the webhook Service
    await follower.waitFor(/Starting webhook server/, "the follower's webhook server");
    await publish(`${WEBHOOK_SERVICE}-follower`, followerPort);
    await new Promise((r) => setTimeout(r, 3000));
    expect(follower.lines.filter((l) => /successfully acquired lease|Starting Controller/.test(l))).toEqual([]);
    expect(await leader!.stop()).toBe(0);
    // what the EndpointSlice controller does when a pod goes away
    expect((await e2e.kube.delete(`/apis/discovery.k8s.io/v1/namespaces/${SYSTEM_NS}/endpointslices/${WEBHOOK_SERVICE}-local`)).status).toBe(200);
    await follower.waitFor(/successfully acquired lease/, 'the follower taking over the lease', 120_000);
    await follower.waitFor(/Starting workers/, "the new leader's controller");
  }, 300_000);

  it('negative control: without its ConfigMap RBAC marker, the reconcile is forbidden by the apiserver', async () => {
    const controller = path.join(project, 'src/controllers/webapp.ts');
    const text = fs.readFileSync(controller, 'utf8');
    const marker = '// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;update;patch;delete\n';
    expect(text).toContain(marker);
    fs.writeFileSync(controller, text.replace(marker, ''));
    await kubegen('generate');
    const role = fs.readFileSync(path.join(project, 'config/rbac/role.yaml'), 'utf8');
    expect(role).not.toContain('configmaps');
    await npm('run', 'deploy');
    const follower = operators[1]!;
    const created = await e2e.kube.post(`/apis/${GROUP}/v1/namespaces/${e2e.namespace}/webapps`, { apiVersion: `${GROUP}/v1`, kind: 'WebApp', metadata: { name: 'denied' }, spec: { image: 'nginx:1.27' } });
    expect(created.status).toBe(201);
    const line = await follower.waitFor(/configmaps \\"denied-config\\" is forbidden/, 'the forbidden reconcile', 120_000);
    expect(line).toContain(`configmaps \\"denied-config\\" is forbidden: User \\"system:serviceaccount:${SYSTEM_NS}:${SA}\\" cannot get resource \\"configmaps\\" in API group \\"\\" in the namespace \\"${e2e.namespace}\\"`);
  }, 600_000);

  it('undeploys and uninstalls with the same apply', async () => {
    await Promise.all(operators.map((o) => o.stop()));
    // no namespace controller runs here to finalize the namespace: do not wait for it
    const undeployed = await npm('run', 'undeploy', '--', '--wait=false');
    expect(undeployed.stdout).toMatch(/deployment\.apps\/webapp-controller-manager deleted/);
    expect(undeployed.stdout).toMatch(/namespace\/webapp-system deleted/);
    expect(undeployed.stdout).toContain(`customresourcedefinition.apiextensions.k8s.io/webapps.${GROUP} deleted`);
    // uninstalling what is gone already is no error
    await npm('run', 'uninstall-crds');
    await e2e.kube.eventually('the CRD to be gone', async () => ((await e2e.kube.get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/webapps.${GROUP}`)).status === 404 ? true : undefined), 120_000);
  }, 300_000);
});
