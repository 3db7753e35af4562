/**
 * `@kubegen/api` follows k8s.io/api's optionality: a field is optional (`?`) exactly when its Go field's json tag has
 * `omitempty` or `omitzero`, or its Go type is a pointer; every other field is required (encoding/json always writes
 * it). The OpenAPI's `required` lists are openapi-gen's `+required` / `+optional` markers and are not the same thing
 * (`Deployment.spec` is `+required` yet `omitempty`).
 *
 * The oracle is the Go source itself, dumped afresh by `scripts/godocs` (`go run`, over the module cache, at the
 * Kubernetes release of api/kubernetes-version.json): every built-in kind and list of `@kubegen/api` (each interface
 * extending TypeMeta) and every type reachable from it, through the runtime's meta types too (ObjectMeta,
 * OwnerReference, LabelSelector …), is read with TypeScript's checker from the committed sources (api/src,
 * runtime/src) and each property compared with its Go field: same field names, same optionality.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

// This file runs `go run` (scripts/godocs) and builds a TypeScript program over api/src and runtime/src: a generous
// timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(600_000);

const root = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the repository, without type declarations
const { goDocs } = require('../../scripts/go-docs.js') as { goDocs: (version: string) => string };
const version = (JSON.parse(fs.readFileSync(path.join(root, 'api', 'kubernetes-version.json'), 'utf8')) as { kubernetes: string }).kubernetes;

interface GoField { tag: string; pointer?: boolean }
interface GoType { fields?: Record<string, GoField>; embeds?: string[] }
type GoTypes = Record<string, GoType>;

/** What encoding/json does with a field: left out (omitempty / omitzero), nil (a pointer), or always written. */
function goOptional(f: GoField): boolean {
  const options = f.tag.split(',').slice(1);
  return f.pointer === true || options.includes('omitempty') || options.includes('omitzero');
}

/** A Go struct's JSON fields, those of embedded structs without a JSON name (encoding/json inlines them) included. */
function goFields(go: GoTypes, name: string, seen = new Set<string>()): Map<string, GoField> | undefined {
  const t = Object.hasOwn(go, name) ? go[name] : undefined;
  if (!t || seen.has(name)) return undefined;
  seen.add(name);
  const out = new Map<string, GoField>();
  for (const e of t.embeds ?? []) for (const [k, f] of goFields(go, e, seen) ?? []) if (!out.has(k)) out.set(k, f);
  for (const [k, f] of Object.entries(t.fields ?? {})) out.set(k, f);
  return out;
}

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/**
 * The Go (OpenAPI) name of a TypeScript interface, from where it is declared: `api/src/<group>/<version>/types.ts`
 * is k8s.io/api/<group>/<version> (apiextensions, apiregistration and meta from their own modules, internal from
 * k8s.io/api/apiserverinternal), `runtime/src/meta` holds
 * apimachinery's meta/v1 types.
 */
function goNameOf(decl: ts.Declaration, declared: string): string | undefined {
  // an interface the importer renamed (`CustomResourceSubresourceStatus2`) is declared under its Go name by an alias
  const alias = decl.getSourceFile().statements.find((s) => ts.isTypeAliasDeclaration(s) && ts.isTypeReferenceNode(s.type) && s.type.typeName.getText() === declared) as ts.TypeAliasDeclaration | undefined;
  const name = alias?.name.text ?? declared;
  const file = path.relative(root, decl.getSourceFile().fileName).split(path.sep).join('/');
  const api = /^api\/src\/([^/]+)\/([^/]+)\/types\.ts$/.exec(file);
  if (api) {
    const [, group, v] = api;
    if (group === 'meta') return `${META}.${name}`;
    if (group === 'apiextensions') return `io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.${v}.${name}`;
    if (group === 'apiregistration') return `io.k8s.kube-aggregator.pkg.apis.apiregistration.${v}.${name}`;
    // internal.apiserver.k8s.io is k8s.io/api/apiserverinternal
    if (group === 'internal') return `io.k8s.api.apiserverinternal.${v}.${name}`;
    return `io.k8s.api.${group}.${v}.${name}`;
  }
  // the runtime's own declarations of apimachinery's and core/v1's (autoscaling/v1's) types
  if (file === 'runtime/src/meta/core.ts') return `io.k8s.api.core.v1.${name}`;
  if (file === 'runtime/src/meta/autoscaling.ts') return `io.k8s.api.autoscaling.v1.${name}`;
  if (/^runtime\/src\/meta\/[^/]+\.ts$/.test(file)) return name === 'RawExtension' ? 'io.k8s.apimachinery.pkg.runtime.RawExtension' : `${META}.${name}`;
  return undefined;
}

