/**
 * `kubegen create apiserver` (issue 29): the aggregated apiserver of an API group — its program on
 * `@kubegen/apiserver`, the `+kubegen:apiservice` markers of every version, config/apiserver (Namespace,
 * ServiceAccount, delegation RBAC, Service, Deployment with an etcd sidecar), the `apiservice` configuration and
 * package.json — against readable goldens under scaffold-golden/apiserver-<case>/ (`KUBEGEN_UPDATE_GOLDEN=1` rewrites
 * them), run twice (nothing changes), every refusal (one line, exit ≠ 0, nothing written), `kubegen generate` writing
 * the APIServices, and the scaffolded program type-checked with the project's strict tsconfig (CommonJS and ES
 * modules).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { addApiServerVersion, apiServiceMarkers, compareVersionPriority, scaffoldApiServer } from '../../../../generator/scaffold';
import { runCli as run, readTree as tree, expectGoldenTree } from '../../helpers/scaffold';

// This file runs kubegen commands and loads TypeScript programs: a generous timeout for a loaded machine.
jest.setTimeout(180_000);

const REPO = path.resolve(__dirname, '../../../..');
const GOLDEN = path.join(__dirname, 'scaffold-golden');
const expectGolden = (name: string, got: Record<string, string>): void => expectGoldenTree(GOLDEN, name, got);
const GROUP = 'wardle.example.com';

function tmpProject(pj: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-scaffold-apiserver-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pj, null, 2) + '\n');
  return dir;
}

/** A project with two versions of Flunder and one of Fischer (cluster-scoped), as the wardle sample. */
async function wardleProject(pj: Record<string, unknown>): Promise<string> {
  const dir = tmpProject(pj);
  for (const argv of [
    ['init'],
    ['create', 'api', '--group', GROUP, '--version', 'v1alpha1', '--kind', 'Flunder'],
    ['create', 'api', '--group', GROUP, '--version', 'v1beta1', '--kind', 'Flunder'],
    ['create', 'api', '--group', GROUP, '--version', 'v1alpha1', '--kind', 'Fischer', '--namespaced=false'],
  ]) {
    expect(await run(argv, dir)).toMatchObject({ code: 0, err: '' });
  }
  return dir;
}

/** What `create apiserver` wrote or changed (package.json without kubegen's own version ranges). */
function scaffolded(dir: string): Record<string, string> {
  const t = tree(dir);
  const out: Record<string, string> = {};
  for (const [p, text] of Object.entries(t)) if (p.startsWith('src/apiserver/') || p.startsWith('config/apiserver/') || p === 'kubegen.config.json') out[p] = text;
  const pj = JSON.parse(t['package.json'] ?? '{}') as { scripts: Record<string, string>; dependencies: Record<string, string> };
  out['package.json'] = JSON.stringify({ scripts: pj.scripts, dependencies: Object.keys(pj.dependencies) }, null, 2) + '\n';
  return out;
}

