/**
 * The config/ tree of each golden deploy case (test/golden/deploy/<case>/expected/config) builds with the real
 * kustomize (v5.8.1 from its Go module, built once by ensureGoTool and cached) into the objects of the deploy model:
 * `config/default` into the default objects, and with `"certificates": "certManager"` (the `certmanager` component in
 * config/default) into the cert-manager objects — kustomize's `namespace:` putting every namespaced object into the operator's namespace (a Role of a
 * marker's `namespace=` too, as in a kubebuilder project; see docs/deploy.md, Limits). `kubegen apply -k`'s renderer
 * (generator/apply/kustomize) builds both to the same objects, in the same order, as kustomize.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { buildKustomizationDir } from '../../../../generator/apply';
import { defaultOverlayObjects, kustomizeTree } from '../../../../generator/deploy/kustomize';
import type { DeployModel } from '../../../../generator/deploy/objects';
import { ensureGoTool } from '../../../../runtime/src/testing/gotools';
import { DEPLOY_CASES_DIR, deployCases, deployModelOf } from '../../../golden/deploy/cases';

// Building kustomize from source takes minutes on a loaded 2-core machine the first time; then it is cached.
jest.setTimeout(1_800_000);

const execFileAsync = promisify(execFile);
const cases = deployCases();

let kustomize: string;
beforeAll(async () => {
  kustomize = await ensureGoTool({ module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.8.1', binary: 'kustomize' });
});

type Obj = Record<string, unknown> & { kind?: string; metadata?: { name?: string; namespace?: string } };
const key = (o: Obj) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;
const sorted = (objects: Obj[]) => [...objects].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));


/** The model's objects as kustomize's `namespace:` leaves them: every namespaced object in the operator's namespace. */
function expected(model: DeployModel, certManager: boolean): Obj[] {
  return (defaultOverlayObjects(model, certManager) as Obj[]).map((o) =>
    o.metadata?.namespace !== undefined && o.metadata.namespace !== model.config.namespace ? { ...o, metadata: { ...o.metadata, namespace: model.config.namespace } } : o,
  );
}

async function build(dir: string): Promise<Obj[]> {
  const { stdout } = await execFileAsync(kustomize, ['build', dir], { maxBuffer: 64 * 1024 * 1024 });
  return parseAllDocuments(stdout)
    .map((d) => d.toJS() as Obj | null)
    .filter((o): o is Obj => o !== null);
}

describe.each(cases)('%s', (name) => {
  let work: string;
  let model: DeployModel;
  beforeAll(() => {
    model = deployModelOf(name);
    work = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-deploy-kustomize-${name}-`));
    fs.cpSync(path.join(DEPLOY_CASES_DIR, name, 'expected', 'config'), path.join(work, 'config'), { recursive: true });
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test('kustomize build config/default gives the default objects; so does kubegen apply -k, in kustomize\'s order', async () => {
    const built = await build(path.join(work, 'config', 'default'));
    expect(sorted(built)).toEqual(sorted(expected(model, false)));
    expect(buildKustomizationDir(path.join(work, 'config', 'default')).map((m) => m.object)).toEqual(built);
  });

  test('kustomize build config/crd gives the CRDs', async () => {
    expect((await build(path.join(work, 'config', 'crd'))).map((o) => o.kind)).toEqual(model.files.filter((f) => f.dir === 'crd').map(() => 'CustomResourceDefinition'));
  });

  test('with "certificates": "certManager": config/default includes the certmanager component — the cert-manager objects', async () => {
    const text = fs.readFileSync(path.join(work, 'config', 'default', 'kustomization.yaml'), 'utf8');
    if (!model.webhooks) {
      expect(text).not.toContain('certmanager');
      expect(fs.existsSync(path.join(work, 'config', 'certmanager'))).toBe(false);
      return;
    }
    // by default a comment says how to switch; the key puts the component into config/default
    expect(text).not.toMatch(/^components:/m);
    expect(text).toContain('set "certificates": "certManager" in kubegen.config.json\'s deploy key');
    const certManager = deployModelOf(name, undefined, { certificates: 'certManager' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-deploy-kustomize-${name}-cm-`));
    try {
      for (const f of kustomizeTree(certManager)) {
        fs.mkdirSync(path.dirname(path.join(dir, 'config', f.path)), { recursive: true });
        fs.writeFileSync(path.join(dir, 'config', f.path), f.contents);
      }
      expect(fs.readFileSync(path.join(dir, 'config', 'default', 'kustomization.yaml'), 'utf8')).toContain('components:\n- ../certmanager\n');
      const built = await build(path.join(dir, 'config', 'default'));
      expect(sorted(built)).toEqual(sorted(expected(certManager, true)));
      expect(built.map((o) => o.kind)).toEqual(expect.arrayContaining(['Issuer', 'Certificate']));
      expect(buildKustomizationDir(path.join(dir, 'config', 'default')).map((m) => m.object)).toEqual(built);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
