/**
 * The operator scaffolds (issue 24): `kubegen init` writing src/main.ts, the build's tsconfig, the Dockerfile and
 * `deploy`; `kubegen create api --controller` (reconciler, its test, sample, registration at main.ts' markers), a new
 * version of an existing kind; `kubegen create webhook` (defaulter, validator, conversion wiring). Checked as unit
 * tables (naming, imports, marker insertion), as whole project trees against readable goldens under
 * test/unit/generator/scaffold/scaffold-golden/<case>/ (`KUBEGEN_UPDATE_GOLDEN=1` rewrites them), for idempotence, no-clobber and
 * --force, for every refusal (one line, exit 1, nothing written), and by type-checking the scaffolded project —
 * CommonJS and ES modules — after `kubegen generate`, against the runtime's sources.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { parse as parseYaml } from 'yaml';
import { admissionPaths, deployName, fnv32a, insertAtMarker, leaderElectionId, MarkerError, relativeImport } from '../../../../generator/scaffold';
import { runCli as run, readTree as tree, expectGoldenTree } from '../../helpers/scaffold';

// This file runs kubegen commands and loads TypeScript programs: a generous timeout for a loaded machine.
jest.setTimeout(180_000);

const REPO = path.resolve(__dirname, '../../../..');
const GOLDEN = path.join(__dirname, 'scaffold-golden');
const expectGolden = (name: string, got: Record<string, string>): void => expectGoldenTree(GOLDEN, name, got);

function tmpProject(pj: Record<string, unknown> = { name: 'shop', version: '1.0.0' }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-scaffold-op-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pj, null, 2) + '\n');
  return dir;
}

const API = ['--group', 'shop.example.dev', '--kind', 'Order'];

describe('naming', () => {
  it.each([
    ['shop', 'shop'],
    ['@acme/Shop_Operator', 'shop-operator'],
    ['123-go', 'go'],
    ['---', 'operator'],
    ['x'.repeat(80), 'x'.repeat(47)],
    ['a.b.c', 'a-b-c'],
  ])('deployName(%j) = %j', (given, want) => {
    expect(deployName(given)).toBe(want);
    expect(want).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
  });

  it('any package name becomes a DNS-1035 label that fits <name>-metrics-service, and stays what it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (given) => {
        const name = deployName(given);
        expect(name).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
        expect(`${name}-metrics-service`.length).toBeLessThanOrEqual(63);
        expect(deployName(name)).toBe(name);
        // so the leader election ID is a DNS subdomain too
        expect(leaderElectionId(name, undefined)).toMatch(/^[0-9a-f]{8}\.[a-z]([-a-z0-9]*[a-z0-9])?$/);
      }),
      { numRuns: Number(process.env.KUBEGEN_FUZZ_RUNS ?? 300) },
    );
  });

  it('the leader election ID is FNV-1a of the name and a DNS subdomain, stable', () => {
    // FNV-1a 32-bit reference vectors
    expect(fnv32a('')).toBe('811c9dc5');
    expect(fnv32a('a')).toBe('e40c292c');
    expect(fnv32a('foobar')).toBe('bf9cf968');
    expect(leaderElectionId('shop', 'shop.example.dev')).toBe(`${fnv32a('shop')}.shop.example.dev`);
    expect(leaderElectionId('shop', undefined)).toBe(`${fnv32a('shop')}.shop`);
  });

  it('admission paths are controller-runtime\'s', () => {
    expect(admissionPaths({ group: 'shop.example.dev', version: 'v1beta1', kind: 'BigOrder' })).toEqual({
      mutate: '/mutate-shop-example-dev-v1beta1-bigorder',
      validate: '/validate-shop-example-dev-v1beta1-bigorder',
    });
  });

  it.each([
    ['src/main.ts', 'src/controllers/order', 'commonjs', false, './controllers/order'],
    ['src/main.ts', 'src/controllers/order', 'module', false, './controllers/order.js'],
    ['test/controllers/order.test.ts', 'src/generated/g.io/fake', 'commonjs', true, '../../src/generated/g.io/fake'],
    ['test/controllers/order.test.ts', 'src/generated/g.io/fake', 'module', true, '../../src/generated/g.io/fake/index.js'],
  ] as const)('relativeImport(%j, %j, %s)', (from, target, format, dir, want) => {
    expect(relativeImport(from, target, format, dir)).toBe(want);
  });
});

describe('insertAtMarker', () => {
  const text = 'a\nfunction f() {\n  // +m\n}\n';
  it('inserts above the marker with its indentation, once', () => {
    const once = insertAtMarker(text, '// +m', 'x();', 'f.ts');
    expect(once).toBe('a\nfunction f() {\n  x();\n  // +m\n}\n');
    expect(insertAtMarker(once, '// +m', 'x();', 'f.ts')).toBe(once);
    expect(insertAtMarker(once, '// +m', 'y();', 'f.ts')).toBe('a\nfunction f() {\n  x();\n  y();\n  // +m\n}\n');
  });

  it('a file without the marker is an error naming it', () => {
    expect(() => insertAtMarker('a\n', '// +m', 'x();', 'src/main.ts')).toThrow(MarkerError);
    expect(() => insertAtMarker('a\n', '// +m', 'x();', 'src/main.ts')).toThrow('src/main.ts: the scaffold marker "// +m" is missing: put it back where `x();` belongs, or add that line yourself');
  });
});

/** The user's way through: init, an API with a controller, a second version, webhooks; the tree after each step. */
async function walkthrough(dir: string): Promise<string[]> {
  const outputs: string[] = [];
  const step = async (argv: string[]) => {
    const r = await run(argv, dir);
    expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
    outputs.push(`$ kubegen ${argv.join(' ')}\n${r.out}`);
  };
  await step(['init']);
  await step(['create', 'api', ...API, '--version', 'v1', '--controller']);
  await step(['create', 'api', ...API, '--version', 'v2']);
  await step(['create', 'api', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Warehouse', '--namespaced=false', '--controller']);
  await step(['create', 'webhook', ...API, '--version', 'v1', '--defaulting', '--programmatic-validation', '--conversion']);
  return outputs;
}

// package.json carries kubegen's own version ranges: compared without them
const golden = (dir: string) => {
  const t = tree(dir);
  const pj = JSON.parse(t['package.json']!) as Record<string, unknown>;
  t['package.json'] = JSON.stringify({ ...pj, dependencies: Object.keys(pj.dependencies as object), devDependencies: Object.keys(pj.devDependencies as object) }, null, 2) + '\n';
  return t;
};

describe.each([
  ['commonjs', { name: 'shop', version: '1.0.0' }],
  ['esm', { name: 'shop', version: '1.0.0', type: 'module' }],
])('a %s project: init, create api --controller, a second version, create webhook', (name, pj) => {
  let dir: string;
  beforeAll(() => {
    dir = tmpProject(pj);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the goldens, and says what the new version and the conversion need', async () => {
    const outputs = await walkthrough(dir);
    expectGolden(name, { ...golden(dir), 'OUTPUT.txt': outputs.join('\n') });
    expect(outputs[2]).toContain('The storage version stays v1 (+kubebuilder:storageversion in apis/shop.example.dev/v1/order.ts)');
    expect(outputs[2]).toContain('kubegen create webhook --group shop.example.dev --version v1 --kind Order --conversion');
    expect(outputs[4]).toContain("kubegen.config.json now points the CRD's conversion webhook at the Service shop-webhook-service");
  });

  it('running every step again changes nothing', async () => {
    const before = tree(dir);
    const outputs = await walkthrough(dir);
    expect(tree(dir)).toEqual(before);
    for (const o of outputs.slice(1)) expect(o).not.toMatch(/^(created|updated) /m);
  });

  it('generate, then the whole project type-checks with its strict tsconfig: main, controllers, webhooks, tests', async () => {
    // the generated code only: the deploy tree that `deploy` adds to generate is tested with its generator
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
    delete config.deploy;
    fs.writeFileSync(path.join(dir, 'kubegen.code.json'), JSON.stringify(config));
    const gen = await run(['generate', '--config', 'kubegen.code.json'], dir);
    expect(gen.err).toBe('');
    expect(gen.code).toBe(0);
    expect(typeErrors(dir)).toEqual([]);
  });
});

/**
 * kubebuilder lets a user add webhooks to a kind that has some: conversion after defaulting, validation later, the
 * webhooks of a second version. Each `create webhook` inserts at the webhook file's scaffold markers, keeps what the
 * user wrote, and refuses (one line, nothing written) only what is there already.
 */
describe('adding webhooks to a kind that has them, and to its second version', () => {
  let dir: string;
  const order = (version: string, ...flags: string[]) => ['create', 'webhook', ...API, '--version', version, ...flags];
  const webhookFile = () => fs.readFileSync(path.join(dir, 'src/webhooks/order.ts'), 'utf8');
  beforeAll(async () => {
    dir = tmpProject();
    for (const argv of [['init'], ['create', 'api', ...API, '--version', 'v1', '--controller'], ['create', 'api', ...API, '--version', 'v2']]) {
      expect(await run(argv, dir)).toMatchObject({ code: 0, err: '' });
    }
    // the configuration has keys of the user's: the conversion entry is merged in beside them
    const configFile = path.join(dir, 'kubegen.config.json');
    const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(configFile, JSON.stringify({ ...config, conversion: { 'other.example.dev': { service: { name: 'other', namespace: 'x', path: '/convert' } } }, crdHeader: '# Copyright shop' }, null, 2) + '\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('defaulting first; then validation and conversion are inserted, the user\'s edit kept; then v2\'s webhooks', async () => {
    const outputs: string[] = [];
    const step = async (argv: string[]) => {
      const r = await run(argv, dir);
      expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
      outputs.push(`$ kubegen ${argv.join(' ')}\n${r.out}`);
    };
    await step(order('v1', '--defaulting'));
    // the user writes the defaulter before adding more
    const edited = webhookFile().replace("// TODO(user): set the defaults of fields the user left out, e.g. order.spec.someField ??= 'value'", 'order.spec.replicas ??= 2;');
    expect(edited).toContain('order.spec.replicas ??= 2;');
    fs.writeFileSync(path.join(dir, 'src/webhooks/order.ts'), edited);
    await step(order('v1', '--programmatic-validation', '--conversion'));
    expect(webhookFile()).toContain('order.spec.replicas ??= 2;');
    await step(order('v2', '--defaulting', '--programmatic-validation'));
    expect(webhookFile()).toContain('order.spec.replicas ??= 2;');
    expectGolden('insertions', { ...pick(tree(dir), ['src/webhooks/order.ts', 'kubegen.config.json']), 'OUTPUT.txt': outputs.join('\n') });
    // each insertion is there once: main.ts registers the kind's webhooks once
    expect(webhookFile().match(/\.withConversion\(converters\)/g)).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, 'src/main.ts'), 'utf8').match(/setupOrderWebhook\(mgr\);/g)).toHaveLength(1);
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
    expect(config.crdHeader).toBe('# Copyright shop');
    expect(config.conversion).toEqual({
      'other.example.dev': { service: { name: 'other', namespace: 'x', path: '/convert' } },
      'shop.example.dev': { service: { name: 'shop-webhook-service', namespace: 'shop-system', path: '/convert' } },
    });
  });

  it.each([
    ['defaulting twice', order('v1', '--defaulting'), 'src/webhooks/order.ts: the defaulting webhook of Order v1 (/mutate-shop-example-dev-v1-order) exists already: leave out --defaulting (--force writes the file anew)'],
    ['validation of v2 twice, with defaulting', order('v2', '--defaulting', '--programmatic-validation'), 'src/webhooks/order.ts: the defaulting webhook of Order v2 (/mutate-shop-example-dev-v2-order) exists already: leave out --defaulting; the validating webhook of Order v2 (/validate-shop-example-dev-v2-order) exists already: leave out --programmatic-validation (--force writes the file anew)'],
    ['conversion twice, from another version', order('v2', '--conversion'), "src/webhooks/order.ts: the conversion of shop.example.dev exists already (.withConversion, and kubegen.config.json's conversion entry): leave out --conversion (--force writes the file anew)"],
  ])('refuses what is there already: %s (one line, nothing written)', async (_name, argv, message) => {
    const before = tree(dir);
    expect(await run(argv, dir)).toEqual({ code: 1, out: '', err: `kubegen: ${message}\n` });
    expect(tree(dir)).toEqual(before);
  });

  it('a conversion entry that went missing is merged back without touching the file', async () => {
    const configFile = path.join(dir, 'kubegen.config.json');
    const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { conversion: Record<string, unknown> };
    const full = fs.readFileSync(configFile, 'utf8');
    delete config.conversion['shop.example.dev'];
    fs.writeFileSync(configFile, JSON.stringify(config, null, 2) + '\n');
    const before = webhookFile();
    const r = await run(order('v1', '--conversion'), dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('updated   kubegen.config.json');
    expect(webhookFile()).toBe(before);
    expect(fs.readFileSync(configFile, 'utf8')).toBe(full);
  });

  it('generate, then the project with every insertion type-checks', async () => {
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
    delete config.deploy;
    config.conversion = { 'shop.example.dev': (config.conversion as Record<string, unknown>)['shop.example.dev'] };
    fs.writeFileSync(path.join(dir, 'kubegen.code.json'), JSON.stringify(config));
    const gen = await run(['generate', '--config', 'kubegen.code.json'], dir);
    expect(gen.err).toBe('');
    expect(gen.code).toBe(0);
    expect(typeErrors(dir)).toEqual([]);
  });

  it('the samples of the two versions have names of their own, and config/samples renders both', async () => {
    const r = await run(['apply', '-k', 'config/samples', '--dry-run=client'], dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    const objects = r.out.split(/^---$/m).map((doc) => parseYaml(doc) as { apiVersion: string; kind: string; metadata: { name: string } });
    expect(objects.map((o) => `${o.apiVersion} ${o.kind} ${o.metadata.name}`)).toEqual(['shop.example.dev/v1 Order order-sample', 'shop.example.dev/v2 Order order-v2-sample']);
  });
});

describe('conversion first, then the admission webhooks of both versions', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tmpProject({ name: 'shop', version: '1.0.0', type: 'module' });
    for (const argv of [['init'], ['create', 'api', ...API, '--version', 'v1'], ['create', 'api', ...API, '--version', 'v2']]) {
      expect(await run(argv, dir)).toMatchObject({ code: 0, err: '' });
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('inserts the classes, the imports and the registrations; the result type-checks (ES modules)', async () => {
    for (const argv of [
      ['create', 'webhook', ...API, '--version', 'v2', '--conversion'],
      ['create', 'webhook', ...API, '--version', 'v1', '--programmatic-validation'],
      ['create', 'webhook', ...API, '--version', 'v2', '--defaulting'],
    ]) {
      expect(await run(argv, dir)).toMatchObject({ code: 0, err: '' });
    }
    const text = fs.readFileSync(path.join(dir, 'src/webhooks/order.ts'), 'utf8');
    // the file was created for v2: its classes are unqualified, v1's carry the version
    expect(text).toContain('export class OrderCustomDefaulter implements v2.OrderDefaulter');
    expect(text).toContain('export class OrderV1CustomValidator implements v1.OrderValidator');
    expect(text).toContain("import { v1 } from '../generated/shop.example.dev/index.js';");
    expect(text.indexOf('.for(v2.orderAdmission)')).toBeLessThan(text.indexOf('.for(v1.orderAdmission)'));
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
    delete config.deploy;
    fs.writeFileSync(path.join(dir, 'kubegen.code.json'), JSON.stringify(config));
    const gen = await run(['generate', '--config', 'kubegen.code.json'], dir);
    expect(gen).toMatchObject({ code: 0, err: '' });
    expect(typeErrors(dir)).toEqual([]);
  });
});

describe('a webhook file the command cannot add to', () => {
  let dir: string;
  beforeEach(async () => {
    dir = tmpProject();
    for (const argv of [['init'], ['create', 'api', ...API, '--version', 'v1'], ['create', 'webhook', ...API, '--version', 'v1', '--defaulting']]) {
      expect(await run(argv, dir)).toMatchObject({ code: 0, err: '' });
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('without its marker: one line naming the marker, nothing written', async () => {
    const file = path.join(dir, 'src/webhooks/order.ts');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  // +kubegen:scaffold:builder:v1\n', ''));
    const before = tree(dir);
    const r = await run(['create', 'webhook', ...API, '--version', 'v1', '--programmatic-validation'], dir);
    expect(r).toEqual({
      code: 1,
      out: '',
      err: "kubegen: src/webhooks/order.ts: the scaffold marker \"// +kubegen:scaffold:builder:v1\" is missing: put it back where `.withValidator(new OrderCustomValidator(mgr.logger.withName('order-webhook')))` belongs, or add that line yourself\n",
    });
    expect(tree(dir)).toEqual(before);
  });

  it('a class name the user took: one line, nothing written; --force writes the file anew', async () => {
    const file = path.join(dir, 'src/webhooks/order.ts');
    fs.appendFileSync(file, '\nexport class OrderCustomValidator {}\n');
    const before = tree(dir);
    const argv = ['create', 'webhook', ...API, '--version', 'v1', '--programmatic-validation'];
    expect(await run(argv, dir)).toEqual({ code: 1, out: '', err: 'kubegen: src/webhooks/order.ts declares OrderCustomValidator already: rename it, or add the validator of Order v1 yourself\n' });
    expect(tree(dir)).toEqual(before);
    const forced = await run([...argv, '--force'], dir);
    expect(forced).toMatchObject({ code: 0, err: '' });
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('OrderCustomDefaulter');
    expect(text.match(/class OrderCustomValidator\b/g)).toHaveLength(1);
  });
});

const pick = (t: Record<string, string>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, t[k]!]));

/** The type errors of a project, its `@kubegen/runtime` imports resolved to the runtime's sources. */
function typeErrors(dir: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } })!;
  const runtime = path.join(REPO, 'runtime/src');
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: {
      ...config.options,
      rootDir: path.parse(dir).root,
      noEmit: true,
      typeRoots: [path.join(REPO, 'node_modules/@types')],
      paths: { '@kubegen/runtime': [path.join(runtime, 'index.ts')], '@kubegen/runtime/*': [path.join(runtime, '*/index.ts')] },
    },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(dir, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('no clobbering, --force', () => {
  let dir: string;
  beforeEach(async () => {
    dir = tmpProject();
    expect((await run(['init'], dir)).code).toBe(0);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a controller the user changed is refused, --force overwrites it; main.ts keeps one registration', async () => {
    const argv = ['create', 'api', ...API, '--version', 'v1', '--controller'];
    expect((await run(argv, dir)).code).toBe(0);
    const file = path.join(dir, 'src/controllers/order.ts');
    const scaffolded = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, scaffolded.replace('return {};\n  }\n}', 'return { requeueAfterMs: 1000 };\n  }\n}'));
    const before = tree(dir);
    const again = await run(argv, dir);
    expect(again).toEqual({ code: 1, out: '', err: 'kubegen: src/controllers/order.ts exists with other contents; not overwriting (--force overwrites)\n' });
    expect(tree(dir)).toEqual(before);
    const forced = await run([...argv, '--force'], dir);
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('updated   src/controllers/order.ts');
    expect(fs.readFileSync(file, 'utf8')).toBe(scaffolded);
    const mainTs = fs.readFileSync(path.join(dir, 'src/main.ts'), 'utf8');
    expect(mainTs.split('\n').filter((l) => l.includes('setupOrderController')).map((l) => l.trim())).toEqual([
      "import { setupOrderController } from './controllers/order';",
      'setupOrderController(mgr);',
    ]);
  });

  it('init keeps src/main.ts and the Dockerfile the user changed; --force writes them again, package.json only gains', async () => {
    fs.writeFileSync(path.join(dir, 'src/main.ts'), '// mine\n');
    fs.writeFileSync(path.join(dir, 'Dockerfile'), 'FROM scratch\n');
    const pjFile = path.join(dir, 'package.json');
    const pj = JSON.parse(fs.readFileSync(pjFile, 'utf8')) as { scripts: Record<string, string> };
    pj.scripts.build = 'make';
    fs.writeFileSync(pjFile, JSON.stringify(pj, null, 2) + '\n');
    const kept = await run(['init'], dir);
    expect(kept.code).toBe(0);
    expect(kept.out).toContain('kept      src/main.ts (exists)');
    expect(fs.readFileSync(path.join(dir, 'src/main.ts'), 'utf8')).toBe('// mine\n');
    const forced = await run(['init', '--force'], dir);
    expect(forced.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'src/main.ts'), 'utf8')).toContain('// +kubegen:scaffold:controllers');
    expect(fs.readFileSync(path.join(dir, 'Dockerfile'), 'utf8')).toContain('USER 65532:65532');
    expect((JSON.parse(fs.readFileSync(pjFile, 'utf8')) as { scripts: Record<string, string> }).scripts.build).toBe('make');
  });

  it('a main.ts without its markers is refused, nothing written', async () => {
    fs.writeFileSync(path.join(dir, 'src/main.ts'), '// no markers\n');
    const before = tree(dir);
    const r = await run(['create', 'api', ...API, '--version', 'v1', '--controller'], dir);
    expect(r).toEqual({
      code: 1,
      out: '',
      err: "kubegen: src/main.ts: the scaffold marker \"// +kubegen:scaffold:imports\" is missing: put it back where `import { setupOrderController } from './controllers/order';` belongs, or add that line yourself\n",
    });
    expect(tree(dir)).toEqual(before);
  });
});

