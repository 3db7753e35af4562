/**
 * The runtime's well-known declarations, handed to the importer without the TypeScript loader: the declarations
 * `@kubegen/runtime` ships for the types the importer maps shapes to (Condition, LabelSelector, ObjectReference …,
 * TypeMeta, and what they reference) are a data table (./wellknown-table.ts, the loader's own reading of the
 * runtime's sources, kept honest by test/unit/generator/import/wellknown.test.ts, which loads them and compares); from it come
 * the schemas kubegen renders for them, so the importer can map an imported schema to the runtime type when it is
 * exactly equal, and TypeMeta's property schemas.
 */
import { DiagnosticBag } from '../diagnostics';
import { buildModel } from '../model/build';
import type { TypeDecl } from '../model/types';
import { RUNTIME_PACKAGE } from '../model/util';
import { RUNTIME_STRUCTS, type RuntimeStructName } from '../render/model';
import { SchemaBuilder } from '../schema/build';
import { omitEmpty } from '../schema/flatten';
import type { JSONSchemaProps } from '../core/schema';
import { RUNTIME_DECLARATIONS } from './wellknown-table';

/**
 * The runtime struct types the importer maps shapes to, in the order they are tried: the runtime's structs except
 * the object metadata ones (a CRD schema has `metadata: {type: object}`, never their shapes).
 */
const METADATA_STRUCTS: readonly RuntimeStructName[] = ['ObjectMeta', 'ListMeta', 'OwnerReference', 'ManagedFieldsEntry'];
export const WELL_KNOWN_STRUCTS = RUNTIME_STRUCTS.filter((n) => !METADATA_STRUCTS.includes(n));

/** The runtime declarations the table holds: the well-known structs and TypeMeta (and what they reference). */
export const WELL_KNOWN_ROOTS: readonly string[] = [...new Set([...WELL_KNOWN_STRUCTS, 'TypeMeta'])];

export interface WellKnownTable {
  /** Name → schema (with its description, as a use without a doc of its own renders it). */
  structs: Map<string, JSONSchemaProps>;
  /** The runtime package's declarations the structs need (for an in-process model). */
  runtimeTypes: TypeDecl[];
  /** TypeMeta's `apiVersion` and `kind` property schemas. */
  typeMeta: { apiVersion: JSONSchemaProps; kind: JSONSchemaProps };
}

let cached: WellKnownTable | undefined;

/** The table, computed once per process from the declarations (never loaded from TypeScript). */
export function wellKnownTable(): WellKnownTable {
  if (cached) return cached;
  const bag = new DiagnosticBag();
  const model = buildModel([{ id: RUNTIME_PACKAGE, dir: RUNTIME_PACKAGE, folderName: 'meta', markers: [], types: runtimeTypes(), conversionFunctions: [], runtime: true }], bag);
  const errors = bag.items.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`internal: the runtime's well-known declarations do not build: ${errors[0]?.message ?? ''}`);
  const runtime = model.packages.find((p) => p.id === RUNTIME_PACKAGE);
  if (!runtime) throw new Error('internal: the runtime package is missing from the well-known model');
  const builder = new SchemaBuilder(model, new DiagnosticBag());
  const decl = (n: string) => runtime.types.find((t) => t.name === n);
  const structs = new Map<string, JSONSchemaProps>();
  for (const n of WELL_KNOWN_STRUCTS) {
    const d = decl(n);
    if (d) structs.set(n, omitEmpty(builder.typeSchema(d)));
  }
  const typeMeta = decl('TypeMeta');
  const tm = typeMeta ? omitEmpty(builder.typeSchema(typeMeta)).properties : undefined;
  if (!tm?.apiVersion || !tm.kind) throw new Error('internal: TypeMeta has no apiVersion and kind in the well-known declarations');
  cached = { structs, runtimeTypes: runtime.types, typeMeta: { apiVersion: tm.apiVersion, kind: tm.kind } };
  return cached;
}

/** A fresh copy of the table's declarations (the model builder owns what it is given). */
function runtimeTypes(): TypeDecl[] {
  return structuredClone(RUNTIME_DECLARATIONS) as TypeDecl[];
}
