/**
 * Issue 23, part A — `kubegen import` and text that becomes code:
 * - a description, pattern, default, enum value or property name that ends the comment (or string) it is written into
 *   cannot inject markers or statements: each context has one escaping function (generator/render/escape.ts), a text no
 *   doc comment can hold is refused where it came from, and the self-check loads the written text back through the
 *   real loader (every file declarations only; the same model; `kubegen crd` gives the input back);
 * - `import openapi` bounds a kind's expanded schema (the apiserver's 3 MiB request limit), computed in linear time;
 * - `$ref`s ending in `constructor` / `__proto__` / `toString`; two schemas for one kind; `import crd -`; YAML alias
 *   bombs (go-yaml's alias ratio).
 * Property: hostile text in every such position either round-trips exactly or is one located error, nothing written.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { main } from '../../generator/cli';
import { formatProblem, importCrds, importOpenApi, verifyWritten } from '../../generator/import-check';
import { ExpandedSizes, MAX_CRD_BYTES } from '../../generator/import/size';
import { ProblemBag, type JsonObject } from '../../generator/import/source';
import { Origins } from '../../generator/import/origin';
import { DiagnosticBag } from '../../generator/diagnostics';
import { buildCrds } from '../../generator/emit/crd';
import { loadApiModel } from '../../generator/load';
import { RUNS } from './json-arbitrary';
import { hasLoneSurrogate, hostileText } from './text-arbitrary';
import { linearRatios } from './linear-time';
import { present } from '../unit/helpers/present';

jest.setTimeout(120_000);

const ROOT = ['spec', 'versions', 0, 'schema', 'openAPIV3Schema'] as const;

/** A v1 CRD `widgets.ex.example.com` with this root schema. */
function widgetCrd(root: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.ex.example.com' },
    spec: {
      group: 'ex.example.com',
      names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: root } }],
    },
  };
}

