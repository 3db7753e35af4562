/**
 * SLOW the first time (helm is built from its Go module, helm.sh/helm/v4, into ~/.cache/kubegen/tools once; later runs
 * take seconds): the Helm chart of each golden deploy case (test/golden/deploy/<case>/expected/chart) is
 * `helm lint --strict` clean, and `helm template` gives, object for object, what the deploy model resolves to for the
 * same settings — with the default values the objects of config/default (except the two things a chart does by
 * design: no Namespace object, `helm.sh/resource-policy: keep` on the CRDs), with `webhook.certificates=certManager`
 * those of config/default plus the config/certmanager component, and with every switch off the objects left.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { helmChart } from '../../../../generator/deploy/chart';
import { CERT_MANAGER_SETTINGS, fileHolds, resolvedObjects, defaultOverlayObjects } from '../../../../generator/deploy/kustomize';
import type { DeployModel } from '../../../../generator/deploy/objects';
import { DEFAULT_SETTINGS, type Settings } from '../../../../generator/deploy/template';
import { ensureGoTool } from '../../../../runtime/src/testing/gotools';
import { DEPLOY_CASES_DIR, deployCases, deployModelOf } from '../../../golden/deploy/cases';
import { present } from '../../helpers/present';

// Building helm from source takes many minutes on a loaded 2-core machine the first time; then it is cached.
jest.setTimeout(2_400_000);

const execFileAsync = promisify(execFile);
const cases = deployCases();

/** The helm version the tests build (helm.sh/helm/v4 from the Go module proxy). */
const HELM_VERSION = 'v4.3.2';

let helm: string;
beforeAll(async () => {
  helm = await ensureGoTool({ module: 'helm.sh/helm/v4', package: 'helm.sh/helm/v4/cmd/helm', version: HELM_VERSION, binary: 'helm' });
});

