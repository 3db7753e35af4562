/**
 * The importer recognises Kubernetes' built-in types (`@kubegen/api`) by their exact embedded schema
 * (generator/import/api-types.ts): what is recognised where (a property, list items, map values), what is a near
 * miss (a description, a property, a validation of another Kubernetes version: declarations, whose own parts are
 * still recognised), and that the written TypeScript names a built-in type even where the package declares the name.
 * The input is test/import/valid/builtin-types (a kind embedding PodTemplateSpec, []Toleration and
 * map[string]ResourceRequirements, made by `kubegen crd`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { importCrds as importUnchecked } from '../../../../generator/import';
import { importCrds, formatProblem } from '../../../../generator/import-check';
import type { ApiModel, TypeDecl, TypeRef } from '../../../../generator/model/types';

// Each case imports a 600 kB CRD, the checked ones also load the written TypeScript back: generous for a loaded machine.
jest.setTimeout(120_000);

const root = path.join(__dirname, '..', '..', '..', '..');
const CORE = '@kubegen/api/core/v1';
const PKG = 'runners.example.com/v1';

type Json = Record<string, unknown>;
const original = parse(fs.readFileSync(path.join(root, 'test', 'import', 'valid', 'builtin-types', 'input.yaml'), 'utf8')) as Json;

/** A fresh copy of the input CRD and its `spec` schema, to edit. */
function crd(): { doc: Json; spec: Json } {
  const doc = structuredClone(original);
  const versions = (doc.spec as { versions: Array<{ schema: { openAPIV3Schema: { properties: { spec: Json } } } }> }).versions;
  const spec = versions[0]?.schema.openAPIV3Schema.properties.spec;
  if (!spec) throw new Error('the input has no spec schema');
  return { doc, spec };
}

/** A property schema by its path of property names (through `items` of arrays). */
function at(schema: Json, ...names: string[]): Json {
  let s = schema;
  for (const n of names) {
    const next = (s.properties as Record<string, Json> | undefined)?.[n];
    if (!next) throw new Error(`no property ${n}`);
    s = next.type === 'array' ? (next.items as Json) : next;
  }
  return s;
}

function imported(doc: Json): ApiModel {
  const result = importUnchecked([{ file: 'input.yaml', text: JSON.stringify(doc) }]);
  expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
  return result.model;
}

function decl(model: ApiModel, pkg: string, name: string): TypeDecl {
  const d = model.packages.find((p) => p.id === pkg)?.types.find((t) => t.name === name);
  if (!d) throw new Error(`no declaration ${pkg}.${name}`);
  return d;
}

/** The type of a field of a struct declaration. */
function field(d: TypeDecl, name: string): TypeRef {
  const f = d.type.kind === 'struct' ? d.type.fields.find((x) => x.name === name) : undefined;
  if (!f) throw new Error(`${d.name} has no field ${name}`);
  return f.type;
}

/** The declaration a named reference of the model names. */
function target(model: ApiModel, t: TypeRef): TypeDecl {
  const inner = t.kind === 'array' ? t.items : t.kind === 'map' ? t.values : t;
  if (inner.kind !== 'named') throw new Error(`not a named type: ${inner.kind}`);
  return decl(model, inner.package, inner.name);
}

const named = (pkg: string, name: string) => ({ kind: 'named', package: pkg, name });

test('a schema equal to a built-in type is that type: at a property, as list items, as map values; its declarations follow', () => {
  const model = imported(crd().doc);
  const spec = decl(model, PKG, 'RunnerSpec');
  expect(field(spec, 'template')).toEqual(named(CORE, 'PodTemplateSpec'));
  expect(field(spec, 'tolerations')).toEqual({ kind: 'array', items: named(CORE, 'Toleration') });
  expect(field(spec, 'budgets')).toEqual({ kind: 'map', values: named(CORE, 'ResourceRequirements') });
  // the library package holds what PodTemplateSpec reaches, as the loader makes it from `@kubegen/api/core/v1`
  const core = model.packages.find((p) => p.id === CORE);
  expect(core?.types.map((t) => t.name)).toEqual(expect.arrayContaining(['PodTemplateSpec', 'PodSpec', 'Container', 'Volume', 'Toleration', 'ResourceRequirements']));
  expect(model.packages.find((p) => p.id === PKG)?.types.map((t) => t.name).sort()).toEqual(['Runner', 'RunnerList', 'RunnerSpec', 'RunnerStatus']);
});