/** A root schema whose `spec` has these properties. */
function withSpec(properties: Record<string, unknown>, description?: string): Record<string, unknown> {
  return { ...(description !== undefined ? { description } : {}), type: 'object', properties: { spec: { type: 'object', properties } } };
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-import-round2-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The first top-level statement of `text` that is not a declaration, or undefined (checked on the TypeScript AST). */
function nonDeclaration(file: string, text: string): string | undefined {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  for (const st of sf.statements) {
    const exportOnly = (n: ts.Node) => (ts.canHaveModifiers(n) ? ts.getModifiers(n) ?? [] : []).every((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const ok =
      (ts.isImportDeclaration(st) && st.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword) ||
      (ts.isExportDeclaration(st) && st.isTypeOnly) ||
      (ts.isInterfaceDeclaration(st) && exportOnly(st)) ||
      (ts.isTypeAliasDeclaration(st) && exportOnly(st));
    if (!ok) return `${ts.SyntaxKind[st.kind]}: ${st.getText(sf).slice(0, 80)}`;
  }
  const syntax = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  const [first] = syntax;
  return first ? `syntax error: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}` : undefined;
}

interface RoundTrip {
  errors: string[];
  /** The CRD `kubegen crd` writes from the written TypeScript (undefined after errors). */
  crd?: Record<string, unknown>;
  /** Non-declaration statements found in the written files. */
  statements: string[];
}

/** Imports `crd`; when accepted, writes the TypeScript, checks it holds declarations only, and regenerates the CRD from it. */
function roundTrip(crd: unknown, dir: string): RoundTrip {
  const result = importCrds([{ file: 'widgets.json', text: JSON.stringify(crd) }]);
  const errors = result.problems.filter((p) => p.severity === 'error').map(formatProblem);
  if (errors.length > 0) {
    expect(result.files).toEqual([]);
    return { errors, statements: [] };
  }
  const apis = fs.mkdtempSync(path.join(dir, 'apis-'));
  const statements: string[] = [];
  for (const f of result.files) {
    fs.mkdirSync(path.dirname(path.join(apis, f.path)), { recursive: true });
    fs.writeFileSync(path.join(apis, f.path), f.contents);
    const bad = nonDeclaration(f.path, f.contents);
    if (bad !== undefined) statements.push(`${f.path}: ${bad}`);
  }
  // the written text, loaded by the front end, through `kubegen crd` (as objects: the YAML writer is yaml.v2's, whose
  // text a YAML 1.2 reader would read otherwise for U+2028 / U+2029)
  const loaded = loadApiModel({ root: apis, cwd: apis });
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const bag = new DiagnosticBag();
  const crds = buildCrds(loaded.model, {}, bag);
  expect(bag.items.filter((d) => d.severity === 'error')).toEqual([]);
  expect(crds).toHaveLength(1);
  return { errors, statements, crd: JSON.parse(JSON.stringify(present(crds[0], 'the one CRD').crd)) as Record<string, unknown> };
}

function at(v: unknown, ...keys: ReadonlyArray<string | number>): unknown {
  let x = v;
  for (const k of keys) x = x !== null && typeof x === 'object' && Object.hasOwn(x, k) ? (x as Record<string | number, unknown>)[k] : undefined;
  return x;
}

describe('the repro of issue 23: a description that ends the comment and injects a marker', () => {
  test(
    'is refused at its JSON path, exit 1, nothing written (no TypeScript comment holds */ and U+2028 both)',
    async () => {
      const file = path.join(tmp, 'widgets.yaml');
      fs.writeFileSync(file, JSON.stringify(widgetCrd(withSpec({ a: { type: 'string' } }, 'W */\u2028// +kubebuilder:resource:scope=Cluster'))));
      let err = '';
      const code = await main(['import', 'crd', 'widgets.yaml', '--out', 'apis'], { out: () => undefined, err: (s) => (err += s) }, tmp);
      expect(code).toBe(1);
      expect(err).toBe(
        'kubegen: widgets.yaml:1:346: spec.versions[0].schema.openAPIV3Schema.description: this description cannot be written as a TypeScript doc comment: it holds both */ (which ends a /** comment) and U+2028 (at which a // comment ends), so no TypeScript comment holds it\n',
      );
      expect(fs.existsSync(path.join(tmp, 'apis'))).toBe(false);
    },
    60_000,
  );

  // each text below ends a /** block or a // line somewhere; written through its context's escaping, it comes back
  const cases: Array<[string, Record<string, unknown>, ReadonlyArray<string | number>, unknown]> = [
    ['root description: */ then LF and a marker', withSpec({ a: { type: 'string' } }, 'W */\n// +kubebuilder:resource:scope=Cluster'), [...ROOT, 'description'], undefined],
    ['root description: U+2028 then a marker', withSpec({ a: { type: 'string' } }, 'W\u2028+kubebuilder:resource:scope=Cluster'), [...ROOT, 'description'], undefined],
    ['root description: CR then a marker', withSpec({ a: { type: 'string' } }, 'W\r+kubebuilder:pruning:PreserveUnknownFields'), [...ROOT, 'description'], undefined],
    ['root description: a statement between comments', withSpec({ a: { type: 'string' } }, "*/ export const pwned = require('child_process'); /*"), [...ROOT, 'description'], undefined],
    ['field description: U+2029 and a marker', withSpec({ a: { type: 'string', description: 'a\u2029+kubebuilder:validation:MaxLength=1\u2029`${x}`' } }), [...ROOT, 'properties', 'spec', 'properties', 'a', 'description'], undefined],
    ['pattern: */ and U+2028', withSpec({ a: { type: 'string', pattern: '^a*/\u2028// +kubebuilder:resource:scope=Cluster$' } }), [...ROOT, 'properties', 'spec', 'properties', 'a', 'pattern'], undefined],
    ['pattern: a backtick and a CR', withSpec({ a: { type: 'string', pattern: '^`\r*/$' } }), [...ROOT, 'properties', 'spec', 'properties', 'a', 'pattern'], undefined],
    ['default: */, U+2028 and a quote', withSpec({ a: { type: 'string', default: "*/\u2028// +kubebuilder:resource:scope=Cluster'\"`${x}" } }), [...ROOT, 'properties', 'spec', 'properties', 'a', 'default'], undefined],
    ['default: an object with hostile keys', withSpec({ a: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, default: { '*/\u2028': 'x\u2029', __proto__x: 1 } } }), [...ROOT, 'properties', 'spec', 'properties', 'a', 'default'], undefined],
    ['enum values: */, U+2028, quotes, ${', withSpec({ a: { type: 'string', enum: ['*/\u2028// +kubebuilder:resource:scope=Cluster', "'", '"', '`${a}`', '\\'] } }), [...ROOT, 'properties', 'spec', 'properties', 'a', 'enum'], undefined],
    ['property name: */, U+2028 and quotes', withSpec({ "a*/\u2028'b\"`${c}": { type: 'string' } }), [...ROOT, 'properties', 'spec', 'properties'], undefined],
    ['validation rule message: */ and U+2028', withSpec({ a: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.size() > 0', message: '*/\u2028// +kubebuilder:resource:scope=Cluster' }] } }), [...ROOT, 'properties', 'spec', 'properties', 'a', 'x-kubernetes-validations'], undefined],
  ];

  test.each(cases)(
    '%s: round-trips exactly, declarations only, the scope stays Namespaced',
    (_name, root, where) => {
      const input = widgetCrd(root);
      const r = roundTrip(input, tmp);
      expect(r.errors).toEqual([]);
      expect(r.statements).toEqual([]);
      expect(at(r.crd, 'spec', 'scope')).toBe('Namespaced');
      expect(at(r.crd, ...where)).toEqual(at(input, ...where));
      expect(at(r.crd, ...ROOT, 'x-kubernetes-preserve-unknown-fields')).toBeUndefined();
    },
    60_000,
  );
});

describe('the self-check reads the text it wrote back through the loader', () => {
  const plain = widgetCrd(withSpec({ a: { type: 'string' } }, 'A widget.'));

  function importPlain() {
    const result = importCrds([{ file: 'widgets.json', text: JSON.stringify(plain) }]);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const kindFile = result.files.find((f) => f.path.endsWith('/widget.ts'));
    expect(kindFile).toBeDefined();
    return { result, kindFile: present(kindFile, 'the widget kind file') };
  }

  test(
    'a statement in a written file is an error, before anything loads it',
    () => {
      const { result, kindFile } = importPlain();
      const files = result.files.map((f) => (f === kindFile ? { ...f, contents: `${f.contents}export const pwned = 1;\n` } : f));
      const line = kindFile.contents.split('\n').length;
      const bag = new ProblemBag();
      verifyWritten(files, result.model, new Origins(result.model, ['widgets.json']), bag);
      expect(bag.items.map(formatProblem)).toEqual([
        `widgets.json: internal: the TypeScript written for ex.example.com/v1/widget.ts holds a FirstStatement at ${line}:1, not only declarations; nothing is written`,
      ]);
    },
    60_000,
  );

  test(
    'a marker the model does not have (the text says another thing than the model) is an error at the model path',
    () => {
      const { result, kindFile } = importPlain();
      const injected = kindFile.contents.replace('/**\n * A widget.\n', '/**\n * A widget.\n * +kubebuilder:resource:scope=Cluster\n');
      expect(injected).not.toBe(kindFile.contents);
      const files = result.files.map((f) => (f === kindFile ? { ...f, contents: injected } : f));
      const bag = new ProblemBag();
      verifyWritten(files, result.model, new Origins(result.model, ['widgets.json']), bag);
      expect(bag.items.map(formatProblem)).toEqual([expect.stringMatching(/^widgets\.json: packages\[0\]\.kinds\[0\]\.\S+: internal: the written TypeScript loads back as another model \(meant .*, read .*\)$/)]);
    },
    60_000,
  );

  test(
    'the untouched files pass',
    () => {
      const { result } = importPlain();
      const bag = new ProblemBag();
      verifyWritten(result.files, result.model, new Origins(result.model, ['widgets.json']), bag);
      expect(bag.items).toEqual([]);
    },
    60_000,
  );
});

/** An OpenAPI document with the kind `io.example.v1.Foo` (group x.example.com) and these other component schemas. */
function openapi(fooProps: Record<string, unknown>, schemas: Record<string, unknown> = {}): string {
  return JSON.stringify({
    openapi: '3.0.0',
    components: {
      schemas: {
        'io.example.v1.Foo': {
          type: 'object',
          'x-kubernetes-group-version-kind': [{ group: 'x.example.com', version: 'v1', kind: 'Foo' }],
          properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }, ...fooProps },
        },
        ...schemas,
      },
    },
  });
}

describe('import openapi: names are looked up by own key', () => {
  test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    '$ref "#/components/schemas/%s" to no schema is a located error, not a type named after a prototype member',
    (name) => {
      const r = importOpenApi([{ file: 'api.json', text: openapi({ spec: { $ref: `#/components/schemas/${name}` } }) }]);
      expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
        `api.json:1:333: components.schemas["io.example.v1.Foo"].properties.spec: $ref "#/components/schemas/${name}" does not name a component schema`,
      ]);
      expect(r.files).toEqual([]);
    },
    60_000,
  );

  test(
    'schemas named constructor, __proto__ and toString are ordinary declarations that load back',
    () => {
      const names = ['constructor', '__proto__', 'toString'];
      const schemas = Object.fromEntries(names.map((n) => [`io.example.v1.${n}`, { type: 'object', properties: { v: { type: 'string' } } }]));
      const props = Object.fromEntries(names.map((n, i) => [`p${i}`, { $ref: `#/components/schemas/io.example.v1.${n}` }]));
      const r = importOpenApi([{ file: 'api.json', text: openapi(props, schemas) }]);
      expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
      const text = r.files.map((f) => f.contents).join('\n');
      expect(text).not.toMatch(/\[object Object\]|function Object\(\)|native code/);
      for (const f of r.files) expect(nonDeclaration(f.path, f.contents)).toBeUndefined();
      for (const n of names) expect(text).toContain(`export interface ${n} {`);
    },
    60_000,
  );
});

