/**
 * `kubegen import`: the importer's fixed points and its refusals.
 *
 * - Every golden CRD controller-gen made (`test/golden/<case>/expected/crd/*.yaml`): import → write the TypeScript →
 *   load it back → `kubegen crd` gives the input byte for byte (after dropping each tool's version annotation), so
 *   does the in-process model, and the front end builds the same model from the TypeScript as the importer did.
 * - Hand-written CRDs (`test/import/valid/<case>/input.yaml`, not made by controller-gen; `expected.yaml` when it is
 *   not the input itself): leaf for leaf equal, with the normalisations docs/import.md lists (versions ordered by
 *   name, `required` sorted, the CRD's tool annotation).
 * - Bad input (`test/import/invalid/<case>/{input.yaml,expected.txt}`): exactly the expected one-line messages,
 *   exit 1, nothing written.
 */
import { runGenerator } from '../../../../generator/emit/shared/execute';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { main } from '../../../../generator/cli';
import { runImport } from '../../../../generator/cli/import';
import { crdGenerator } from '../../../../generator/emit/crd';
import { printMarker } from '../../../../generator/markers';
import { importCrds, importOpenApi, formatProblem } from '../../../../generator/import-check';
import { markerDefinitions, parseMarker } from '../../../../generator/markers';
import type { ApiModel, MarkerValue } from '../../../../generator/model/types';
import { loadApiModel } from '../../../../generator/load';
import { canonical } from '../../../../generator/import/schema';
import { parsePath, readDocuments } from '../../../../generator/import/source';
import { generateCrdFiles } from '../../../../generator/pipeline';
import { present } from '../../helpers/present';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const root = path.join(__dirname, '..', '..', '..', '..');
const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);

function writeTree(dir: string, files: ReadonlyArray<{ path: string; contents: string }>): void {
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, f.path), f.contents);
  }
}

/** Drop the generator's version annotation line (controller-gen's or kubegen's), as the golden CRD test does. */
function dropVersionAnnotation(yaml: string): string {
  return yaml.replace(/^ {4}(controller-gen\.kubebuilder\.io|kubegen\.io)\/version: .*\n/m, '');
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-import-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * A model without spans, folders and the runtime package, with keys sorted and the declarations of built-in packages
 * by name (each front end lists them as it reached them): what the two front ends must agree on.
 */
function comparable(model: ApiModel): unknown {
  const packages = model.packages.filter((p) => p.id !== '@kubegen/runtime').map((p) => (p.id.startsWith('@kubegen/api/') ? { ...p, types: [...p.types].sort((a, b) => (a.name < b.name ? -1 : 1)) } : p));
  const plain = JSON.parse(JSON.stringify({ ...model, packages }, (k, v: unknown) => (k === 'span' || k === 'selectableFieldSpans' || k === 'dir' ? undefined : typeof v === 'bigint' ? `${v.toString()}n` : v))) as unknown;
  return JSON.parse(canonical(plain)) as unknown;
}

describe('fixed point over the golden cases (controller-gen made): byte for byte', () => {
  const casesDir = path.join(root, 'test', 'golden');
  const cases = fs
    .readdirSync(casesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(casesDir, e.name, 'expected', 'crd')))
    .map((e) => e.name)
    .sort();

  test('there are golden cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  test.each(cases)('%s', (name) => {
    const dir = path.join(casesDir, name, 'expected', 'crd');
    const inputs = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => ({ file: `expected/crd/${f}`, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
    const result = importCrds(inputs);
    expect(result.problems.map(formatProblem)).toEqual([]);
    const want = new Map(inputs.map((i) => [path.basename(i.file), dropVersionAnnotation(i.text)]));

    // in process: the model the importer built
    const inProcess = runGenerator(crdGenerator, result.model, {});
    expect(inProcess.diagnostics).toEqual([]);
    expect(new Map(inProcess.files.map((f) => [f.path, dropVersionAnnotation(f.contents)]))).toEqual(want);

    // through the TypeScript: written, loaded back by the front end, generated
    writeTree(tmp, result.files);
    const regenerated = generateCrdFiles(tmp);
    expect(new Map(regenerated.map((f) => [f.path, dropVersionAnnotation(f.contents)]))).toEqual(want);

    // and the front end builds the very model the importer built (spans and folders aside)
    const loaded = loadApiModel({ root: tmp, cwd: tmp });
    expect(comparable(loaded.model)).toEqual(comparable(result.model));
  });
});

/**
 * Parsed YAML with the normalisations of docs/import.md: versions by name, `required` sorted, tool annotations and an
 * empty `subresources` (controller-gen writes one with printer columns) dropped.
 */
function normalised(text: string): unknown[] {
  const norm = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) {
      const items = v.map((x) => norm(x));
      if (key === 'required') return [...(items as string[])].sort();
      if (key === 'versions') return [...items].sort((a, b) => ((a as { name: string }).name < (b as { name: string }).name ? -1 : 1));
      return items;
    }
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        if (k === 'controller-gen.kubebuilder.io/version' || k === 'kubegen.io/version') continue;
        Object.defineProperty(out, k, { value: norm((v as Record<string, unknown>)[k], k), enumerable: true });
      }
      if ((key === 'annotations' || key === 'subresources') && Object.keys(out).length === 0) return undefined;
      return out;
    }
    return v;
  };
  return parseAllDocuments(text).map((d) => JSON.parse(JSON.stringify(norm(d.toJS()))) as unknown);
}

