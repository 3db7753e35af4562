/**
 * The real-world acceptance of `kubegen import` on a real API server: the CRDs controller-gen v0.21.0 makes from
 * github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring v0.95.2 (scripts/prometheus-operator-crds.js,
 * cached under ~/.cache/kubegen, never committed) are imported with `kubegen import crd`, generated again with
 * `kubegen generate` (source layout: CRDs, types, clientset), the generated ServiceMonitor CRD is installed, and the
 * generated typed client creates, reads and lists a ServiceMonitor. (The byte-for-byte fixed point and the strict
 * type-check of the imported package are test/unit/generator/import/import-prometheus-operator.slow.test.ts.)
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { createRestClient, fromOptions, type RestClient } from '@kubegen/runtime';
import { main } from '../../generator/cli';
import { applyCrd, type Crd } from './support/crds';
import { useE2e } from './support/namespace';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the repository (scripts/), with no type declarations to import
const { prometheusOperatorCrds } = require('../../scripts/prometheus-operator-crds.js') as { prometheusOperatorCrds: () => { crdDir: string } };

const e2e = useE2e(__filename);

/** The part of the generated client module this test uses (the module is generated at run time, so typed here). */
interface ServiceMonitor {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; uid?: string; labels?: Record<string, string> };
  spec: { selector: { matchLabels?: Record<string, string> }; endpoints?: Array<{ port?: string; interval?: string; path?: string }> };
}
interface ServiceMonitorClient {
  create(obj: ServiceMonitor): Promise<ServiceMonitor>;
  get(name: string): Promise<ServiceMonitor>;
  list(): Promise<{ items: ServiceMonitor[] }>;
}
interface ClientModule {
  MonitoringV1Client: new (rest: RestClient) => { serviceMonitors(namespace: string): ServiceMonitorClient };
}

let tmp = '';

/** The generated v1 client module, loaded (and compiled by jest's transform) from the temporary project. */
function generatedClient(): ClientModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the client was generated into a temporary project by this run: its path is known only now
  return require(path.join(tmp, 'generated', 'monitoring.coreos.com', 'v1', 'client.ts')) as ClientModule;
}
let rest: RestClient | undefined;
let crdName = '';

async function kubegen(argv: string[], cwd: string): Promise<void> {
  let err = '';
  const code = await main(argv, { out: () => undefined, err: (s) => (err += s) }, cwd);
  if (code !== 0) throw new Error(`kubegen ${argv.join(' ')} failed (${code}): ${err}`);
}

beforeAll(async () => {
  const { crdDir } = prometheusOperatorCrds();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-e2e-promop-'));
  await kubegen(['import', 'crd', crdDir, '--out', 'apis'], tmp);
  fs.writeFileSync(
    path.join(tmp, 'kubegen.config.json'),
    JSON.stringify({
      apis: 'apis',
      output: 'generated',
      layout: 'source',
      generators: ['crd', 'types', 'clientset'],
      // AlertmanagerConfig's v1alpha1 and v1beta1 differ: upstream serves them through the operator's conversion webhook
      conversion: { 'monitoring.coreos.com': { service: { name: 'prometheus-operator', namespace: 'default' } } },
    }),
  );
  await kubegen(['generate'], tmp);
  const crd = parse(fs.readFileSync(path.join(tmp, 'generated', 'monitoring.coreos.com', 'crds', 'monitoring.coreos.com_servicemonitors.yaml'), 'utf8')) as Crd;
  crdName = crd.metadata.name;
  expect((await applyCrd(e2e.kube, crd)).status).toBe(201);
  const { url, ca, token } = e2e.connection;
  rest = createRestClient(fromOptions({ server: url, ca, token }));
}, 300_000);

afterAll(async () => {
  if (crdName && rest) await rest.request({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}` });
  await rest?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('the imported package’s generated client creates, gets and lists a ServiceMonitor', async () => {
  const mod = generatedClient();
  const monitors = new mod.MonitoringV1Client(rest!).serviceMonitors(e2e.namespace);
  await e2e.kube.eventually('servicemonitors to be served', async () => ((await monitors.list().then(() => true, () => false)) ? true : undefined));
  // apiVersion and kind are left out: the generated client fills them from its descriptor
  const created = await monitors.create({
    metadata: { name: 'web', labels: { team: 'frontend' } },
    spec: { selector: { matchLabels: { app: 'web' } }, endpoints: [{ port: 'http', interval: '30s', path: '/metrics' }] },
  });
  expect([created.apiVersion, created.kind, created.metadata?.namespace]).toEqual(['monitoring.coreos.com/v1', 'ServiceMonitor', e2e.namespace]);
  expect(created.metadata?.uid).toEqual(expect.any(String));
  const got = await monitors.get('web');
  expect(got.spec).toEqual({ selector: { matchLabels: { app: 'web' } }, endpoints: [{ port: 'http', interval: '30s', path: '/metrics' }] });
  expect((await monitors.list()).items.map((m) => m.metadata?.name)).toEqual(['web']);
});

test('the apiserver enforces the imported schema: an endpoint interval that is not a duration is refused', async () => {
  const mod = generatedClient();
  const monitors = new mod.MonitoringV1Client(rest!).serviceMonitors(e2e.namespace);
  let refused: unknown;
  await monitors.create({ metadata: { name: 'bad' }, spec: { selector: {}, endpoints: [{ interval: 'often' }] } }).catch((err: unknown) => (refused = err));
  expect(String(refused)).toMatch(/spec\.endpoints\[0\]\.interval/);
});