/** The project's diagnostics with its own strict tsconfig, the runtime and the apiserver resolved to their sources. */
function typeErrors(dir: string): string[] {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d: ts.Diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
  const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, host);
  if (config === undefined) throw new Error('no tsconfig.json');
  const runtime = path.join(REPO, 'runtime/src');
  const apiserver = path.join(REPO, 'apiserver/src');
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: {
      ...config.options,
      rootDir: path.parse(dir).root,
      noEmit: true,
      typeRoots: [path.join(REPO, 'node_modules/@types')],
      paths: {
        '@kubegen/runtime': [path.join(runtime, 'index.ts')],
        '@kubegen/runtime/*': [path.join(runtime, '*/index.ts')],
        '@kubegen/apiserver': [path.join(apiserver, 'index.ts')],
        '@kubegen/apiserver/*': [path.join(apiserver, '*/index.ts')],
      },
    },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(dir, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('version priority and markers', () => {
  it('orders versions as Kubernetes does: GA, beta, alpha, newer first', () => {
    expect(['v1alpha1', 'v2', 'v1beta2', 'v1', 'v1beta1', 'v2alpha1', 'v10'].sort(compareVersionPriority)).toEqual(['v10', 'v2', 'v1', 'v1beta2', 'v1beta1', 'v2alpha1', 'v1alpha1']);
  });

  it('one APIService marker per version, the preferred version highest', () => {
    expect(apiServiceMarkers({ group: 'a.example.dev', versions: ['v1alpha1', 'v1'] }, 'p-a-apiserver', 'p-system')).toEqual([
      '+kubegen:apiservice:group=a.example.dev,version=v1,serviceName=p-a-apiserver,serviceNamespace=p-system,groupPriorityMinimum=1000,versionPriority=100,caBundleInjected=true',
      '+kubegen:apiservice:group=a.example.dev,version=v1alpha1,serviceName=p-a-apiserver,serviceNamespace=p-system,groupPriorityMinimum=1000,versionPriority=90,caBundleInjected=true',
    ]);
  });
});

describe.each([
  ['commonjs', { name: 'wardle', version: '1.0.0' }],
  ['esm', { name: 'wardle', version: '1.0.0', type: 'module' }],
])('a %s project: create apiserver for a group of two versions', (name, pj) => {
  let dir: string;
  let output: string;
  beforeAll(async () => {
    dir = await wardleProject(pj);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the goldens', async () => {
    const r = await run(['create', 'apiserver', '--group', GROUP], dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    output = r.out;
    expectGolden(`apiserver-${name}`, { ...scaffolded(dir), 'OUTPUT.txt': output });
  });

  it('running it again changes nothing', async () => {
    const before = tree(dir);
    const r = await run(['create', 'apiserver', '--group', GROUP], dir);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/^(created|updated) /m);
    expect(tree(dir)).toEqual(before);
  });

  it('generate writes an APIService per version into config/apiserver; the program type-checks', async () => {
    // the generated code and the APIServices; the operator's deploy tree is tested with its generator
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
    delete config.deploy;
    fs.writeFileSync(path.join(dir, 'kubegen.code.json'), JSON.stringify(config));
    const gen = await run(['generate', '--config', 'kubegen.code.json'], dir);
    expect(gen.err).toBe('');
    expect(gen.code).toBe(0);
    const services = parseAllDocuments(fs.readFileSync(path.join(dir, 'config/apiserver/apiservice.yaml'), 'utf8')).map((d) => d.toJS() as { metadata: { name: string }; spec: Record<string, unknown> });
    expect(services.map((s) => [s.metadata.name, s.spec.versionPriority, s.spec.service])).toEqual([
      ['v1alpha1.wardle.example.com', 90, { name: 'wardle-apiserver', namespace: 'wardle-system', port: 443 }],
      ['v1beta1.wardle.example.com', 100, { name: 'wardle-apiserver', namespace: 'wardle-system', port: 443 }],
    ]);
    // verified TLS by self-managed injection: the server may get and patch exactly these APIServices, nothing else
    const objects = parseAllDocuments(fs.readFileSync(path.join(dir, 'config/apiserver/wardle.yaml'), 'utf8')).map((d) => d.toJS() as { kind: string; rules?: unknown[] });
    expect(objects.filter((o) => o.kind === 'ClusterRole').map((o) => o.rules)).toEqual([
      [{ apiGroups: ['apiregistration.k8s.io'], resources: ['apiservices'], resourceNames: services.map((s) => s.metadata.name).sort().reverse(), verbs: ['get', 'patch'] }],
    ]);
    expect(services.map((s) => [s.spec.caBundle, s.spec.insecureSkipTLSVerify])).toEqual([[undefined, undefined], [undefined, undefined]]);
    // a shipped program imports no testing entry
    expect(fs.readFileSync(path.join(dir, `src/apiserver/${GROUP}.ts`), 'utf8')).not.toMatch(/from '@kubegen\/[^']*testing/);
    expect(typeErrors(dir)).toEqual([]);
  });
});