describe('fixed point over hand-written CRDs: leaf for leaf', () => {
  const validDir = path.join(root, 'test', 'import', 'valid');
  const cases = fs.readdirSync(validDir).sort();

  test.each(cases)('%s', (name) => {
    const dir = path.join(validDir, name);
    const input = fs.readFileSync(path.join(dir, 'input.yaml'), 'utf8');
    const expectedFile = path.join(dir, 'expected.yaml');
    const expected = fs.existsSync(expectedFile) ? fs.readFileSync(expectedFile, 'utf8') : input;
    const result = importCrds([{ file: 'input.yaml', text: input }]);
    expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    writeTree(tmp, result.files);
    const out = generateCrdFiles(tmp)
      .map((f) => f.contents)
      .join('');
    const byName = (docs: unknown[]) =>
      new Map(docs.map((d) => [(d as { metadata: { name: string } }).metadata.name, d]));
    expect(byName(normalised(out))).toEqual(byName(normalised(expected)));
  });

  // the TypeScript written, where the case has it (`typescript/<group>/<version>/*.ts`; KUBEGEN_UPDATE_GOLDEN=1 rewrites it)
  const withTypeScript = cases.filter((c) => fs.existsSync(path.join(validDir, c, 'typescript')));
  test('there are cases with their expected TypeScript (built-in types recognised, and near misses)', () => {
    expect(withTypeScript).toEqual(expect.arrayContaining(['builtin-types', 'builtin-near-miss']));
  });
  test.each(withTypeScript)('%s: the TypeScript written', (name) => {
    const dir = path.join(validDir, name, 'typescript');
    const result = importCrds([{ file: 'input.yaml', text: fs.readFileSync(path.join(validDir, name, 'input.yaml'), 'utf8') }]);
    expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    const got = new Map(result.files.map((f) => [f.path, f.contents]));
    if (process.env.KUBEGEN_UPDATE_GOLDEN === '1') {
      fs.rmSync(dir, { recursive: true, force: true });
      writeTree(dir, result.files);
    }
    const files = (d: string): string[] => fs.readdirSync(path.join(dir, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.posix.join(d, e.name)) : [path.posix.join(d, e.name)]));
    expect(got).toEqual(new Map(files('').map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')])));
  });

  test('a v1beta1 CRD is converted with a note for every move', () => {
    const input = fs.readFileSync(path.join(validDir, 'v1beta1-crontab', 'input.yaml'), 'utf8');
    const notes = importCrds([{ file: 'crontab.yaml', text: input }]).problems.map(formatProblem);
    expect(notes).toEqual([
      'crontab.yaml:6:1: spec: warning: apiextensions.k8s.io/v1beta1: spec.version v1 became spec.versions[0]',
      'crontab.yaml:6:1: spec: warning: apiextensions.k8s.io/v1beta1: spec.validation moved into every version as schema',
      'crontab.yaml:6:1: spec: warning: apiextensions.k8s.io/v1beta1: spec.subresources moved into every version',
      'crontab.yaml:6:1: spec: warning: apiextensions.k8s.io/v1beta1: spec.additionalPrinterColumns moved into every version (JSONPath → jsonPath)',
      'crontab.yaml:6:1: spec.versions[0].schema.openAPIV3Schema: warning: apiextensions.k8s.io/v1beta1: added the type a structural v1 schema requires',
      'crontab.yaml:6:1: spec.versions[0].schema.openAPIV3Schema.properties.spec: warning: apiextensions.k8s.io/v1beta1: added the type a structural v1 schema requires',
      'crontab.yaml:6:1: spec.versions[0].schema.openAPIV3Schema.properties.status: warning: apiextensions.k8s.io/v1beta1: added the type a structural v1 schema requires',
    ]);
  });

  test('the importer does not mutate its input and is deterministic', () => {
    const input = fs.readFileSync(path.join(validDir, 'unusual-order', 'input.yaml'), 'utf8');
    const a = importCrds([{ file: 'a.yaml', text: input }]).files;
    const b = importCrds([{ file: 'a.yaml', text: input }]).files;
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(0);
  });
});

describe('bad input: one line per problem, exit 1, nothing written', () => {
  const invalidDir = path.join(root, 'test', 'import', 'invalid');
  const cases = fs.readdirSync(invalidDir).sort();

  test('there are negative cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  test.each(cases)('%s', async (name) => {
    const dir = path.join(invalidDir, name);
    const source = fs.existsSync(path.join(dir, 'openapi.yaml')) ? 'openapi' : 'crd';
    // a case with several input files holds them in inputs/ (read as a directory: sorted)
    const file = source === 'openapi' ? 'openapi.yaml' : fs.existsSync(path.join(dir, 'inputs')) ? 'inputs' : 'input.yaml';
    let err = '';
    const code = await main(['import', source, file, '--out', path.join(tmp, 'apis')], { out: () => undefined, err: (s) => (err += s) }, dir);
    expect(code).toBe(1);
    expect(err).toBe(fs.readFileSync(path.join(dir, 'expected.txt'), 'utf8'));
    expect(err).not.toMatch(/\n\s+at /); // never a stack trace
    expect(fs.existsSync(path.join(tmp, 'apis'))).toBe(false);
  });
});

