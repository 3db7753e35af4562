/**
 * The schemas of `@kubegen/runtime`'s well-known struct types (Condition, LabelSelector, ObjectReference …) and of
 * TypeMeta's properties, as kubegen renders them, so the importer can map an imported schema to the runtime type
 * when it is exactly equal. Computed once per process by loading a tiny API tree that references every one of
 * them through the ordinary front end (so they are the declarations the loader resolves, never copies).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadApiModel } from '../load';
import { DiagnosticBag } from '../diagnostics';
import type { TypeDecl } from '../model/types';
import { RUNTIME_PACKAGE } from '../model/util';
import { SchemaBuilder } from '../schema/build';
import { omitEmpty } from '../schema/flatten';
import type { JSONSchemaProps } from '../core/schema';
import { RUNTIME_STRUCTS, type RuntimeStructName } from '../render/model';

/**
 * The runtime struct types the importer maps shapes to, in the order they are tried: the runtime's structs except
 * the object metadata ones (a CRD schema has `metadata: {type: object}`, never their shapes).
 */
const METADATA_STRUCTS: readonly RuntimeStructName[] = ['ObjectMeta', 'ListMeta', 'OwnerReference', 'ManagedFieldsEntry'];
export const WELL_KNOWN_STRUCTS = RUNTIME_STRUCTS.filter((n) => !METADATA_STRUCTS.includes(n));

export interface WellKnownTable {
  /** Name → schema (with its description, as a use without a doc of its own renders it). */
  structs: Map<string, JSONSchemaProps>;
  /** The runtime package's declarations the structs need (for an in-process model). */
  runtimeTypes: TypeDecl[];
  /** TypeMeta's `apiVersion` and `kind` property schemas. */
  typeMeta: { apiVersion: JSONSchemaProps; kind: JSONSchemaProps };
}

let cached: WellKnownTable | undefined;

export function wellKnownTable(): WellKnownTable {
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-wellknown-'));
  try {
    const pkg = path.join(dir, 'x', 'v1');
    fs.mkdirSync(pkg, { recursive: true });
    const names = [...new Set([...WELL_KNOWN_STRUCTS, 'TypeMeta'])];
    fs.writeFileSync(
      path.join(pkg, 'types.ts'),
      `import type { ${names.join(', ')} } from '@kubegen/runtime';\n` +
        `export interface Probe {\n${names.map((n) => `  f${n}: ${n};\n`).join('')}}\n`,
    );
    const { model, diagnostics } = loadApiModel({ root: dir, cwd: dir });
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new Error(`internal: cannot load the runtime's well-known types: ${errors[0].message}`);
    const runtime = model.packages.find((p) => p.id === RUNTIME_PACKAGE);
    if (!runtime) throw new Error('internal: the runtime package is missing from the well-known probe');
    const bag = new DiagnosticBag();
    const builder = new SchemaBuilder(model, bag);
    const structs = new Map<string, JSONSchemaProps>();
    for (const n of WELL_KNOWN_STRUCTS) {
      const decl = runtime.types.find((t) => t.name === n);
      if (decl) structs.set(n, omitEmpty(builder.typeSchema(decl)));
    }
    const tm = omitEmpty(builder.typeSchema(runtime.types.find((t) => t.name === 'TypeMeta')!));
    cached = {
      structs,
      runtimeTypes: runtime.types,
      typeMeta: { apiVersion: tm.properties!.apiVersion, kind: tm.properties!.kind },
    };
    return cached;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