describe('a version added to the group later (kubegen create api)', () => {
  let dir: string;
  const rbacNames = () =>
    parseAllDocuments(fs.readFileSync(path.join(dir, 'config/apiserver/wardle.yaml'), 'utf8'))
      .map((d) => d.toJS() as { kind: string; rules?: { resourceNames?: string[] }[] })
      .filter((o) => o.kind === 'ClusterRole')
      .flatMap((o) => o.rules ?? [])
      .flatMap((r) => r.resourceNames ?? []);
  const injected = () =>
    parseAllDocuments(fs.readFileSync(path.join(dir, 'config/apiserver/certmanager/wardle-patch.yaml'), 'utf8'))
      .map((d) => d.toJS() as { kind: string; metadata: { name: string; annotations?: Record<string, string> } })
      .filter((o) => o.kind === 'APIService')
      .map((o) => [o.metadata.name, o.metadata.annotations?.['cert-manager.io/inject-ca-from']]);
  beforeAll(async () => {
    dir = await wardleProject({ name: 'wardle', version: '1.0.0' });
    expect(await run(['create', 'apiserver', '--group', GROUP], dir)).toMatchObject({ code: 0, err: '' });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is registered with the server: its APIService marker, the RBAC that lets the server inject its CA, the cert-manager patch', async () => {
    const r = await run(['create', 'api', '--group', GROUP, '--version', 'v1', '--kind', 'Flunder'], dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toMatch(/^updated +config\/apiserver\/wardle\.yaml$/m);
    expect(r.out).toMatch(/^updated +src\/apiserver\/wardle\.example\.com\.ts$/m);
    expect(r.out).not.toMatch(/^note:/m);
    expect(rbacNames()).toEqual([`v1beta1.${GROUP}`, `v1alpha1.${GROUP}`, `v1.${GROUP}`]);
    expect(injected()).toEqual([
      [`v1beta1.${GROUP}`, 'wardle-system/wardle-apiserver-serving-cert'],
      [`v1alpha1.${GROUP}`, 'wardle-system/wardle-apiserver-serving-cert'],
      [`v1.${GROUP}`, 'wardle-system/wardle-apiserver-serving-cert'],
    ]);
    // another kind of the same version: registered already, nothing of the server's changes
    const before = tree(dir);
    const again = await run(['create', 'api', '--group', GROUP, '--version', 'v1', '--kind', 'Fischer', '--namespaced=false'], dir);
    expect(again).toMatchObject({ code: 0, err: '' });
    const after = tree(dir);
    for (const f of [`src/apiserver/${GROUP}.ts`, 'config/apiserver/wardle.yaml', 'config/apiserver/certmanager/wardle-patch.yaml']) expect(after[f]).toBe(before[f]);
    // generate: an APIService for v1, the preferred version, and the RBAC names every APIService generate wrote
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
    delete config.deploy;
    fs.writeFileSync(path.join(dir, 'kubegen.code.json'), JSON.stringify(config));
    expect(await run(['generate', '--config', 'kubegen.code.json'], dir)).toMatchObject({ code: 0, err: '' });
    const services = parseAllDocuments(fs.readFileSync(path.join(dir, 'config/apiserver/apiservice.yaml'), 'utf8')).map((d) => d.toJS() as { metadata: { name: string }; spec: { versionPriority: number } });
    expect(services.map((s) => [s.metadata.name, s.spec.versionPriority])).toEqual([
      [`v1.${GROUP}`, 100],
      [`v1alpha1.${GROUP}`, 90],
      [`v1beta1.${GROUP}`, 100],
    ]);
    expect([...rbacNames()].sort()).toEqual(services.map((s) => s.metadata.name).sort());
    expect(typeErrors(dir)).toEqual([]);
  });

  it('files changed by hand: what could not be found is named, the rest edited', () => {
    const names = { program: `src/apiserver/${GROUP}.ts`, manifests: 'config/apiserver/wardle.yaml' };
    const edit = addApiServerVersion(GROUP, 'v2', { program: '/** no markers */\n', manifests: 'kind: ClusterRole\nrules: []\n', certManagerPatch: undefined }, names);
    expect(edit).toEqual({
      notes: [
        `src/apiserver/${GROUP}.ts has no +kubegen:apiservice marker of ${GROUP}: add one for v2 (see docs/scaffold.md)`,
        `config/apiserver/wardle.yaml has no resourceNames list of ${GROUP}'s APIServices: add v2.${GROUP} to the ClusterRole that lets the server inject its CA`,
      ],
    });
    // a group whose name is a pattern's: only its own APIServices count
    const other = addApiServerVersion('a.b', 'v2', { program: undefined, manifests: '  resourceNames:\n  - v1.aXb\n', certManagerPatch: undefined }, names);
    expect(other.manifests).toBeUndefined();
  });
});

describe('the cert-manager component of config/apiserver', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await wardleProject({ name: 'wardle', version: '1.0.0' });
    expect(await run(['create', 'apiserver', '--group', GROUP], dir)).toMatchObject({ code: 0, err: '' });
    expect(await run(['generate'], dir)).toMatchObject({ code: 0, err: '' });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  type Rendered = { kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: { template?: { spec: { containers: Array<{ name: string; args?: string[]; volumeMounts?: unknown[] }>; volumes?: unknown[] } } } };
  const render = async (): Promise<Rendered[]> => {
    const r = await run(['apply', '-k', 'config/apiserver', '--dry-run=client'], dir);
    expect(r.err).toBe('');
    return parseAllDocuments(r.out).map((d) => d.toJS() as Rendered | null).filter((o): o is Rendered => o !== null);
  };

  it('off by default: the APIServices carry no annotation, the Deployment mounts no Secret', async () => {
    const objects = await render();
    expect(objects.filter((o) => o.kind === 'APIService').map((o) => o.metadata.annotations)).toEqual([undefined, undefined]);
    expect(objects.some((o) => o.kind === 'Certificate')).toBe(false);
  });

  it('uncommented: Issuer and Certificate for the Service, the Secret at --cert-dir, inject-ca-from on every APIService', async () => {
    const file = path.join(dir, 'config/apiserver/kustomization.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('#components:\n#- certmanager\n', 'components:\n- certmanager\n'));
    const objects = await render();
    expect(objects.filter((o) => o.kind === 'Issuer' || o.kind === 'Certificate').map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Certificate/wardle-apiserver-serving-cert', 'Issuer/wardle-apiserver-selfsigned-issuer']);
    expect(objects.find((o) => o.kind === 'Certificate')?.spec).toMatchObject({ dnsNames: ['wardle-apiserver.wardle-system.svc', 'wardle-apiserver.wardle-system.svc.cluster.local'], secretName: 'wardle-apiserver-serving-cert' });
    expect(objects.filter((o) => o.kind === 'APIService').map((o) => [o.metadata.name, o.metadata.annotations])).toEqual([
      ['v1alpha1.wardle.example.com', { 'cert-manager.io/inject-ca-from': 'wardle-system/wardle-apiserver-serving-cert' }],
      ['v1beta1.wardle.example.com', { 'cert-manager.io/inject-ca-from': 'wardle-system/wardle-apiserver-serving-cert' }],
    ]);
    const pod = objects.find((o) => o.kind === 'Deployment')?.spec?.template?.spec;
    const container = pod?.containers.find((c) => c.name === 'apiserver');
    // the mount is the directory --cert-dir names: the server serves tls.crt and tls.key from it
    const certDir = container?.args?.find((a) => a.startsWith('--cert-dir='))?.slice('--cert-dir='.length);
    expect(container?.volumeMounts).toEqual([{ name: 'serving-cert', mountPath: certDir, readOnly: true }]);
    expect(pod?.volumes).toEqual(expect.arrayContaining([{ name: 'serving-cert', secret: { secretName: 'wardle-apiserver-serving-cert' } }]));
  });
});

describe("the operator's deploy tree beside an aggregated apiserver", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await wardleProject({ name: 'shop', version: '1.0.0' });
    for (const argv of [['create', 'api', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order'], ['create', 'apiserver', '--group', GROUP]]) {
      expect(await run(argv, dir)).toMatchObject({ code: 0, err: '' });
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('installs the CRDs of the other groups only: the served group\'s CRDs are the apiserver\'s model', async () => {
    const gen = await run(['generate'], dir);
    expect(gen).toMatchObject({ code: 0, err: '' });
    const files = Object.keys(tree(dir));
    // the generated code keeps every CRD (the server reads them); config/ and the chart install shop's only
    expect(files.filter((f) => f.startsWith('src/generated/') && f.includes('/crds/')).sort()).toEqual([
      'src/generated/shop.example.dev/crds/shop.example.dev_orders.yaml',
      'src/generated/wardle.example.com/crds/wardle.example.com_fischers.yaml',
      'src/generated/wardle.example.com/crds/wardle.example.com_flunders.yaml',
    ]);
    expect(files.filter((f) => f.startsWith('config/crd/'))).toEqual(['config/crd/bases/shop.example.dev_orders.yaml', 'config/crd/kustomization.yaml']);
    // (the samples are objects of the group, created through the aggregated apiserver)
    const installed = files.filter((f) => (f.startsWith('config/') && !f.startsWith('config/apiserver/') && !f.startsWith('config/samples/')) || f.startsWith('dist/chart/'));
    expect(installed.length).toBeGreaterThan(10);
    for (const f of installed) expect({ f, wardle: fs.readFileSync(path.join(dir, f), 'utf8').includes(GROUP) }).toEqual({ f, wardle: false });
    expect(fs.readFileSync(path.join(dir, 'config/apiserver/apiservice.yaml'), 'utf8')).toContain(`name: v1beta1.${GROUP}`);
  });

  it('a second group gets a server of its own beside the first: its program, its file listed after the first', async () => {
    const r = await run(['create', 'apiserver', '--group', 'shop.example.dev'], dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toMatch(/^created +src\/apiserver\/shop\.example\.dev\.ts$/m);
    expect(r.out).toMatch(/^updated +config\/apiserver\/kustomization\.yaml$/m);
    const kustomization = fs.readFileSync(path.join(dir, 'config/apiserver/kustomization.yaml'), 'utf8');
    expect(kustomization.split('\n').filter((l) => l.startsWith('- '))).toEqual(['- namespace.yaml', '- apiservice.yaml', '- wardle.yaml', '- shop.yaml']);
    // the project is named shop: its group's objects are shop-apiserver, the other's shop-wardle-apiserver
    expect(fs.readFileSync(path.join(dir, 'config/apiserver/shop.yaml'), 'utf8')).toContain('  name: shop-apiserver\n');
    expect(fs.readFileSync(path.join(dir, 'config/apiserver/wardle.yaml'), 'utf8')).toContain('  name: shop-wardle-apiserver\n');
    expect(await run(['generate'], dir)).toMatchObject({ code: 0, err: '' });
    const names = parseAllDocuments(fs.readFileSync(path.join(dir, 'config/apiserver/apiservice.yaml'), 'utf8')).map((d) => (d.toJS() as { metadata: { name: string } }).metadata.name);
    expect(names).toEqual(['v1.shop.example.dev', 'v1alpha1.wardle.example.com', 'v1beta1.wardle.example.com']);
    // every group is served by an apiserver now: the CRDs the previous run installed are removed
    expect(Object.keys(tree(dir)).filter((f) => f.startsWith('config/crd/') || f.startsWith('dist/chart/templates/crd/'))).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'config/default/kustomization.yaml'), 'utf8')).not.toContain('../crd');
  });
});

describe('where the program finds the CRDs', () => {
  it('any output directory of the configuration lands in the program as a string literal: it parses, and names the directory', () => {
    const base = { name: 'p', namespace: 'p-system', image: 'controller:latest', format: 'commonjs' as const };
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).filter((x) => !x.includes('/')), { minLength: 1, maxLength: 3 }), (segments) => {
        const output = segments.join('/');
        const files = scaffoldApiServer({ group: 'a.example.dev', versions: ['v1'] }, { ...base, generated: { layout: 'source', output, packageName: '@x/{group}' } }).files;
        const text = files.find((f) => f.path === 'src/apiserver/a.example.dev.ts')?.contents ?? '';
        const out = ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } });
        expect(out.diagnostics ?? []).toEqual([]);
        // the arguments of path.join(PROGRAM_DIR, …) as the parser reads them: two levels up, the output's segments
        const args: string[][] = [];
        const visit = (node: ts.Node): void => {
          if (ts.isCallExpression(node) && node.arguments[0]?.getText() === 'PROGRAM_DIR') args.push(node.arguments.slice(1).map((a) => (ts.isStringLiteral(a) ? a.text : `<${a.getText()}>`)));
          ts.forEachChild(node, visit);
        };
        visit(ts.createSourceFile('program.ts', text, ts.ScriptTarget.Latest, true));
        expect(args).toEqual([['..', '..', ...segments, 'a.example.dev', 'crds']]);
      }),
      { numRuns: Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200) },
    );
  });

  const project = { name: 'p', namespace: 'p-system', image: 'controller:latest' };
  const program = (generated: { layout: 'source' | 'package'; output: string; packageName: string }, format: 'commonjs' | 'module') => {
    const files = scaffoldApiServer({ group: 'a.example.dev', versions: ['v1'] }, { ...project, format, generated }).files;
    return files.find((f) => f.path === 'src/apiserver/a.example.dev.ts')?.contents ?? '';
  };
  it.each([
    ['source', 'commonjs', "path.join(PROGRAM_DIR, '..', '..', 'src', 'generated', 'a.example.dev', 'crds')", "import * as api from '../generated/a.example.dev';"],
    ['package', 'commonjs', "path.join(path.dirname(require.resolve('@acme/a.example.dev/package.json')), 'crds')", "import * as api from '@acme/a.example.dev';"],
    ['package', 'module', "path.join(path.dirname(createRequire(import.meta.url).resolve('@acme/a.example.dev/package.json')), 'crds')", "import * as api from '@acme/a.example.dev';"],
  ] as const)('%s layout, %s', (layout, format, crds, importLine) => {
    const text = program({ layout, output: 'src/generated', packageName: '@acme/{group}' }, format);
    expect(text).toContain(`crds: str('crds') ?? ${crds},`);
    expect(text).toContain(importLine);
    expect(text.includes("import { createRequire } from 'node:module';")).toBe(layout === 'package' && format === 'module');
  });
});

