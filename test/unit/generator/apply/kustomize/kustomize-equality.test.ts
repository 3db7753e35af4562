/**
 * `kubegen kustomize` prints what the real `kustomize build` prints, line for line (the same objects, in kustomize's
 * order, written as go-yaml v2 writes them): kustomize v5.8.1 is built from its Go module (ensureGoTool, cached in
 * ~/.cache/kubegen/tools; the first build takes minutes). The corpus: kubebuilder's testdata/project-v4 config tree
 * (test/cases/kustomize/kubebuilder-project-v4, its NOTICE.md), where what kubegen refuses (`replacements`,
 * `configurations`) is asserted refused and a variant without it is compared; the hand-made
 * test/cases/kustomize/features overlay (every supported key); and the config/ tree `kubegen generate` writes for
 * each deploy case of test/golden/deploy (generated here from the case's project: `webhooks` has webhooks and a
 * conversion webhook), and again with "certificates": "certManager" (the cert-manager component). Random kustomizations:
 * kustomize-property.test.ts.
 */
jest.setTimeout(30 * 60_000);

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import { ensureGoTool } from '../../../../../runtime/src/testing/gotools';
import { buildKustomizationDir, KustomizeError } from '../../../../../generator/apply/kustomize/build';
import { printManifests } from '../../../../../generator/apply/kustomize/print';
import { parseManifests } from '../../../../../generator/apply/manifests';
import { main } from '../../../../../generator/cli';

const CASES = path.resolve(__dirname, '../../../../cases/kustomize');
const PROJECT = path.join(CASES, 'kubebuilder-project-v4/config');
let kustomize = '';

beforeAll(async () => {
  kustomize = await ensureGoTool({ module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.8.1', binary: 'kustomize' });
}, 30 * 60_000);

type Obj = Record<string, unknown> & { apiVersion: string; kind: string; metadata: { name: string; namespace?: string } };

function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canon);
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, canon(o[k])]));
  }
  return v;
}

