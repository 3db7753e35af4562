/**
 * `kubegen run` on the real apiserver (issue 24, item 3): a tiny project in a temporary directory — the deploy tree's
 * `config/webhook` as `kubegen generate` writes it (a ValidatingWebhookConfiguration for ConfigMaps and a
 * MutatingWebhookConfiguration, both naming the webhook Service) and a built operator `dist/main.js` on this
 * repository's runtime (a Manager whose webhook server validates ConfigMaps). `kubegen run` makes a local
 * certificate, points the configurations at https://127.0.0.1:<port>, runs the operator with the webhook flags and
 * the arguments after `--`: a create is denied by the locally served webhook; the CRD's conversion (config/crd)
 * points at the local server too. On SIGTERM the operator's exit code is
 * kubegen's, the configuration run created is deleted and the one that existed is put back as it was. Bad input:
 * no project, no dist/main.js, a bad flag — one line, a non-zero exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../../runtime/src/testing/ports';
import { useE2e } from './support/namespace';
import { sh } from './support/shell';
import { present } from '../unit/helpers/present';

jest.setTimeout(300_000);

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');
const KUBEGEN = path.join(REPO, 'bin/kubegen.js');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const REGISTRATION = '/apis/admissionregistration.k8s.io/v1';

// The operator: kubebuilder's flags that kubegen run passes, a Manager, a validator of ConfigMaps; it prints its
// arguments and exits 3 after a graceful stop (so the test sees kubegen run hand its exit code on).
const MAIN = `
const { Manager, restClientFactory } = require('@kubegen/runtime/controller');
const { createRestClient, loadFromDefault } = require('@kubegen/runtime');
const { admissionKind } = require('@kubegen/runtime/webhook/admission');

const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a.startsWith('--' + name + '='))?.slice(name.length + 3);

async function main() {
  const kubeconfig = flag('kubeconfig');
  const config = await loadFromDefault(kubeconfig ? { kubeconfig } : {});
  const rest = createRestClient(config);
  const mgr = new Manager({ clients: restClientFactory(rest), webhookServer: { port: Number(flag('webhook-port')), certDir: flag('webhook-cert-dir') } });
  mgr.getWebhookServer().validator(admissionKind({ group: '', version: 'v1', kind: 'ConfigMap' }), {
    validateCreate(cm) {
      if (cm.data && cm.data.forbidden !== undefined) throw new Error('tiny says no: data.forbidden is not allowed');
    },
  });
  process.stdout.write(JSON.stringify({ args, podNamespace: process.env.POD_NAMESPACE }) + '\\n');
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  process.once('SIGINT', () => stop.abort());
  await mgr.start(stop.signal);
  await rest.close();
  process.exit(3);
}
main().catch((e) => { process.stderr.write('operator failed: ' + e.message + '\\n'); process.exit(1); });
`;

interface WebhookConfiguration {
  metadata: { name: string; labels?: Record<string, string> };
  webhooks: Array<{ name: string; clientConfig: { url?: string; caBundle?: string; service?: { name: string; namespace: string; path?: string } } }>;
}

/** The client config of the configuration's first webhook (each configuration here has one). */
const firstClientConfig = (c: WebhookConfiguration) => present(c.webhooks[0], `a webhook in ${c.metadata.name}`).clientConfig;

function hook(name: string, namespace: string, servicePath: string, resources: string, failurePolicy: string): Record<string, unknown> {
  return {
    name,
    clientConfig: { service: { name: 'tiny-webhook-service', namespace: 'tiny-system', path: servicePath } },
    rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: [resources] }],
    failurePolicy,
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
  };
}

function runKubegen(args: string[], cwd: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => { stdout: string; stderr: string }; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [KUBEGEN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => { resolve(code); }));
  return { child, output: () => ({ stdout, stderr }), exit };
}