describe('a near miss (another Kubernetes version of the type) stays declarations; its parts are still recognised', () => {
  const containers = (spec: Json) => at(spec, 'template', 'spec', 'containers');
  test.each<[string, (spec: Json) => void]>([
    ['a description differs deep inside', (s) => { at(containers(s), 'name').description = 'Name of the container (an older wording).'; }],
    ['a property more (a newer version)', (s) => { (containers(s).properties as Json).sleepBeforeStart = { type: 'boolean' }; }],
    ['a property less (an older version)', (s) => { delete (containers(s).properties as Json).stdin; }],
    ['a validation more', (s) => { at(containers(s), 'name').maxLength = 63; }],
  ])('%s', (_name, edit) => {
    const { doc, spec } = crd();
    edit(spec);
    const model = imported(doc);
    const template = target(model, field(decl(model, PKG, 'RunnerSpec'), 'template'));
    expect(template.package).toBe(PKG);
    const podSpec = target(model, field(template, 'spec'));
    expect(podSpec.package).toBe(PKG);
    expect(target(model, field(podSpec, 'containers')).package).toBe(PKG);
    // the siblings the edit did not touch are the built-in types
    expect(field(template, 'metadata')).toEqual({ kind: 'wellKnown', name: 'ObjectMeta' });
    expect(field(podSpec, 'affinity')).toEqual(named(CORE, 'Affinity'));
    expect(field(podSpec, 'initContainers')).toEqual({ kind: 'array', items: named(CORE, 'Container') });
    expect(field(podSpec, 'volumes')).toEqual({ kind: 'array', items: named(CORE, 'Volume') });
  });

  test('and the near miss gives the CRD back exactly (the self-check loads the TypeScript back)', () => {
    const { doc, spec } = crd();
    (containers(spec).properties as Json).sleepBeforeStart = { type: 'boolean', description: 'A field of a newer Kubernetes version.' };
    const result = importCrds([{ file: 'input.yaml', text: JSON.stringify(doc) }]);
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.files.length).toBeGreaterThan(0);
  });
});

test("a property's own description replaces the type's, and nullable is the property's; list items carry the type's own", () => {
  const { doc, spec } = crd();
  const template = at(spec, 'template');
  template.description = 'template is another description of the pod template.';
  template.nullable = true;
  at(spec, 'tolerations').description = 'A toleration (not the type\'s own description).';
  const result = importCrds([{ file: 'input.yaml', text: JSON.stringify(doc) }]);
  expect(result.problems.map(formatProblem)).toEqual([]);
  const runnerSpec = decl(result.model, PKG, 'RunnerSpec');
  const f = runnerSpec.type.kind === 'struct' ? runnerSpec.type.fields.find((x) => x.name === 'template') : undefined;
  expect(f).toMatchObject({ type: named(CORE, 'PodTemplateSpec'), nullable: true, doc: 'template is another description of the pod template.' });
  // list items have no description of their own in Go: another one is another type
  expect(target(result.model, field(runnerSpec, 'tolerations')).package).toBe(PKG);
});

test('a built-in type named like a declaration of the package is imported under an alias, and loads back', () => {
  const { doc } = crd();
  const names = (doc.spec as { names: Json }).names;
  Object.assign(names, { kind: 'Toleration', listKind: 'TolerationList', plural: 'tolerations', singular: 'toleration' });
  (doc.metadata as Json).name = 'tolerations.runners.example.com';
  const result = importCrds([{ file: 'input.yaml', text: JSON.stringify(doc) }]);
  expect(result.problems.map(formatProblem)).toEqual([]);
  const file = result.files.find((f) => f.path === `${PKG}/toleration.ts`);
  expect(file?.contents).toContain(`import type { PodTemplateSpec, ResourceRequirements, Toleration as api_core_v1_Toleration } from '${CORE}';`);
  expect(file?.contents).toContain('tolerations?: api_core_v1_Toleration[];');
  expect(field(decl(result.model, PKG, 'TolerationSpec'), 'tolerations')).toEqual({ kind: 'array', items: named(CORE, 'Toleration') });
});