const keyOf = (o: Obj): string => `${o.apiVersion} ${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;

function byKey(objects: Obj[]): Map<string, unknown> {
  return new Map(objects.map((o) => [keyOf(o), canon(o)]));
}

function kustomizeBuild(dir: string): string {
  return execFileSync(kustomize, ['build', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

/** Object for object (a readable failure), then line for line. */
function expectSameAsKustomize(dir: string): void {
  const text = kustomizeBuild(dir);
  const problems: string[] = [];
  const theirs = parseManifests('kustomize-output', text, problems).map((m) => m.object as Obj);
  expect(problems).toEqual([]);
  const manifests = buildKustomizationDir(dir);
  const ours = manifests.map((m) => m.object as Obj);
  expect(ours.length).toBeGreaterThan(0);
  expect(ours.map(keyOf)).toEqual(theirs.map(keyOf));
  const t = byKey(theirs);
  for (const [k, v] of byKey(ours)) expect({ k, v }).toEqual({ k, v: t.get(k) });
  expect(printManifests(manifests)).toBe(text);
}

/** A copy of the project's config tree with `edit` applied to each kustomization.yaml (relative dir → doc). */
function variant(edit: (dir: string, doc: ReturnType<typeof parseDocument>) => void): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-kustomize-'));
  fs.cpSync(PROJECT, root, { recursive: true });
  for (const dir of fs.readdirSync(root)) {
    const file = path.join(root, dir, 'kustomization.yaml');
    if (!fs.existsSync(file)) continue;
    const doc = parseDocument(fs.readFileSync(file, 'utf8'));
    edit(dir, doc);
    fs.writeFileSync(file, doc.toString());
  }
  return root;
}

describe('kubegen apply -k equals kustomize build', () => {
  it.each(['rbac', 'manager', 'webhook', 'samples', 'network-policy', 'prometheus'])('kubebuilder project-v4 config/%s', (dir) => {
    expectSameAsKustomize(path.join(PROJECT, dir));
  });

  it('refuses what it does not render, with the located line (config/crd: configurations; config/default: replacements)', () => {
    expect(() => buildKustomizationDir(path.join(PROJECT, 'crd'), { cwd: PROJECT })).toThrow(
      /^crd\/kustomization\.yaml:\d+:1: configurations is not supported by kubegen apply -k; render with kustomize build crd \| kubegen apply -f -$/,
    );
    let err: unknown;
    try {
      buildKustomizationDir(path.join(PROJECT, 'default'), { cwd: PROJECT });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KustomizeError);
    expect((err as Error).message).toMatch(/kustomization\.yaml:\d+:\d+: (replacements|configurations) is not supported by kubegen apply -k/);
  });

  it('kubebuilder project-v4 config/default and config/crd without replacements, configurations and cert-manager', () => {
    const root = variant((dir, doc) => {
      doc.delete('replacements');
      doc.delete('configurations');
      if (dir === 'default') {
        const resources = (doc.toJS() as { resources: string[] }).resources.filter((r) => r !== '../certmanager');
        doc.set('resources', resources);
      }
    });
    try {
      expectSameAsKustomize(path.join(root, 'crd'));
      expectSameAsKustomize(path.join(root, 'default'));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the features overlay: namespace, prefix, suffix, labels, commonLabels, annotations, images, replicas, components, patches of three kinds', () => {
    expectSameAsKustomize(path.join(CASES, 'features/overlay'));
    expectSameAsKustomize(path.join(CASES, 'features/base'));
  });
});

describe('the config/ tree kubegen generate writes (test/golden/deploy/<case>)', () => {
  const DEPLOY = path.resolve(__dirname, '../../../../golden/deploy');
  const cases = fs.readdirSync(DEPLOY).filter((c) => fs.existsSync(path.join(DEPLOY, c, 'kubegen.config.json'))).sort();

  it('has a case with webhooks and a conversion webhook', () => {
    const config = JSON.parse(fs.readFileSync(path.join(DEPLOY, 'webhooks', 'kubegen.config.json'), 'utf8')) as { conversion?: object };
    expect(config.conversion).toBeDefined();
  });

  /** The case's project copied to a temporary directory (with `deploy` settings merged in) and generated there. */
  async function generated(name: string, deploy: Record<string, string> = {}): Promise<string> {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-kustomize-deploy-${name}-`));
    for (const entry of ['apis', 'src', 'kubegen.config.json']) {
      const from = path.join(DEPLOY, name, entry);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(project, entry), { recursive: true });
    }
    const configFile = path.join(project, 'kubegen.config.json');
    const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { deploy: Record<string, string> };
    config.deploy = { ...config.deploy, ...deploy };
    fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
    let err = '';
    const code = await main(['generate'], { out: () => undefined, err: (s) => (err += s) }, project);
    if (code !== 0) throw new Error(`kubegen generate failed: ${err}`);
    return project;
  }

  describe.each(cases)('%s', (name) => {
    let project = '';
    let certManager = '';
    beforeAll(async () => {
      project = await generated(name);
      if (fs.existsSync(path.join(project, 'config', 'certmanager'))) certManager = await generated(name, { certificates: 'certManager' });
    }, 10 * 60_000);
    afterAll(() => {
      for (const dir of [project, certManager]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it.each(['default', 'crd', 'rbac', 'manager', 'webhook'])('config/%s', (dir) => {
      const full = path.join(project, 'config', dir);
      if (dir === 'webhook' && !fs.existsSync(full)) {
        expect(name).not.toBe('webhooks');
        return;
      }
      expectSameAsKustomize(full);
    });

    it('config/default with "certificates": "certManager" (the cert-manager component)', () => {
      if (!certManager) {
        expect(name).not.toBe('webhooks');
        return;
      }
      const dir = path.join(certManager, 'config', 'default');
      expectSameAsKustomize(dir);
      expect(buildKustomizationDir(dir).map((m) => m.object.kind)).toEqual(expect.arrayContaining(['Issuer', 'Certificate']));
    });
  });
});
