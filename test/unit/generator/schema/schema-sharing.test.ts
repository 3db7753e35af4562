/**
 * Named types' schemas are built once and shared by every use (copy on write, not a deep clone per use): the
 * contracts that keep that invisible in the output — a use site's markers, embedding merges and omitempty never
 * change the shared schema, equal uses give equal (and shared) subtrees, and the YAML writer's memo changes nothing.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiagnosticBag } from '../../../../generator/diagnostics';
import { buildCrds, crdGenerator } from '../../../../generator/emit/crd';
import { createGenerationContext, execute, configure } from '../../../../generator/emit/shared/execute';
import { loadApiModel } from '../../../../generator/pipeline';
import { SchemaBuilder } from '../../../../generator/schema/build';
import { flattenAllOfInto, omitEmpty } from '../../../../generator/schema/flatten';
import type { JSONSchemaProps } from '../../../../generator/core/schema';
import { marshalYamlV2, yamlV2Memo } from '../../../../generator/yaml/yamlv2';
import type { ApiModel } from '../../../../generator/model/types';
import { present } from '../../helpers/present';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const TYPES = `import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';
/** A shared type. */
export interface Shared {
  /** +kubebuilder:validation:XValidation:rule="self.a != ''" */
  inner?: Inner;
  /** +listType=map
   * +listMapKey=a */
  list?: Inner[];
  tags?: Record<string, Inner>;
  empty?: string;
}
export interface Inner { a: string; b?: int32 }
export interface Extra { extra?: boolean }
/** An embedding of Shared and Extra. */
export interface Both extends Shared, Extra { own?: string }
/** +kubebuilder:object:root=true */
export interface Probe extends TypeMeta {
  metadata?: ObjectMeta;
  spec: ProbeSpec;
}
export interface ProbeSpec {
  /** First use, with markers of its own.
   * +kubebuilder:validation:XValidation:rule="has(self.inner)"
   * +nullable */
  first?: Shared;
  /** Second use, plain. */
  second?: Shared;
  /** +kubebuilder:validation:items:XValidation:rule="has(self.list)"
   * +kubebuilder:validation:MaxItems=3 */
  many?: Shared[];
  both?: Both;
}
`;

let tmp: string;
let model: ApiModel;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-sharing-'));
  const dir = path.join(tmp, 'probe.example.com', 'v1');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'doc.ts'), '// +groupName=probe.example.com\n');
  fs.writeFileSync(path.join(dir, 'types.ts'), TYPES);
  const loaded = loadApiModel(tmp, tmp);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  model = loaded.model;
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const decl = (name: string) => model.packages.flatMap((p) => p.types).find((t) => t.name === name)!;
const snapshot = (s: unknown) => JSON.stringify(s);
/** The schema of property `name` of `s`, failing the test when there is none. */
const prop = (s: JSONSchemaProps, name: string) => present(s.properties?.[name], `property ${name}`);

describe('SchemaBuilder shares named types copy-on-write', () => {
  test('a use site with markers, an items: marker and an embedding merge leave the shared schema as built', () => {
    const builder = new SchemaBuilder(model, new DiagnosticBag());
    const shared = builder.typeSchema(decl('Shared'));
    const inner = builder.typeSchema(decl('Inner'));
    const before = [snapshot(shared), snapshot(inner)];
    const probe = builder.kindSchema(decl('Probe'));
    builder.typeSchema(decl('Both'));
    expect([snapshot(builder.typeSchema(decl('Shared'))), snapshot(builder.typeSchema(decl('Inner')))]).toEqual(before);
    expect(builder.typeSchema(decl('Shared'))).toBe(shared);

    const spec = prop(probe, 'spec');
    const [first, second, many] = [prop(spec, 'first'), prop(spec, 'second'), prop(spec, 'many')];
    // the use site's own rules and nullable are on the use, not on the shared schema
    expect(first['x-kubernetes-validations']).toEqual([{ rule: 'has(self.inner)' }]);
    expect(first.nullable).toBe(true);
    expect(shared['x-kubernetes-validations']).toBeUndefined();
    expect(shared.nullable).toBeUndefined();
    expect(second.description).toBe('Second use, plain.');
    expect(shared.description).toBe('A shared type.');
    // items: markers change a copy of the items node
    expect(present(many.items, 'the items of many')['x-kubernetes-validations']).toEqual([{ rule: 'has(self.list)' }]);
    expect(many.maxItems).toBe(3);
    // unchanged subtrees are the shared nodes themselves
    expect(prop(second, 'list')).toBe(prop(shared, 'list'));
    expect(prop(first, 'tags')).toBe(prop(shared, 'tags'));
  });

  test('the root metadata is replaced on a copy of the kind schema', () => {
    const builder = new SchemaBuilder(model, new DiagnosticBag());
    const kind = builder.kindSchema(decl('Probe'));
    expect(kind.properties!.metadata).toEqual({ type: 'object' });
    expect(builder.typeSchema(decl('Probe')).properties!.metadata).not.toBe(kind.properties!.metadata);
  });

  test('embedding merges into a copy of the properties, leaving the embedded schemas as built', () => {
    const builder = new SchemaBuilder(model, new DiagnosticBag());
    const shared = builder.typeSchema(decl('Shared'));
    const extra = builder.typeSchema(decl('Extra'));
    const before = [snapshot(shared), snapshot(extra)];
    const both = builder.typeSchema(decl('Both'));
    expect(Object.keys(both.properties!).sort()).toEqual(['empty', 'extra', 'inner', 'list', 'own', 'tags']);
    expect([snapshot(shared), snapshot(extra)]).toEqual(before);
    expect(both.properties).not.toBe(shared.properties);
  });
});

describe('flattenAllOfInto copies on write', () => {
  test('nested properties and additionalProperties of the destination are copied before merging, the source is never changed', () => {
    const nested: JSONSchemaProps = { type: 'object', properties: { x: { type: 'string' } } };
    const dst: JSONSchemaProps = { type: 'object', properties: { n: nested }, additionalProperties: { type: 'object', properties: {} } };
    const src: JSONSchemaProps = { type: 'object', properties: { n: { type: 'object', properties: { y: { type: 'integer' } } } }, additionalProperties: { type: 'object', properties: { z: { type: 'boolean' } } } };
    const sharedAp = dst.additionalProperties;
    const srcBefore = snapshot(src);
    flattenAllOfInto(dst, src, { validationsFirst: 'src', onTypeConflict: () => undefined });
    expect(Object.keys(prop(dst, 'n').properties ?? {})).toEqual(['x', 'y']);
    expect(Object.keys(nested.properties!)).toEqual(['x']);
    expect(Object.keys((dst.additionalProperties as JSONSchemaProps).properties!)).toEqual(['z']);
    expect(sharedAp).toEqual({ type: 'object', properties: {} });
    expect(snapshot(src)).toBe(srcBefore);
  });
});

describe('omitEmpty', () => {
  test('returns a new tree, leaves its input as it was, converts a shared node once', () => {
    const shared: JSONSchemaProps = { type: 'object', description: '', properties: { a: { type: 'string', required: [] } } };
    const root: JSONSchemaProps = { type: 'object', properties: { p: shared, q: shared, e: { type: 'object', properties: {} } }, nullable: false };
    const before = snapshot(root);
    const out = omitEmpty(root);
    expect(snapshot(root)).toBe(before);
    expect(out).toEqual({ type: 'object', properties: { p: { type: 'object', properties: { a: { type: 'string' } } }, q: { type: 'object', properties: { a: { type: 'string' } } }, e: { type: 'object' } } });
    expect(out.properties!.p).toBe(out.properties!.q);
  });

  test('keeps default, example, enum and a false x-kubernetes-preserve-unknown-fields as they are', () => {
    const s: JSONSchemaProps = { type: 'string', default: '', example: '', enum: [], 'x-kubernetes-preserve-unknown-fields': false };
    expect(omitEmpty(s)).toEqual(s);
  });
});

describe('marshalYamlV2 memo', () => {
  test('a subtree shared at several depths (folded text, lists, empty collections) is written as its copies are', () => {
    const leaf = { text: 'word '.repeat(30).trim(), quoted: "it's: a 'quote' ".repeat(8).trim(), multi: 'line one\nline two\n', empty: {}, none: [], n: 1 };
    const shared = { list: [leaf, { nested: leaf }, [leaf]], map: { a: leaf }, leaf };
    const value = { a: shared, b: { c: shared, d: [shared, { e: shared }] }, f: [[shared]] };
    const copy = JSON.parse(JSON.stringify(value)) as object;
    const memo = yamlV2Memo();
    expect(marshalYamlV2(value, memo)).toBe(marshalYamlV2(copy));
    expect(marshalYamlV2({ again: value }, memo)).toBe(marshalYamlV2({ again: copy }));
  });

  test('a run of CRDs written with one memo equals each written alone', () => {
    const bag = new DiagnosticBag();
    const files = execute(createGenerationContext(model, bag), [configure(crdGenerator, {})]);
    expect(bag.hasErrors()).toBe(false);
    const value = { a: { b: [1, 'x'] }, c: 'long text '.repeat(20) };
    const memo = yamlV2Memo();
    const once = marshalYamlV2({ first: value, second: value }, memo);
    expect(marshalYamlV2({ again: value }, memo)).toBe(marshalYamlV2({ again: value }));
    expect(once).toBe(marshalYamlV2({ first: JSON.parse(JSON.stringify(value)) as unknown, second: JSON.parse(JSON.stringify(value)) as unknown }));
    expect(files).toHaveLength(1);
    // the generator's run (one memo for all its CRDs) writes what a memo-less write of a fresh build gives
    const fresh = buildCrds(model, {}, new DiagnosticBag());
    const file = present(files[0], 'the CRD file');
    expect(file.contents).toBe(`---\n${marshalYamlV2(JSON.parse(JSON.stringify(present(fresh[0], 'the fresh build').crd)) as object)}`);
    // the shared Shared schema is written out in full at each use (first, second, many[], and embedded in both)
    expect(file.contents.match(/x-kubernetes-list-map-keys:/g)).toHaveLength(4);
  });
});