describe('problems name one input file, the JSON path and the line', () => {
  test.each([
    ['spec.versions[0].schema', ['spec', 'versions', 0, 'schema']],
    ['components.schemas["io.k8s.api.core.v1.Pod"].properties', ['components', 'schemas', 'io.k8s.api.core.v1.Pod', 'properties']],
    ['["a\\"b"].x-kubernetes-validations[12].rule', ['a"b', 'x-kubernetes-validations', 12, 'rule']],
    ['', []],
    ['document 2', undefined],
    ['a..b', undefined],
    ['a[x]', undefined],
  ])('parsePath(%j)', (given, want) => {
    expect(parsePath(given)).toEqual(want);
  });

  test('a path is located at its key, through aliases, in its own document; a missing tail at its deepest ancestor', () => {
    const text = ['a: 1', '---', 'base: &b', '  deep:', '    - x', '    - y: 2', 'ref: *b', ''].join('\n');
    const [first, second] = readDocuments(text, 'f.yaml');
    expect(first?.locate('a')).toEqual({ line: 1, column: 1 });
    expect(second?.locate('base.deep[1].y')).toEqual({ line: 6, column: 7 });
    expect(second?.locate('ref.deep[0]')).toEqual({ line: 5, column: 7 });
    expect(second?.locate('base.deep[7].z')).toEqual({ line: 4, column: 3 });
    expect(second?.locate('document 2')).toBeUndefined();
  });

  test('a refusal found by kubegen crd on the imported types names only the CRD it is in', () => {
    const dir = path.join(root, 'test', 'import', 'invalid', 'cel-rule-one-file', 'inputs');
    const inputs = ['a.yaml', 'b.yaml'].map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
    const result = importCrds(inputs);
    expect(result.files).toEqual([]);
    expect(result.problems.map(formatProblem)).toEqual([
      "b.yaml:29:19: spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.rules.x-kubernetes-validations[1].rule: kubegen crd would refuse the imported types: rule does not compile: Cannot index type 'string' (column 14)",
    ]);
  });

  test('a problem the model builder finds names the CRD of the element it is about', () => {
    const crd = (kind: string, plural: string, extra = '') =>
      ['apiVersion: apiextensions.k8s.io/v1', 'kind: CustomResourceDefinition', `metadata: {name: ${plural}.toys.example.com}`, 'spec:', '  group: toys.example.com', `  names: {kind: ${kind}, plural: ${plural}${extra}}`, '  scope: Namespaced', '  versions:', '  - name: v1', '    served: true', '    storage: true', '    schema:', '      openAPIV3Schema: {type: object}', ''].join('\n');
    const result = importCrds([{ file: 'a.yaml', text: crd('Gadget', 'gadgets') }, { file: 'b.yaml', text: crd('Widget', 'widgets', ', shortNames: [gw]') }, { file: 'c.yaml', text: crd('Gizmo', 'gizmos', ', shortNames: [gw]') }]);
    const errors = result.problems.filter((p) => p.severity === 'error').map(formatProblem);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e).toMatch(/^[bc]\.yaml:\d+:\d+: spec\.versions\[0\]: /);
  });
});