describe('import openapi: one declaration per name, one schema per kind', () => {
  test(
    'two schemas for one group/version/kind are a located error (one was silently dropped)',
    () => {
      const doc = JSON.parse(openapi({})) as { components: { schemas: Record<string, unknown> } };
      doc.components.schemas['io.other.v1.Foo'] = doc.components.schemas['io.example.v1.Foo'];
      const r = importOpenApi([{ file: 'api.json', text: JSON.stringify(doc) }]);
      expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
        'api.json:1:370: components.schemas["io.other.v1.Foo"].x-kubernetes-group-version-kind: a second schema for the kind Foo of x.example.com/v1 (the first is components.schemas["io.example.v1.Foo"])',
      ]);
      expect(r.files).toEqual([]);
    },
    60_000,
  );

  test(
    'two schemas whose names meet in one declaration are a located error',
    () => {
      const r = importOpenApi([
        { file: 'api.json', text: openapi({ a: { $ref: '#/components/schemas/io.example.v1.Bar-1' }, b: { $ref: '#/components/schemas/io.example.v1.Bar_1' } }, { 'io.example.v1.Bar-1': { type: 'string' }, 'io.example.v1.Bar_1': { type: 'integer' } }) },
      ]);
      expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
        'api.json:1:487: components.schemas["io.example.v1.Bar_1"]: schema "io.example.v1.Bar_1" would be declared as Bar_1 in x.example.com/v1, as components.schemas["io.example.v1.Bar-1"] is: rename one of them',
      ]);
    },
    60_000,
  );
});