interface Row { type: string; field: string; go: boolean; ts: boolean }

interface Walk {
  /** Go name → TypeScript interface name, for every struct reached. */
  reached: Map<string, string>;
  /** Property-by-property comparison. */
  rows: Row[];
  /** Fields on one side only, interfaces with no Go type. */
  problems: string[];
  kinds: string[];
}

function walk(go: GoTypes): Walk {
  const typesFiles: string[] = [];
  for (const group of fs.readdirSync(path.join(root, 'api', 'src')).sort()) {
    const g = path.join(root, 'api', 'src', group);
    if (!fs.statSync(g).isDirectory()) continue;
    for (const v of fs.readdirSync(g).sort()) if (fs.existsSync(path.join(g, v, 'types.ts'))) typesFiles.push(path.join(g, v, 'types.ts'));
  }
  const program = ts.createProgram(typesFiles, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    // the runtime's sources, not a build in runtime/dist that may be stale
    paths: { '@kubegen/runtime': [path.join(root, 'runtime', 'src', 'index.ts')] },
    types: [],
  });
  const checker = program.getTypeChecker();
  const out: Walk = { reached: new Map(), rows: [], problems: [], kinds: [] };
  const visit = (type: ts.Type): void => {
    const t = checker.getNonNullableType(type);
    if (t.isUnion()) { t.types.forEach(visit); return; }
    if (!(t.flags & ts.TypeFlags.Object)) return; // string, number, a literal: nothing inside
    if (checker.isArrayType(t)) { checker.getTypeArguments(t as ts.TypeReference).forEach(visit); return; }
    const index = checker.getIndexInfosOfType(t);
    for (const info of index) visit(info.type);
    const sym = t.aliasSymbol ?? t.getSymbol();
    const decl = sym?.getDeclarations()?.find((d) => ts.isInterfaceDeclaration(d));
    if (!sym || !decl) return;
    const goName = goNameOf(decl, sym.getName());
    if (goName === undefined) {
      out.problems.push(`${sym.getName()} (${path.relative(root, decl.getSourceFile().fileName)}): no Go type known for this declaration`);
      return;
    }
    if (out.reached.has(goName)) return;
    out.reached.set(goName, sym.getName());
    if (goName === 'io.k8s.apimachinery.pkg.runtime.RawExtension') return; // any object: no fields of its own
    const fields = goFields(go, goName);
    if (!fields) {
      out.problems.push(`${sym.getName()}: no Go struct ${goName}`);
      return;
    }
    const props = checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(sym));
    for (const p of props) {
      const f = fields.get(p.getName());
      if (!f) {
        out.problems.push(`${goName}.${p.getName()}: in TypeScript, not in Go`);
        continue;
      }
      out.rows.push({ type: goName, field: p.getName(), go: goOptional(f), ts: (p.getFlags() & ts.SymbolFlags.Optional) !== 0 });
      visit(checker.getTypeOfSymbol(p));
    }
    for (const k of fields.keys()) if (!props.some((p) => p.getName() === k)) out.problems.push(`${goName}.${k}: in Go, not in TypeScript`);
  };
  for (const file of typesFiles) {
    const sf = program.getSourceFile(file)!;
    for (const st of sf.statements) {
      if (!ts.isInterfaceDeclaration(st)) continue;
      const heritage = st.heritageClauses?.flatMap((h) => h.types.map((x) => x.expression.getText(sf))) ?? [];
      if (!heritage.includes('TypeMeta')) continue;
      const sym = checker.getSymbolAtLocation(st.name)!;
      out.kinds.push(goNameOf(st, st.name.text)!);
      visit(checker.getDeclaredTypeOfSymbol(sym));
    }
  }
  return out;
}