describe('refusals: one line, non-zero exit, nothing written', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await wardleProject({ name: 'wardle', version: '1.0.0' });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const expectRefused = async (argv: string[], message: string, code = 1) => {
    const before = tree(dir);
    const r = await run(argv, dir);
    expect(r).toEqual({ code, out: '', err: `kubegen: ${message}\n` });
    expect(tree(dir)).toEqual(before);
  };

  it.each([
    ['an unknown group', ['--group', 'nope.example.dev'], 'no API group nope.example.dev under apis/ (groups: wardle.example.com)'],
    ['a bad group', ['--group', 'Wardle'], '--group: "Wardle" must be a lower-case DNS subdomain with at least one dot, e.g. shop.example.dev'],
    ['--version', ['--group', GROUP, '--version', 'v1beta1'], '--version: an apiserver serves every version of its group, each registered by its own APIService: leave out --version (wardle.example.com has v1beta1, v1alpha1)'],
  ])('%s', async (_name, flags, message) => {
    await expectRefused(['create', 'apiserver', ...flags], message);
  });

  it('without --group: a usage error', async () => {
    const before = tree(dir);
    const r = await run(['create', 'apiserver'], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^kubegen: Missing required argument: group/);
    expect(tree(dir)).toEqual(before);
  });

  it('an apiservice configuration of its own', async () => {
    const file = path.join(dir, 'kubegen.config.json');
    const config = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, JSON.stringify({ ...(JSON.parse(config) as object), apiservice: { paths: ['lib'], output: 'manifests' } }, null, 2) + '\n');
    try {
      await expectRefused(
        ['create', 'apiserver', '--group', GROUP],
        'kubegen.config.json: apiservice: the scaffold needs "paths" to include "src/apiserver" and "output" to be "config/apiserver" (where config/apiserver/kustomization.yaml finds apiservice.yaml): change it, or add the APIServices yourself',
      );
    } finally {
      fs.writeFileSync(file, config);
    }
  });

  it('no deploy.name', async () => {
    const file = path.join(dir, 'kubegen.config.json');
    const config = fs.readFileSync(file, 'utf8');
    const { deploy: _deploy, ...rest } = JSON.parse(config) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify(rest, null, 2) + '\n');
    try {
      await expectRefused(['create', 'apiserver', '--group', GROUP], 'kubegen.config.json has no deploy.name, which names the apiserver\'s objects (add "deploy": { "name": "<project>" })');
    } finally {
      fs.writeFileSync(file, config);
    }
  });

  it('a program the user changed exists: refused, --force overwrites it', async () => {
    expect((await run(['create', 'apiserver', '--group', GROUP], dir)).code).toBe(0);
    const program = path.join(dir, `src/apiserver/${GROUP}.ts`);
    const scaffoldedText = fs.readFileSync(program, 'utf8');
    fs.writeFileSync(program, scaffoldedText.replace('const ADMISSION: AdmissionPluginFactory[] = [];', 'const ADMISSION: AdmissionPluginFactory[] = [banFlunder];'));
    await expectRefused(['create', 'apiserver', '--group', GROUP], `src/apiserver/${GROUP}.ts exists with other contents; not overwriting (--force overwrites)`);
    const forced = await run(['create', 'apiserver', '--group', GROUP, '--force'], dir);
    expect(forced.code).toBe(0);
    expect(forced.out).toContain(`updated   src/apiserver/${GROUP}.ts`);
    expect(fs.readFileSync(program, 'utf8')).toBe(scaffoldedText);
  });

  it('without a project', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-noproject-'));
    try {
      const r = await run(['create', 'apiserver', '--group', GROUP], empty);
      expect(r).toEqual({ code: 1, out: '', err: `kubegen: no kubegen project in ${empty} (no kubegen.config.json): run kubegen init first\n` });
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