/** `n` schemas `S0 … S(n-1)`, each with two properties referencing the next; the kind Foo references S0. */
function chain(n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? { $ref: `#/components/schemas/io.example.v1.S${i + 1}` } : { type: 'string', description: 'x'.repeat(64) };
    schemas[`io.example.v1.S${i}`] = { type: 'object', description: `level ${i}`, properties: { left: next, right: next } };
  }
  return openapi({ spec: { $ref: '#/components/schemas/io.example.v1.S0' } }, schemas);
}

describe('import openapi: a kind whose expanded schema the apiserver would refuse', () => {
  test(
    '40 schemas each referencing the next twice (2^40 copies) are refused at the kind, in bounded time',
    () => {
      const before = process.cpuUsage();
      const r = importOpenApi([{ file: 'api.json', text: chain(40) }]);
      const cpu = process.cpuUsage(before);
      expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
        expect.stringMatching(/^api\.json:1:45: components\.schemas\["io\.example\.v1\.Foo"\]: this kind's schema, its references expanded as its CRD holds it, is \d{15} bytes of JSON: more than the 3145728 bytes \(3 MiB\) the apiserver accepts in one request, so its CRD could not be installed$/),
      ]);
      expect(r.files).toEqual([]);
      // before: accepted, then `kubegen crd` doubled per level (16 levels: 2 s; 40: never ends)
      expect((cpu.user + cpu.system) / 1000).toBeLessThan(10_000);
    },
    60_000,
  );

  test(
    'a chain that stays under the bound is imported (12 levels: 4096 copies of a small leaf)',
    () => {
      const r = importOpenApi([{ file: 'api.json', text: chain(12) }]);
      expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
      expect(r.files.length).toBeGreaterThan(0);
    },
    120_000,
  );

  test('the expanded size is computed in linear time: 10x the schemas, at most 20x the CPU time', () => {
    const schemasOf = (n: number) => {
      const m = new Map<string, JsonObject>();
      for (let i = 0; i < n; i++) {
        const next = i + 1 < n ? { $ref: `S${i + 1}` } : { type: 'string' };
        m.set(`S${i}`, { type: 'object', properties: { left: next, right: next, third: next } } as unknown as JsonObject);
      }
      return m;
    };
    const small = schemasOf(2_000);
    const large = schemasOf(20_000);
    expect(new ExpandedSizes(small, (ref) => ref).of('S0')).toBeGreaterThan(MAX_CRD_BYTES);
    expect(new ExpandedSizes(large, (ref) => ref).of('S0')).toBe(Infinity); // 3^20000 copies: counted, never built
    const ratios = linearRatios(() => new ExpandedSizes(small, (ref) => ref).of('S0'), () => new ExpandedSizes(large, (ref) => ref).of('S0'), 20);
    expect({ ratios, holds: ratios.some((r) => r <= 20) }).toEqual({ ratios, holds: true });
  });
});

