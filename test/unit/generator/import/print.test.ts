/**
 * The importer's printer (generator/import/print.ts) on hand-built models: imports through the shared ImportTracker
 * (a runtime type whose name the package declares in any of its files is `Runtime<Name>`; a type of another package
 * whose name this file declares gets an alias), markers through the registry's `print`, and the text loads back
 * through the front end to the declarations that were printed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { printApiSources } from '../../../../generator/import/print';
import { loadApiModel } from '../../../../generator/load';
import type { ApiModel, Field, MarkerValue, Package, TypeDecl, TypeRef } from '../../../../generator/model/types';
import { RUNTIME_PACKAGE } from '../../../../generator/model/util';
import { present } from '../../helpers/present';

// This file loads TypeScript programs: a generous timeout for a loaded machine.
jest.setTimeout(60_000);

const span = (file: string) => ({ file, line: 1, column: 1 });
const field = (name: string, type: TypeRef, markers: MarkerValue[] = []): Field => ({ name, doc: '', type, optional: true, nullable: false, required: false, markers, span: span('x.ts') }) as Field;
const struct = (...fields: Field[]): TypeRef => ({ kind: 'struct', embeds: [], fields });
const named = (pkg: string, name: string): TypeRef => ({ kind: 'named', package: pkg, name });
const runtime = (name: string): TypeRef => named(RUNTIME_PACKAGE, name);
const decl = (pkg: string, file: string, name: string, type: TypeRef, markers: MarkerValue[] = []): TypeDecl => ({
  name,
  package: pkg,
  declaration: 'interface',
  exported: true,
  doc: '',
  type,
  markers,
  span: span(`apis/${pkg}/${file}.ts`),
});
const pkg = (id: string, group: string, types: TypeDecl[]): Package =>
  ({ id, dir: `apis/${id}`, group, version: id.split('/')[1], skip: false, optionalByDefault: false, markers: [{ name: 'groupName', value: group, span: span('doc.ts') }], types, kinds: [] }) as unknown as Package;
const marker = (name: string, value: unknown): MarkerValue => ({ name, value, span: span('x.ts') });

const A = 'a.example.com/v1';
const B = 'b.example.com/v1';
const model: ApiModel = {
  groups: [],
  packages: [
    pkg(A, 'a.example.com', [
      // `Condition` is declared in one file; the other file uses the runtime's Condition only
      decl(A, 'one', 'Condition', struct(field('x', { kind: 'primitive', name: 'string' }))),
      decl(A, 'one', 'One', struct(field('cond', runtime('Condition')), field('local', named(A, 'Condition')))),
      decl(A, 'two', 'Two', struct(field('conds', { kind: 'array', items: runtime('Condition') }, [marker('kubebuilder:validation:MaxItems', 3)]), field('sel', runtime('LabelSelector')))),
      // a type of package B with the name of a declaration of this file
      decl(A, 'three', 'Shared', struct(field('other', named(B, 'Shared')), field('m', { kind: 'map', values: named(A, 'One') }, [marker('kubebuilder:validation:Pattern', 'a*/b`c\u2028')]))),
    ]),
    pkg(B, 'b.example.com', [decl(B, 'types', 'Shared', struct(field('y', { kind: 'primitive', name: 'number' })))]),
  ],
};

const files = printApiSources(model);
const text = (p: string) => files.find((f) => f.path === p)?.contents ?? '';

test('a runtime type named like a declaration of the package is Runtime<Name>, in every file of the package', () => {
  expect(text(`${A}/one.ts`)).toContain("import type { Condition as RuntimeCondition } from '@kubegen/runtime';\n\n");
  expect(text(`${A}/one.ts`)).toContain('  cond?: RuntimeCondition;\n  local?: Condition;\n');
  expect(text(`${A}/two.ts`)).toContain("import type { Condition as RuntimeCondition, LabelSelector } from '@kubegen/runtime';\n\n");
  expect(text(`${A}/two.ts`)).toContain('  conds?: RuntimeCondition[];\n');
});

test('a type of another package named like a declaration of the file gets an alias; files of the package import each other', () => {
  expect(text(`${A}/three.ts`)).toBe(
    [
      "import type { Shared as b_example_com_v1_types_js_Shared } from '../../b.example.com/v1/types.js';",
      "import type { One } from './one.js';",
      '',
      'export interface Shared {',
      '  other?: b_example_com_v1_types_js_Shared;',
      '  /** +kubebuilder:validation:Pattern="a*\\x2fb`c\\u2028" */',
      '  m?: Record<string, One>;',
      '}',
      '',
    ].join('\n'),
  );
});

test('markers are printed by their definitions', () => {
  expect(text(`${A}/two.ts`)).toContain('  /** +kubebuilder:validation:MaxItems=3 */\n  conds?: RuntimeCondition[];\n');
  expect(text(`${A}/doc.ts`)).toBe('// Package v1 holds the API types of a.example.com/v1.\n//\n// +groupName=a.example.com\n');
});

test('the printed tree loads back to the declarations printed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-import-print-'));
  try {
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.path), f.contents);
    }
    const loaded = loadApiModel({ root: dir, cwd: dir });
    expect(loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    const types = (id: string) => loaded.model.packages.find((p) => p.id === id)?.types ?? [];
    const fieldsOf = (id: string, name: string) => {
      const t = types(id).find((d) => d.name === name)?.type;
      return t?.kind === 'struct' ? Object.fromEntries(t.fields.map((f) => [f.name, f.type])) : {};
    };
    expect(fieldsOf(A, 'One')).toEqual({ cond: runtime('Condition'), local: named(A, 'Condition') });
    expect(fieldsOf(A, 'Two').conds).toEqual({ kind: 'array', items: runtime('Condition') });
    expect(fieldsOf(A, 'Shared')).toEqual({ other: named(B, 'Shared'), m: { kind: 'map', values: named(A, 'One') } });
    const m = types(A).find((d) => d.name === 'Shared')?.type;
    expect(m?.kind === 'struct' ? present(m.fields[1], 'the second field').markers.map((x) => [x.name, x.value]) : []).toEqual([['kubebuilder:validation:Pattern', 'a*/b`c\u2028']]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