async function run(...args: string[]): Promise<string> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-helm-home-'));
  try {
    // A private HELM_* home: no user repositories or plugins are read.
    const env = { ...process.env, HELM_CACHE_HOME: path.join(home, 'cache'), HELM_CONFIG_HOME: path.join(home, 'config'), HELM_DATA_HOME: path.join(home, 'data') };
    const { stdout } = await execFileAsync(helm, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}


type Obj = Record<string, unknown> & { kind?: string; metadata?: { name?: string; namespace?: string; annotations?: Record<string, string> } };
const key = (o: Obj) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;
const sorted = (objects: Obj[]) => [...objects].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

function parse(text: string): Obj[] {
  return parseAllDocuments(text)
    .map((d) => {
      const [error] = d.errors;
      if (error) throw new Error(`helm template printed invalid YAML: ${error.message}`);
      return d.toJS() as Obj | null;
    })
    .filter((o): o is Obj => o !== null);
}

/** The model's objects of the chart for `settings`. */
function chartObjects(model: DeployModel, settings: Settings): Obj[] {
  const s = { ...settings, helm: true };
  return model.files.filter((f) => fileHolds(f, s)).flatMap((f) => resolvedObjects(f, s));
}

describe.each(cases)('%s', (name) => {
  const chart = path.join(DEPLOY_CASES_DIR, name, 'expected', 'chart');
  let model: DeployModel;
  beforeAll(() => {
    model = deployModelOf(name);
  });
  const template = async (...set: string[]) => sorted(parse(await run('template', name, chart, '--namespace', model.config.namespace, ...set.flatMap((s) => ['--set', s]))));

  test('helm lint --strict is clean', async () => {
    const out = await run('lint', '--strict', chart);
    expect(out).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(out).not.toMatch(/\[(WARNING|ERROR)\]/);
  });

  test('with the default values: the objects of config/default, but for the Namespace and the CRDs\' keep policy', async () => {
    const rendered = await template();
    expect(rendered).toEqual(sorted(chartObjects(model, DEFAULT_SETTINGS)));
    const overlay = defaultOverlayObjects(model) as Obj[];
    const asChart = overlay
      .filter((o) => o.kind !== 'Namespace')
      .map((o) => (o.kind === 'CustomResourceDefinition' ? { ...o, metadata: { ...o.metadata, annotations: { ...o.metadata!.annotations, 'helm.sh/resource-policy': 'keep' } } } : o));
    expect(rendered).toEqual(sorted(asChart));
    expect(overlay.filter((o) => o.kind === 'Namespace').map((o) => o.metadata?.name)).toEqual([model.config.namespace]);
  });

  test('webhook.certificates=certManager: config/default plus the cert-manager component', async () => {
    if (!model.webhooks) {
      await expect(template('webhook.certificates=certManager')).rejects.toThrow(/additional properties 'webhook' not allowed/);
      return;
    }
    const rendered = await template('webhook.certificates=certManager');
    expect(rendered).toEqual(sorted(chartObjects(model, CERT_MANAGER_SETTINGS)));
    expect(rendered.map((o) => o.kind)).toEqual(expect.arrayContaining(['Issuer', 'Certificate']));
    expect(JSON.stringify(rendered)).not.toContain('--self-managed-certs');
  });

  test('every switch off: CRDs, RBAC, metrics and leader election are left out', async () => {
    const off = { ...DEFAULT_SETTINGS, crd: false, rbac: false, metrics: false, leaderElection: false };
    const rendered = await template('crd.enable=false', 'rbac.enable=false', 'metrics.enable=false', 'manager.leaderElection=false');
    expect(rendered).toEqual(sorted(chartObjects(model, off)));
    expect(rendered.map((o) => o.kind).sort()).toEqual(model.webhooks ? ['Deployment', 'MutatingWebhookConfiguration', 'Service', 'ServiceAccount'] : ['Deployment', 'ServiceAccount']);
  });

  test('values of the wrong type or mode are refused, naming the key', async () => {
    await expect(run('template', name, chart, '--set', 'manager.replicas=many')).rejects.toThrow(/manager\/replicas/);
    if (model.webhooks) await expect(run('template', name, chart, '--set', 'webhook.certificates=vault')).rejects.toThrow(/webhook\/certificates.*'selfManaged', 'certManager'/);
  });

  test('the image, replicas, pull policy and resources come from the values', async () => {
    const rendered = await template('manager.image.repository=r.example.com/op', 'manager.image.tag=v2', 'manager.replicas=3', 'manager.image.pullPolicy=Always', 'manager.resources.limits.memory=1Gi');
    const deployment = rendered.find((o) => o.kind === 'Deployment') as { spec: { replicas: number; template: { spec: { containers: Array<{ image: string; imagePullPolicy: string; resources: { limits: { memory: string } } }> } } } };
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.template.spec.containers[0]).toMatchObject({ image: 'r.example.com/op:v2', imagePullPolicy: 'Always', resources: { limits: { memory: '1Gi' } } });
  });
});

test('CRD text that looks like a template action comes out of helm unchanged', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-helm-escape-'));
  try {
    const model = deployModelOf('plain');
    const hostile = 'a {{ .Values }} b }} {{- fail "x" }} kgtpl0x {{"{{"}}';
    const crdFile = model.files.find((f) => f.dir === 'crd')!;
    const crd = present(crdFile.objects[0], 'the CRD').object as { spec: { versions: Array<{ schema: { openAPIV3Schema: { description?: string } } }> } };
    present(crd.spec.versions[0], 'the CRD version').schema.openAPIV3Schema.description = hostile;
    for (const f of helmChart(model)) {
      fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.path), f.contents);
    }
    const rendered = parse(await run('template', 'plain', dir, '--namespace', model.config.namespace)).filter((o) => o.kind === 'CustomResourceDefinition');
    const descriptions = rendered.map((o) => (o as unknown as typeof crd).spec.versions[0]?.schema.openAPIV3Schema.description);
    expect(descriptions).toContain(hostile);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