describe('kubegen import crd (command line)', () => {
  const golden = path.join(root, 'test', 'golden', 'kind-markers', 'expected', 'crd');

  test('writes <group>/<version>/*.ts and doc.ts; a second run changes nothing', async () => {
    const io = { out: jest.fn(), err: jest.fn() };
    expect(await main(['import', 'crd', golden, '--out', 'apis'], io, tmp)).toBe(0);
    const files = fs.readdirSync(path.join(tmp, 'apis', 'toys.example.com', 'v1')).sort();
    expect(files).toEqual(['doc.ts', 'gadget.ts']);
    expect(fs.readFileSync(path.join(tmp, 'apis', 'toys.example.com', 'v1', 'doc.ts'), 'utf8')).toContain('// +groupName=toys.example.com\n');
    expect(io.err).not.toHaveBeenCalled();
    const io2 = { out: jest.fn(), err: jest.fn() };
    expect(await main(['import', 'crd', golden, '--out', 'apis'], io2, tmp)).toBe(0);
    expect(io2.out.mock.calls.join('')).toContain('wrote 0, unchanged 2');
  });

  test('refuses to overwrite a file with other content unless --force', async () => {
    const target = path.join(tmp, 'apis', 'toys.example.com', 'v1', 'gadget.ts');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, '// mine\n');
    let err = '';
    expect(await main(['import', 'crd', golden, '--out', 'apis'], { out: () => undefined, err: (s) => (err += s) }, tmp)).toBe(1);
    expect(err).toBe('kubegen: apis/toys.example.com/v1/gadget.ts: exists with other content; pass --force to overwrite\n');
    expect(fs.readFileSync(target, 'utf8')).toBe('// mine\n');
    expect(fs.existsSync(path.join(tmp, 'apis', 'toys.example.com', 'v1', 'doc.ts'))).toBe(false);
    expect(await main(['import', 'crd', golden, '--out', 'apis', '--force'], { out: () => undefined, err: () => undefined }, tmp)).toBe(0);
    expect(fs.readFileSync(target, 'utf8')).toContain('export interface Gadget extends TypeMeta');
  });

  test.each([
    [['import'], 'kubegen: name what to import: crd or openapi (see kubegen --help)\n'],
    [['import', 'crd', '--out', 'apis'], 'kubegen: Not enough non-option arguments: got 0, need at least 1 (see kubegen --help)\n'],
    [['import', 'crd', 'toys.example.com_gizmos.yaml'], 'kubegen: Missing required argument: out (see kubegen --help)\n'],
    [['import', 'crd', 'missing.yaml', '--out', 'apis'], 'kubegen: missing.yaml: no such file or directory\n'],
  ])('usage errors: %j', async (argv, message) => {
    let err = '';
    const code = await main(argv, { out: () => undefined, err: (s) => (err += s) }, golden);
    expect(code).toBeGreaterThan(0);
    expect(err).toBe(message);
    expect(fs.existsSync(path.join(golden, 'apis'))).toBe(false);
  });

  test('reads standard input with -', () => {
    const text = fs.readFileSync(path.join(golden, 'toys.example.com_gizmos.yaml'), 'utf8');
    expect(runImport({ source: 'crd', inputs: ['-'], out: 'apis' }, { out: () => undefined, err: () => undefined, stdin: () => text }, tmp)).toBe(0);
    expect(fs.existsSync(path.join(tmp, 'apis', 'toys.example.com', 'v1', 'gadget.ts'))).toBe(true);
  });
});