describe('kubegen run', () => {
  let tmp: string;
  let project: string;
  let vwcName: string;
  let mwcName: string;
  let crdGroup: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // bin/kubegen.js runs dist/: make sure it is current (incremental, fast when built)
    await sh(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-run-'));
    project = path.join(tmp, 'tiny');
    const suffix = e2e.namespace.slice(-6);
    vwcName = `tiny-${suffix}-validating-webhook-configuration`;
    mwcName = `tiny-${suffix}-mutating-webhook-configuration`;
    fs.mkdirSync(path.join(project, 'config/webhook'), { recursive: true });
    fs.mkdirSync(path.join(project, 'config/crd'), { recursive: true });
    // a CRD with a conversion webhook naming the Service (no object of it is stored: nothing is converted)
    crdGroup = `tiny${suffix}.example.dev`;
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `gadgets.${crdGroup}` },
      spec: {
        group: crdGroup,
        scope: 'Namespaced',
        names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
        versions: ['v1', 'v2'].map((v) => ({ name: v, served: true, storage: v === 'v1', schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } })),
        conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { service: { name: 'tiny-webhook-service', namespace: 'tiny-system', path: '/convert' } } } },
      },
    };
    fs.writeFileSync(path.join(project, 'config/crd/kustomization.yaml'), 'resources:\n- gadgets.yaml\n');
    fs.writeFileSync(path.join(project, 'config/crd/gadgets.yaml'), JSON.stringify(crd, null, 2) + '\n');
    fs.mkdirSync(path.join(project, 'node_modules/@kubegen'), { recursive: true });
    fs.symlinkSync(path.join(REPO, 'runtime'), path.join(project, 'node_modules/@kubegen/runtime'), 'dir');
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'tiny', version: '0.0.0', private: true }) + '\n');
    fs.writeFileSync(path.join(project, 'kubegen.config.json'), JSON.stringify({ deploy: { name: 'tiny' } }) + '\n');
    fs.writeFileSync(path.join(project, 'config/webhook/kustomization.yaml'), 'resources:\n- manifests.yaml\n');
    const manifests = [
      { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: vwcName }, webhooks: [hook('vconfigmap.tiny.example.dev', e2e.namespace, '/validate--v1-configmap', 'configmaps', 'Fail')] },
      { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name: mwcName }, webhooks: [hook('mnothing.tiny.example.dev', e2e.namespace, '/mutate-nothing', 'nothings', 'Ignore')] },
    ];
    fs.writeFileSync(path.join(project, 'config/webhook/manifests.yaml'), manifests.map((m) => `---\n${JSON.stringify(m, null, 2)}\n`).join(''));
    env = { ...process.env, KUBEGEN_RUN_CACHE: path.join(tmp, 'cache'), KUBECONFIG: '/nonexistent/kubeconfig' };
    delete env.POD_NAMESPACE;
    // the mutating configuration is deployed already (with a label of the deploy); the validating one is not
    const deployed = { ...manifests[1], metadata: { name: mwcName, labels: { 'applyset.kubernetes.io/part-of': 'applyset-tiny' } } };
    const res = await e2e.kube.post(`${REGISTRATION}/mutatingwebhookconfigurations`, deployed);
    if (res.status !== 201) throw new Error(`MutatingWebhookConfiguration not created: ${res.status} ${JSON.stringify(res.body)}`);
  }, 600_000);

  afterAll(async () => {
    await e2e.kube.delete(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.${crdGroup}`);
    await e2e.kube.delete(`${REGISTRATION}/validatingwebhookconfigurations/${vwcName}`);
    await e2e.kube.delete(`${REGISTRATION}/mutatingwebhookconfigurations/${mwcName}`);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('bad input: one line and a non-zero exit, nothing started', async () => {
    const empty = fs.mkdtempSync(path.join(tmp, 'empty-'));
    const none = runKubegen(['run'], empty, env);
    expect(await none.exit).toBe(1);
    expect(none.output().stderr).toBe(`kubegen: no kubegen project in ${empty} (no kubegen.config.json, and no "kubegen" key in package.json): run kubegen run in the project's directory, or pass --config\n`);
    const unbuilt = runKubegen(['run'], project, env);
    expect(await unbuilt.exit).toBe(1);
    expect(unbuilt.output().stderr).toBe('kubegen: dist/main.js does not exist: run npm run build first\n');
    const port = runKubegen(['run', '--webhook-port', '70000'], project, env);
    expect(await port.exit).toBe(2);
    expect(port.output().stderr).toBe('kubegen: --webhook-port must be a port number from 1 to 65535 (got 70000) (see kubegen --help)\n');
    const unknown = runKubegen(['run', '--webhok-port', '9443'], project, env);
    expect(await unknown.exit).toBe(2);
    expect(unknown.output().stderr.split('\n').filter(Boolean)).toHaveLength(1);
    // nothing was pointed anywhere
    expect((await e2e.kube.get(`${REGISTRATION}/validatingwebhookconfigurations/${vwcName}`)).status).toBe(404);
  });

  it('serves the webhooks locally: a create is denied by the operator run on this machine; SIGTERM ends it and puts the configurations back', async () => {
    fs.mkdirSync(path.join(project, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(project, 'dist/main.js'), MAIN);
    const port = await freePort();
    const run = runKubegen(['run', '--kubeconfig', e2e.connection.kubeconfigPath, '--webhook-port', String(port), '--', '--zap-devel', 'extra'], project, env);
    try {
      const url = `https://127.0.0.1:${port}/validate--v1-configmap`;
      const vwc = await e2e.kube.eventually('the validating configuration pointed at the local server', async () => {
        const res = await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/validatingwebhookconfigurations/${vwcName}`);
        return res.status === 200 && res.body.webhooks[0]?.clientConfig.url === url ? res.body : undefined;
      }, 60_000);
      expect(firstClientConfig(vwc).service).toBeUndefined();
      const ca = Buffer.from(firstClientConfig(vwc).caBundle ?? '', 'base64').toString();
      expect(ca).toBe(fs.readFileSync(path.join(tmp, 'cache/tiny/ca.crt'), 'utf8'));
      expect(fs.readdirSync(path.join(tmp, 'cache/tiny')).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
      const mwc = (await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/mutatingwebhookconfigurations/${mwcName}`)).body;
      expect(firstClientConfig(mwc)).toEqual({ url: `https://127.0.0.1:${port}/mutate-nothing`, caBundle: firstClientConfig(vwc).caBundle });
      expect(mwc.metadata.labels).toEqual({ 'applyset.kubernetes.io/part-of': 'applyset-tiny' });
      const crd = (await e2e.kube.get<{ spec: { conversion: { webhook: { clientConfig: unknown } } } }>(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.${crdGroup}`)).body;
      expect(crd.spec.conversion.webhook.clientConfig).toEqual({ url: `https://127.0.0.1:${port}/convert`, caBundle: firstClientConfig(vwc).caBundle });

      const configmaps = `/api/v1/namespaces/${e2e.namespace}/configmaps`;
      const denied = await e2e.kube.eventually('the webhook served locally to deny', async () => {
        const res = await e2e.kube.post<{ message?: string }>(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'forbidden' }, data: { forbidden: 'yes' } });
        return res.status === 403 ? res.body : undefined;
      }, 60_000);
      expect(denied.message).toContain('tiny says no: data.forbidden is not allowed');
      const allowed = await e2e.kube.post(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'fine' }, data: { a: 'b' } });
      expect(allowed.status).toBe(201);

      const printed = JSON.parse(run.output().stdout.split('\n').find((l) => l.startsWith('{')) ?? '{}') as { args: string[]; podNamespace: string };
      expect(printed.args).toEqual([`--webhook-port=${port}`, `--webhook-cert-dir=${path.join(tmp, 'cache/tiny')}`, `--kubeconfig=${e2e.connection.kubeconfigPath}`, '--zap-devel', 'extra']);
      expect(printed.podNamespace).toBe('tiny-system');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).toBe(3);
    const { stderr } = run.output();
    expect(stderr).toContain(`validatingwebhookconfiguration.admissionregistration.k8s.io/${vwcName} created (pointed at the local webhook server)`);
    expect(stderr).toContain(`mutatingwebhookconfiguration.admissionregistration.k8s.io/${mwcName} pointed at the local webhook server`);
    expect(stderr).toContain(`validatingwebhookconfiguration.admissionregistration.k8s.io/${vwcName} deleted`);
    expect(stderr).toContain(`mutatingwebhookconfiguration.admissionregistration.k8s.io/${mwcName} restored`);
    expect((await e2e.kube.get(`${REGISTRATION}/validatingwebhookconfigurations/${vwcName}`)).status).toBe(404);
    const restored = (await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/mutatingwebhookconfigurations/${mwcName}`)).body;
    expect(firstClientConfig(restored)).toEqual({ service: { name: 'tiny-webhook-service', namespace: 'tiny-system', path: '/mutate-nothing', port: 443 } });
    expect(restored.metadata.labels).toEqual({ 'applyset.kubernetes.io/part-of': 'applyset-tiny' });
    // the CRD run created stays (deleting it would delete its objects), its conversion naming the Service again
    const crd = (await e2e.kube.get<{ spec: { conversion: { webhook: { clientConfig: unknown } } } }>(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.${crdGroup}`)).body;
    expect(crd.spec.conversion.webhook.clientConfig).toEqual({ service: { name: 'tiny-webhook-service', namespace: 'tiny-system', path: '/convert', port: 443 } });
    expect(stderr).toContain(`customresourcedefinition.apiextensions.k8s.io/gadgets.${crdGroup} restored`);
    // after run, the configuration is gone: creates are not intercepted any more
    const after = await e2e.kube.eventually('creates no longer intercepted', async () => {
      const res = await e2e.kube.post(`/api/v1/namespaces/${e2e.namespace}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'forbidden' }, data: { forbidden: 'yes' } });
      return res.status === 201 ? res.status : undefined;
    }, 60_000);
    expect(after).toBe(201);
  });
});
