/**
 * The importer's table of `@kubegen/api`'s declarations (generator/import/api-table.ts) is what the TypeScript loader
 * reads from `@kubegen/api`'s sources (`api/apis`): a probe API that references every exported type of every module
 * of `@kubegen/api` is loaded through the ordinary front end, and its `@kubegen/api/…` packages must equal the table
 * (spans aside: the table keeps none). `KUBEGEN_UPDATE_GOLDEN=1` rewrites the table from the sources.
 *
 * And the table is what the importer needs: every struct's property-name key (its prefilter) is the property names of
 * the schema kubegen renders for it, the runtime declarations the built-in types reference are all in the well-known
 * table, and the schema the importer recognises a type by is the one `kubegen crd` embeds.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exportedNames } from '../../../../generator/assets';
import { DiagnosticBag } from '../../../../generator/diagnostics';
import { API_DECLARATIONS, API_GROUP_VERSIONS } from '../../../../generator/import/api-table';
import { apiTypes, propertyKey } from '../../../../generator/import/api-types';
import { wellKnownTable } from '../../../../generator/import/wellknown';
import { loadApiModel } from '../../../../generator/load';
import { apiModules, apiSourcesDir, declarationFiles } from '../../../../generator/load/runtime';
import type { ApiModel, TypeDecl } from '../../../../generator/model/types';
import { API_PACKAGE, forEachNamedRef, isApiPackage, RUNTIME_PACKAGE } from '../../../../generator/model/util';
import { SchemaBuilder } from '../../../../generator/schema/build';
import { omitEmpty } from '../../../../generator/schema/flatten';

// This file loads a TypeScript program (all of @kubegen/api): a generous timeout for a loaded machine.
jest.setTimeout(120_000);

const root = path.join(__dirname, '..', '..', '..', '..');
const TABLE = path.join(root, 'generator', 'import', 'api-table.ts');
const UPDATE = process.env.KUBEGEN_UPDATE_GOLDEN === '1';

/** Every declaration of `@kubegen/api` as the loader reads it for a tree that uses every exported type. */
function loadApi(): { model: ApiModel; dir: string } {
  const apiDir = apiSourcesDir();
  if (apiDir === undefined) throw new Error("cannot find @kubegen/api's sources");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-api-table-'));
  const pkg = path.join(dir, 'x', 'v1');
  fs.mkdirSync(pkg, { recursive: true });
  const imports: string[] = [];
  const fields: string[] = [];
  for (const module of apiModules(apiDir)) {
    const names = [...exportedNames(declarationFiles(path.join(apiDir, module.slice(API_PACKAGE.length + 1))))].sort();
    const aliases = names.map((n) => `T${fields.length + names.indexOf(n)}`);
    imports.push(`import type { ${names.map((n, i) => `${n} as ${aliases[i] ?? ''}`).join(', ')} } from '${module}';`);
    for (const a of aliases) fields.push(`  f${a}?: ${a};`);
  }
  fs.writeFileSync(path.join(pkg, 'types.ts'), `${imports.join('\n')}\nexport interface Probe {\n${fields.join('\n')}\n}\n`);
  const { model, diagnostics } = loadApiModel({ root: dir, cwd: dir });
  expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  return { model, dir };
}