describe('import crd - (standard input)', () => {
  const text = JSON.stringify(widgetCrd(withSpec({ a: { type: 'string' } })));

  test(
    'reads the CRD from standard input through the command line',
    async () => {
      let err = '';
      const io = { out: () => undefined, err: (s: string) => (err += s), stdin: () => text };
      expect(await main(['import', 'crd', '-', '--out', 'apis'], io, tmp)).toBe(0);
      expect(err).toBe('');
      expect(fs.existsSync(path.join(tmp, 'apis', 'ex.example.com', 'v1', 'widget.ts'))).toBe(true);
    },
    60_000,
  );

  test(
    'problems in standard input name <stdin>; options after - are still options, unknown ones still refused',
    async () => {
      let err = '';
      const io = { out: () => undefined, err: (s: string) => (err += s), stdin: () => 'kind: Nothing\n' };
      expect(await main(['import', 'crd', '-', '--out', 'apis'], io, tmp)).toBe(1);
      expect(err).toBe('kubegen: <stdin>: not a CustomResourceDefinition (apiVersion null, kind "Nothing"); expected apiextensions.k8s.io/v1 or v1beta1\n');
      let err2 = '';
      expect(await main(['import', 'crd', '-', '--bogus', '--out', 'apis'], { out: () => undefined, err: (s) => (err2 += s) }, tmp)).toBe(2);
      expect(err2).toBe('kubegen: Unknown argument: bogus (see kubegen --help)\n');
      expect(fs.existsSync(path.join(tmp, 'apis'))).toBe(false);
    },
    60_000,
  );
});