describe('kubegen import openapi', () => {
  const spec = {
    openapi: '3.0.0',
    components: {
      schemas: {
        'com.example.wardle.v1alpha1.Flunder': {
          description: 'Flunder is an example kind.',
          type: 'object',
          'x-kubernetes-group-version-kind': [{ group: 'wardle.example.com', version: 'v1alpha1', kind: 'Flunder' }],
          properties: {
            apiVersion: { type: 'string', description: 'APIVersion of the object.' },
            kind: { type: 'string', description: 'Kind of the object.' },
            metadata: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }], default: {} },
            spec: { allOf: [{ $ref: '#/components/schemas/com.example.wardle.v1alpha1.FlunderSpec' }], description: 'spec of the flunder.' },
          },
        },
        'com.example.wardle.v1alpha1.FlunderList': {
          type: 'object',
          'x-kubernetes-group-version-kind': [{ group: 'wardle.example.com', version: 'v1alpha1', kind: 'FlunderList' }],
          required: ['items'],
          properties: {
            apiVersion: { type: 'string' },
            kind: { type: 'string' },
            metadata: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta' }], default: {} },
            items: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/com.example.wardle.v1alpha1.Flunder' }], default: {} } },
          },
        },
        'com.example.wardle.v1alpha1.FlunderSpec': {
          type: 'object',
          required: ['reference'],
          properties: {
            reference: { type: 'string', description: 'reference names another flunder.' },
            port: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString' }] },
            replicas: { type: 'integer', format: 'int32' },
            started: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Time' }] },
            conditions: {
              type: 'array',
              'x-kubernetes-list-type': 'map',
              'x-kubernetes-list-map-keys': ['type'],
              'x-kubernetes-patch-strategy': 'merge',
              'x-kubernetes-patch-merge-key': 'type',
              items: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Condition' }], default: {} },
            },
          },
        },
        'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { type: 'object' },
        'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta': { type: 'object' },
        'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { type: 'string', format: 'date-time' },
        'io.k8s.apimachinery.pkg.apis.meta.v1.Condition': { type: 'object' },
        'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { type: 'string', format: 'int-or-string' },
      },
    },
  };

  test('component schemas with $refs become a package with Go type names; kinds extend TypeMeta; the tree loads back', () => {
    const result = importOpenApi([{ file: 'openapi.json', text: JSON.stringify(spec) }]);
    expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    expect(result.files.map((f) => f.path)).toEqual(['wardle.example.com/v1alpha1/doc.ts', 'wardle.example.com/v1alpha1/types.ts']);
    const types = present(result.files[1], 'types.ts').contents;
    expect(types).toContain('export interface Flunder extends TypeMeta {');
    expect(types).toContain('export interface FlunderList extends TypeMeta {');
    expect(types).toContain('  port?: IntOrString;\n');
    expect(types).toContain('  conditions?: Condition[];\n');
    expect(types).toContain('  started?: Time;\n');
    writeTree(tmp, result.files);
    const crds = generateCrdFiles(tmp);
    expect(crds.map((f) => f.path)).toEqual(['wardle.example.com_flunders.yaml']);
    const [crd] = normalised(present(crds[0], 'the CRD').contents) as Array<{ spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: Record<string, unknown> } } }> } }>;
    const props = present(present(crd, 'the CRD').spec.versions[0], 'the CRD version').schema.openAPIV3Schema.properties;
    expect(props.spec).toMatchObject({
      description: 'spec of the flunder.',
      required: ['reference'],
      properties: { port: { 'x-kubernetes-int-or-string': true }, conditions: { 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] } },
    });
  });

  test('a $ref to an unknown schema is an error naming the path', () => {
    const bad = JSON.parse(JSON.stringify(spec)) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    present(bad.components.schemas['com.example.wardle.v1alpha1.FlunderSpec'], 'FlunderSpec').properties.other = { $ref: '#/components/schemas/com.example.Missing' };
    const problems = importOpenApi([{ file: 'openapi.json', text: JSON.stringify(bad) }]).problems.map(formatProblem);
    expect(problems).toContain(
      'openapi.json:1:1850: components.schemas["com.example.wardle.v1alpha1.FlunderSpec"].properties.other: $ref "#/components/schemas/com.example.Missing" does not name a component schema',
    );
  });
});