/** The declarations of the model's `@kubegen/api` packages as the table keeps them: by package and name, every span 0. */
function tableForm(model: ApiModel): TypeDecl[] {
  const decls = model.packages.filter((p) => isApiPackage(p.id)).flatMap((p) => p.types);
  const sorted = [...decls].sort((a, b) => (a.package < b.package ? -1 : a.package > b.package ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return JSON.parse(JSON.stringify(sorted, (k, v: unknown) => (k === 'span' ? 0 : v))) as TypeDecl[];
}

/** The model's `@kubegen/api` packages that are group versions of the API (`Package.apiGroupVersion`), sorted. */
function groupVersions(model: ApiModel): string[] {
  return model.packages
    .filter((p) => isApiPackage(p.id) && p.apiGroupVersion === true)
    .map((p) => p.id)
    .sort();
}

function render(decls: readonly TypeDecl[], gvs: readonly string[]): string {
  return [
    '/**',
    " * GENERATED from what generator/load reads of `@kubegen/api`'s sources (api/apis; test/unit/generator/import/api-table.test.ts,",
    ' * which compares; `KUBEGEN_UPDATE_GOLDEN=1 npx jest test/unit/generator/import/api-table.test.ts` rewrites it): every',
    " * declaration of Kubernetes' built-in API types as the model builder receives them, one JSON text per declaration",
    ' * (every span 0), by package and name. Read through ./api-types.ts, which parses it on first use.',
    ' */',
    '',
    '/** The packages that are group versions of the API (the loader\'s `Package.apiGroupVersion`: a `+groupName`). */',
    'export const API_GROUP_VERSIONS: readonly string[] = [',
    ...gvs.map((id) => `  ${JSON.stringify(id)},`),
    '];',
    '',
    'export const API_DECLARATIONS: readonly string[] = [',
    ...decls.map((d) => `  ${JSON.stringify(JSON.stringify(d))},`),
    '];',
    '',
  ].join('\n');
}

const loaded = loadApi();

afterAll(() => fs.rmSync(loaded.dir, { recursive: true, force: true }));

test('the table is what the loader reads from the sources of @kubegen/api', () => {
  const want = tableForm(loaded.model);
  const gvs = groupVersions(loaded.model);
  if (UPDATE) fs.writeFileSync(TABLE, render(want, gvs));
  expect(want.length).toBeGreaterThan(500);
  expect(gvs.length).toBeGreaterThan(10);
  expect(API_DECLARATIONS.map((j) => JSON.parse(j) as unknown)).toEqual(want);
  expect(API_GROUP_VERSIONS).toEqual(gvs);
  expect(fs.readFileSync(TABLE, 'utf8')).toBe(render(want, gvs));
});

test('the runtime declarations the built-in types reference are all in the well-known table', () => {
  const runtime = new Set(wellKnownTable().runtimeTypes.map((t) => t.name));
  const referenced = new Set<string>();
  for (const p of loaded.model.packages) {
    if (!isApiPackage(p.id)) continue;
    for (const d of p.types) {
      forEachNamedRef(d.type, (t) => {
        if (t.package === RUNTIME_PACKAGE) referenced.add(t.name);
      });
    }
  }
  expect(referenced.size).toBeGreaterThan(0);
  for (const n of referenced) expect(runtime).toContain(n);
});

test('every struct is found by the property names of the schema kubegen embeds for it, and recognised by that schema', () => {
  const builder = new SchemaBuilder(loaded.model, new DiagnosticBag());
  const table = apiTypes();
  let structs = 0;
  for (const p of loaded.model.packages) {
    if (!isApiPackage(p.id)) continue;
    for (const d of p.types) {
      if (d.type.kind !== 'struct') continue;
      const schema = omitEmpty(builder.typeSchema(d));
      const names = Object.keys(schema.properties ?? {});
      if (names.length === 0) continue;
      structs++;
      const key = propertyKey(names);
      expect(table.candidates(key).map((c) => `${c.package}.${c.name}`)).toContain(`${d.package}.${d.name}`);
      // the schema the importer matches is the one kubegen embeds
      const match = table.match(JSON.parse(JSON.stringify(schema)) as Record<string, unknown>, 'items');
      expect({ type: `${d.package}.${d.name}`, recognised: match !== undefined }).toEqual({ type: `${d.package}.${d.name}`, recognised: true });
      expect(JSON.stringify(table.schemaOf(match ?? { package: '', name: '' }))).toBe(JSON.stringify(schema));
    }
  }
  expect(structs).toBeGreaterThan(400);
});