describe('YAML alias bombs', () => {
  /** Nine levels of nine aliases each: 9^9 (387 million) values when expanded. */
  function laughs(): string {
    let s = 'a0: &a0 "lol"\n';
    for (let i = 1; i <= 9; i++) s += `a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]\n`;
    return s;
  }

  test(
    "are refused as go-yaml refuses them (excessive aliasing), in little CPU time",
    () => {
      const before = process.cpuUsage();
      const r = importCrds([{ file: 'bomb.yaml', text: laughs() }]);
      const cpu = process.cpuUsage(before);
      expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/^bomb\.yaml: document 1: the document contains excessive aliasing \(\d+ of the first \d+ values come from aliases; the apiserver's YAML decoder refuses it too\)$/)]);
      // before: bounded by the 5 million values limit only, 14–20 s of CPU
      expect((cpu.user + cpu.system) / 1000).toBeLessThan(3_000);
    },
    60_000,
  );

  test(
    'moderate aliasing is still read (an anchor reused a few times)',
    () => {
      const ok = importCrds([{ file: 'aliases.yaml', text: `---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.ex.example.com}\nspec:\n  group: ex.example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              a: &str {type: string, maxLength: 3}\n              b: *str\n              c: *str\n` }]);
      expect(ok.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
      expect(ok.files.length).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe('property: hostile text in a CRD round-trips exactly or is one located error', () => {
  type Place = 'rootDescription' | 'fieldDescription' | 'pattern' | 'enum' | 'default' | 'name';
  const places: Place[] = ['rootDescription', 'fieldDescription', 'pattern', 'enum', 'default', 'name'];

  function place(where: Place, t: string): { root: Record<string, unknown>; path: ReadonlyArray<string | number> } {
    const field = [...ROOT, 'properties', 'spec', 'properties', 'a'];
    switch (where) {
      case 'rootDescription':
        return { root: withSpec({ a: { type: 'string' } }, t), path: [...ROOT, 'description'] };
      case 'fieldDescription':
        return { root: withSpec({ a: { type: 'string', description: t } }), path: [...field, 'description'] };
      case 'pattern':
        return { root: withSpec({ a: { type: 'string', pattern: t } }), path: [...field, 'pattern'] };
      case 'enum':
        return { root: withSpec({ a: { type: 'string', enum: [t, `${t}2`] } }), path: [...field, 'enum'] };
      case 'default':
        return { root: withSpec({ a: { type: 'string', default: t } }), path: [...field, 'default'] };
      case 'name':
        return { root: withSpec({ [t]: { type: 'string', description: t.length > 0 && !/^\s*[+]/.test(t) ? 'named' : 'x' } }), path: [...ROOT, 'properties', 'spec', 'properties'] };
    }
  }

  /** What may refuse a text, by place: a doc comment's limits, a pattern that is not RE2, a name the apiserver refuses. */
  const REFUSALS: Record<Place, RegExp> = {
    rootDescription: /: (this description cannot be written as a TypeScript doc comment|the description line .* would (read as a marker|be dropped))/,
    fieldDescription: /: (this description cannot be written as a TypeScript doc comment|the description line .* would (read as a marker|be dropped))/,
    pattern: /\.pattern: /,
    enum: /\.enum: /,
    default: /\.default: /,
    name: /\.properties(\.|\[)/,
  };

  test(
    'descriptions, patterns, enum values, defaults and property names',
    () => {
      let accepted = 0;
      const seen = new Map<Place, number>();
      fc.assert(
        fc.property(fc.constantFrom(...places), hostileText(), (where, t) => {
          const { root, path: p } = place(where, t);
          const input = widgetCrd(root);
          const r = roundTrip(input, tmp);
          if (r.errors.length > 0) {
            // refused: one located line per problem, never an internal error, and only for the reasons of its place
            for (const e of r.errors) {
              expect(e).not.toMatch(/internal|[\n\r\u2028\u2029]/);
              expect(e).toMatch(/^widgets\.json(:\d+:\d+|: spec\.versions\[0\]\S*): /);
            }
            // a lone surrogate is refused where it is read: no CRD holds one (the apiserver reads U+FFFD)
            if (hasLoneSurrogate(t)) expect(r.errors.join('\n')).toMatch(/^widgets\.json:\d+:\d+: the string holds a lone surrogate/m);
            else expect(r.errors.some((e) => REFUSALS[where].test(e))).toBe(true);
            if (where === 'rootDescription' || where === 'fieldDescription') {
              // a text a doc comment can hold is never refused for that reason
              const fits = !(t.includes('*/') && /[\r\u2028\u2029]/.test(t));
              if (fits) expect(r.errors.join('\n')).not.toMatch(/cannot be written as a TypeScript doc comment/);
            }
            return;
          }
          accepted++;
          seen.set(where, (seen.get(where) ?? 0) + 1);
          expect(r.statements).toEqual([]);
          expect(at(r.crd, 'spec', 'scope')).toBe('Namespaced');
          expect(at(r.crd, ...ROOT, 'x-kubernetes-preserve-unknown-fields')).toBeUndefined();
          const want = at(input, ...p);
          const got = at(r.crd, ...p);
          if (where === 'rootDescription' || where === 'fieldDescription') {
            // the importer normalises descriptions as a doc comment holds them (trailing spaces, blank lines): a warning
            expect(typeof got === 'string' || got === undefined).toBe(true);
            expect((got ?? '') as string).toBe(normalisedDoc(want as string));
          } else expect(got).toEqual(want);
          fs.rmSync(tmp, { recursive: true, force: true });
          fs.mkdirSync(tmp);
        }),
        { numRuns: RUNS },
      );
      // the property is not vacuous: most hostile texts are imported and checked
      expect(accepted).toBeGreaterThan(RUNS * 0.3);
    },
    RUNS * 2_000 + 60_000,
  );
});

/** A description as a doc comment holds it (the loader's rules): trailing white space per line and blank-line runs go. */
function normalisedDoc(d: string): string {
  const trailingBreak = /[^\s]\n$/.test(d);
  const lines: string[] = [];
  for (const raw of d.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line === '' && (lines.length === 0 || lines[lines.length - 1] === '')) continue;
    lines.push(line);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  // a trailing break is written as a `---` cut, which an open code fence does not end
  const fenceOpen = lines.filter((l) => l.startsWith('```') || l.startsWith('~~~')).length % 2 === 1;
  return lines.join('\n') + (trailingBreak && !fenceOpen ? '\n' : '');
}