describe('@kubegen/api optionality follows the Go types of k8s.io/api', () => {
  let go: GoTypes;
  let result: Walk;
  beforeAll(() => {
    go = JSON.parse(goDocs(version)) as GoTypes;
    result = walk(go);
  });

  test('every built-in kind is reached, with the types of its fields', () => {
    // the kinds of every group version (and their lists); spot checks that the walk reaches nested and runtime types
    expect(result.kinds.length).toBeGreaterThan(100);
    expect(result.kinds).toEqual(expect.arrayContaining(['io.k8s.api.apps.v1.Deployment', 'io.k8s.api.core.v1.Service', 'io.k8s.api.core.v1.Pod', 'io.k8s.api.core.v1.PodList', 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition']));
    expect([...result.reached.keys()]).toEqual(expect.arrayContaining([
      'io.k8s.api.core.v1.Container', 'io.k8s.api.core.v1.Probe', 'io.k8s.api.core.v1.ObjectReference', `${META}.ObjectMeta`, `${META}.OwnerReference`, `${META}.ManagedFieldsEntry`, `${META}.LabelSelector`, `${META}.ListMeta`, `${META}.ShardInfo`,
    ]));
    expect(result.rows.length).toBeGreaterThan(2000);
  });

  test('every TypeScript property is a Go field and every Go field a property', () => {
    expect(result.problems).toEqual([]);
  });

  test("every field's optionality is the Go field's: omitempty, omitzero or a pointer ⇒ optional", () => {
    const wrong = result.rows.filter((r) => r.go !== r.ts).map((r) => `${r.type}.${r.field}: Go ${r.go ? 'optional' : 'required'}, TypeScript ${r.ts ? 'optional' : 'required'}`);
    expect(wrong).toEqual([]);
  });

  // given: a Go type and field; want: its optionality, in the Go source and in @kubegen/api
  test.each([
    ['io.k8s.api.apps.v1.Deployment', 'spec', true], // `+required` but omitempty: optional in Go's JSON
    ['io.k8s.api.core.v1.Service', 'spec', true],
    ['io.k8s.api.core.v1.Pod', 'spec', true],
    ['io.k8s.api.core.v1.Pod', 'metadata', true],
    ['io.k8s.api.apps.v1.DeploymentSpec', 'selector', true], // a pointer without omitempty: nil is written as null
    ['io.k8s.api.apps.v1.DeploymentSpec', 'template', false],
    ['io.k8s.api.core.v1.Container', 'name', false],
    ['io.k8s.api.core.v1.Container', 'image', true],
    ['io.k8s.api.core.v1.PodSpec', 'containers', false],
    ['io.k8s.api.rbac.v1.Role', 'rules', false], // `+optional` yet no omitempty: Go always writes it
    ['io.k8s.api.events.v1.Event', 'metadata', false],
    [`${META}.ObjectMeta`, 'name', true],
    [`${META}.ObjectMeta`, 'namespace', true],
    [`${META}.ObjectMeta`, 'labels', true],
    [`${META}.ObjectMeta`, 'annotations', true],
    [`${META}.ObjectMeta`, 'ownerReferences', true],
    [`${META}.ObjectMeta`, 'creationTimestamp', true],
    [`${META}.ObjectMeta`, 'deletionTimestamp', true],
    [`${META}.OwnerReference`, 'uid', false],
    [`${META}.OwnerReference`, 'controller', true],
  ])('%s.%s is %s', (type, field, optional) => {
    expect(goOptional(goFields(go, type)!.get(field)!)).toBe(optional);
    expect(result.rows.find((r) => r.type === type && r.field === field)).toEqual({ type, field, go: optional, ts: optional });
  });
});
