/**
 * The importer's table of the runtime's well-known declarations (generator/import/wellknown-table.ts) is what the
 * TypeScript loader reads from `@kubegen/runtime`'s sources: a tiny API tree that references every well-known struct
 * and TypeMeta is loaded through the ordinary front end, and its runtime package must equal the table (spans: the
 * declaring file, relative to the repository; line and column are not kept, so edits elsewhere in those files do not
 * churn the table). `KUBEGEN_UPDATE_GOLDEN=1` rewrites the table from the runtime's sources.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiagnosticBag } from '../../../../generator/diagnostics';
import { WELL_KNOWN_ROOTS, WELL_KNOWN_STRUCTS, wellKnownTable } from '../../../../generator/import/wellknown';
import { RUNTIME_DECLARATIONS } from '../../../../generator/import/wellknown-table';
import { loadApiModel } from '../../../../generator/load';
import type { ApiModel, TypeDecl, TypeRef } from '../../../../generator/model/types';
import { RUNTIME_PACKAGE } from '../../../../generator/model/util';
import { SchemaBuilder } from '../../../../generator/schema/build';
import { omitEmpty } from '../../../../generator/schema/flatten';

// This file loads a TypeScript program: a generous timeout for a loaded machine.
jest.setTimeout(60_000);

const root = path.join(__dirname, '..', '..', '..', '..');
const TABLE = path.join(root, 'generator', 'import', 'wellknown-table.ts');
const UPDATE = process.env.KUBEGEN_UPDATE_GOLDEN === '1';

/** The runtime package as the loader reads it for a tree that uses every well-known root. */
function loadRuntime(): { model: ApiModel; types: TypeDecl[]; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-wellknown-'));
  const pkg = path.join(dir, 'x', 'v1');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(
    path.join(pkg, 'types.ts'),
    `import type { ${WELL_KNOWN_ROOTS.join(', ')} } from '@kubegen/runtime';\nexport interface Probe {\n${WELL_KNOWN_ROOTS.map((n) => `  f${n}: ${n};\n`).join('')}}\n`,
  );
  const { model, diagnostics } = loadApiModel({ root: dir, cwd: dir });
  expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  const runtime = model.packages.find((p) => p.id === RUNTIME_PACKAGE);
  if (!runtime) throw new Error('the runtime package is missing from the probe');
  return { model, types: runtime.types, dir };
}

/** Spans as the table keeps them: the declaring file relative to the repository, line and column 1. */
function tableForm(types: readonly TypeDecl[], dir: string): TypeDecl[] {
  return JSON.parse(
    JSON.stringify(types, (key, v: unknown) => {
      if (key === 'span' && v !== null && typeof v === 'object') {
        const file = path.relative(root, path.resolve(dir, (v as { file: string }).file)).split(path.sep).join('/');
        return { file, line: 1, column: 1 };
      }
      return v;
    }),
  ) as TypeDecl[];
}

function render(types: readonly TypeDecl[]): string {
  return [
    '/**',
    ' * GENERATED from what generator/load reads of `@kubegen/runtime`\'s sources (test/unit/generator/import/wellknown.test.ts, which',
    ' * compares; `KUBEGEN_UPDATE_GOLDEN=1 npx jest test/unit/generator/import/wellknown.test.ts` rewrites it): the runtime\'s',
    ' * declarations of the well-known struct types the importer maps shapes to, TypeMeta, and what they reference, as',
    ' * the model builder receives them. Spans name the declaring file only. Read through ./wellknown.ts.',
    ' */',
    "import type { TypeDecl } from '../model/types';",
    '',
    `export const RUNTIME_DECLARATIONS: readonly TypeDecl[] = ${JSON.stringify(types, null, 2)};`,
    '',
  ].join('\n');
}

const loaded = loadRuntime();

afterAll(() => fs.rmSync(loaded.dir, { recursive: true, force: true }));

test('the table is what the loader reads from the runtime sources', () => {
  const want = tableForm(loaded.types, loaded.dir);
  if (UPDATE) fs.writeFileSync(TABLE, render(want));
  expect(JSON.parse(JSON.stringify(RUNTIME_DECLARATIONS))).toEqual(want);
  expect(fs.readFileSync(TABLE, 'utf8')).toBe(render(want));
});

test('the table holds every well-known root and everything they reference, and nothing else', () => {
  const names = new Set(RUNTIME_DECLARATIONS.map((d) => d.name));
  for (const n of WELL_KNOWN_ROOTS) expect(names).toContain(n);
  const referenced = new Set<string>(WELL_KNOWN_ROOTS);
  const walk = (t: TypeRef): void => {
    if (t.kind === 'named') {
      expect(t.package).toBe(RUNTIME_PACKAGE);
      referenced.add(t.name);
    } else if (t.kind === 'array') walk(t.items);
    else if (t.kind === 'map') walk(t.values);
    else if (t.kind === 'struct') {
      t.embeds.forEach(walk);
      for (const f of t.fields) walk(f.type);
    }
  };
  for (const d of RUNTIME_DECLARATIONS) walk(d.type);
  expect([...names].sort()).toEqual([...referenced].sort());
});

test('the schemas and declarations the importer gets are the ones built from the loaded runtime', () => {
  const builder = new SchemaBuilder(loaded.model, new DiagnosticBag());
  const decl = (n: string) => loaded.types.find((t) => t.name === n)!;
  const table = wellKnownTable();
  expect([...table.structs.keys()]).toEqual(WELL_KNOWN_STRUCTS.filter((n) => loaded.types.some((t) => t.name === n)));
  for (const n of WELL_KNOWN_STRUCTS) expect(table.structs.get(n)).toEqual(omitEmpty(builder.typeSchema(decl(n))));
  const tm = omitEmpty(builder.typeSchema(decl('TypeMeta'))).properties!;
  expect(table.typeMeta).toEqual({ apiVersion: tm.apiVersion, kind: tm.kind });
  expect(tableForm(table.runtimeTypes, root)).toEqual(tableForm(loaded.types, loaded.dir));
});