describe('markers print in the grammar the loader parses back (fast-check)', () => {
  const text = fc.string({ unit: 'binary', maxLength: 30 }).filter((s) => !s.includes('*/'));
  const value = (name: string) => {
    const def = markerDefinitions.find((d) => d.name === name)!;
    return def;
  };
  const cases: Array<[string, fc.Arbitrary<unknown>]> = [
    ['kubebuilder:validation:Pattern', text],
    ['kubebuilder:validation:Format', text],
    ['kubebuilder:validation:Maximum', fc.double({ noNaN: true, noDefaultInfinity: true })],
    ['kubebuilder:validation:MaxLength', fc.nat()],
    ['kubebuilder:validation:Enum', fc.array(fc.oneof(text, fc.integer(), fc.boolean()), { minLength: 1, maxLength: 5 })],
    ['default', fc.jsonValue()],
    [
      'kubebuilder:validation:XValidation',
      fc.record(
        { rule: text, message: text.filter((s) => s !== ''), fieldPath: text.filter((s) => s !== ''), optionalOldSelf: fc.boolean() },
        { requiredKeys: ['rule'] },
      ),
    ],
    ['kubebuilder:printcolumn', fc.record({ name: text.filter((t) => t !== ''), type: fc.constantFrom('string', 'integer', 'date'), JSONPath: text.map((t) => `.${t}`), priority: fc.integer({ min: 1, max: 9 }) }, { requiredKeys: ['name', 'type', 'JSONPath'] })],
    ['kubebuilder:metadata', fc.record({ annotations: fc.array(text.map((s) => `k=${s}`), { minLength: 1 }) })],
    ['kubebuilder:title', text],
  ];

  test.each(cases.map(([n, a]) => [n, a] as const))('%s', (name, arb) => {
    expect(value(name)).toBeDefined();
    fc.assert(
      fc.property(arb, (v) => {
        const m: MarkerValue = { name, value: v, span: { file: 'x.ts', line: 1, column: 1 } };
        const line = printMarker(m);
        expect(line).not.toMatch(/[\n\r]/);
        const parsed = parseMarker(line, m.span, name.startsWith('kubebuilder:printcolumn') || name === 'kubebuilder:metadata' ? 'type' : 'field');
        expect(parsed.kind).toBe('marker');
        if (parsed.kind === 'marker') expect(normalizeNegZero(parsed.marker.value)).toBe(normalizeNegZero(v));
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * JSON text of a marker value for comparison: -0 as 0, and integers a double cannot hold exactly as `<digits>n`
 * whether they are numbers (as generated) or bigints (as the grammar reads integer literals beyond 2^53 back).
 */
function normalizeNegZero(v: unknown): string {
  return JSON.stringify(v === undefined ? null : v, (_k, x: unknown) => {
    if (typeof x === 'bigint') return `${x.toString()}n`;
    if (typeof x === 'number' && Number.isInteger(x) && !Number.isSafeInteger(x)) return `${BigInt(x).toString()}n`;
    return Object.is(x, -0) ? 0 : x;
  });
}