describe('refusals: one line, non-zero exit, nothing written', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tmpProject();
    expect((await run(['init'], dir)).code).toBe(0);
    expect((await run(['create', 'api', ...API, '--version', 'v1'], dir)).code).toBe(0);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cases: Array<[string, string[], string]> = [
    ['a webhook without a kind of webhook', ['create', 'webhook', ...API, '--version', 'v1'], 'say which webhooks to create: at least one of --defaulting, --programmatic-validation and --conversion'],
    ['an unknown group', ['create', 'webhook', '--group', 'nope.example.dev', '--version', 'v1', '--kind', 'Order', '--defaulting'], 'no API group nope.example.dev under apis/ (groups: shop.example.dev)'],
    ['an unknown version', ['create', 'webhook', ...API, '--version', 'v3', '--defaulting'], 'no version v3 of shop.example.dev under apis/shop.example.dev/ (versions: v1)'],
    ['an unknown kind', ['create', 'webhook', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Invoice', '--defaulting'], 'no kind Invoice in apis/shop.example.dev/v1/ (kinds: Order)'],
    ['conversion of a kind with one version', ['create', 'webhook', ...API, '--version', 'v1', '--conversion'], '--conversion: Order is served in v1 only, so there is nothing to convert: add a version first (kubegen create api --group shop.example.dev --version <v2> --kind Order)'],
    ['a controller of a kind that does not exist', ['create', 'api', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Invoice', '--resource=false', '--controller'], '--resource=false: no kind Invoice in apis/shop.example.dev/v1/ (kinds: Order)'],
    ['another scope for a new version', ['create', 'api', ...API, '--version', 'v2', '--namespaced=false'], '--namespaced=false: Order is namespaced in apis/shop.example.dev/v1/order.ts, and every version of a kind has the same scope'],
    ['a webhook flag on create api', ['create', 'api', ...API, '--version', 'v2', '--defaulting'], 'Unknown argument: defaulting'],
    ['create without what', ['create'], 'kubegen create: say what to create: api, webhook or apiserver'],
    ['a bad kind name', ['create', 'webhook', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'order', '--defaulting'], '--kind: "order" must be an UpperCamelCase name of letters and digits, e.g. Order'],
  ];
  it.each(cases)('%s', async (_name, argv, message) => {
    const before = tree(dir);
    const r = await run(argv, dir);
    // 2: a usage error yargs reports (as every kubegen command does)
    expect(r.code).toBe(argv.includes('--defaulting') && argv[1] === 'api' ? 2 : argv.length === 1 ? 2 : 1);
    expect(r.out).toBe('');
    expect(r.err.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(r.err).toContain(message);
    expect(r.err.startsWith('kubegen: ')).toBe(true);
    expect(tree(dir)).toEqual(before);
  });

  it.each([
    ['create api', ['create', 'api', ...API, '--version', 'v1']],
    ['create webhook', ['create', 'webhook', ...API, '--version', 'v1', '--defaulting']],
  ])('%s without a project', async (_name, argv) => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-noproject-'));
    try {
      const r = await run(argv, empty);
      expect(r).toEqual({ code: 1, out: '', err: `kubegen: no kubegen project in ${empty} (no kubegen.config.json): run kubegen init first\n` });
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
