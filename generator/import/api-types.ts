/**
 * Kubernetes' built-in API types (`@kubegen/api`), handed to the importer without the TypeScript loader, so that a
 * CRD schema that embeds one (a `PodTemplateSpec`, a `[]Toleration`, a `*Affinity` …) is imported as a reference to
 * it — as the runtime's well-known types are (./wellknown.ts) — instead of a tree of declarations named by path.
 *
 * Contract:
 * - The declarations are a data table (./api-table.ts: what generator/load reads of `@kubegen/api`'s sources, kept
 *   honest by test/unit/generator/import/api-table.test.ts, which loads them and compares). It is parsed on the first
 *   call of {@link apiTypes}; the model and the schemas are built only when a schema of the input has the property
 *   names of a built-in struct (`candidates`), and each type's schema once.
 * - A schema is recognised as a built-in struct type when it equals, canonically (key order aside), the schema
 *   kubegen renders for that type embedded in a CRD — the schema controller-gen writes for the Go type (the golden
 *   case test/golden/builtin is byte-equal). Descriptions included: a property's own description replaces its type's
 *   (Go's field comment), so at a property only the top-level description may differ; list items and map values carry
 *   the type's own. Anything else that differs (a field more or less, another description, another marker: a newer
 *   or older Kubernetes version's type) is not that type: the schema stays the importer's declarations.
 * - Only struct types with at least one property are recognised (an empty struct's schema is every empty object's).
 *   When several types render the same schema, the first in the table's order (package, then name) is taken.
 * - `packages(used)` gives the declarations an imported model needs for the types it references: their closure, as
 *   the library packages `@kubegen/api/<group>/<version>` the loader makes when it reads `import type { … } from
 *   '@kubegen/api/…'`.
 */
import { canonical, type Position } from './schema';
import { DiagnosticBag } from '../diagnostics';
import { buildModel, type LoadedPackage } from '../model/build';
import type { ApiModel, SourceSpan, TypeDecl } from '../model/types';
import { forEachNamedRef, isApiPackage, RUNTIME_PACKAGE } from '../model/util';
import { SchemaBuilder } from '../schema/build';
import { omitEmpty } from '../schema/flatten';
import type { JSONSchemaProps } from '../core/schema';
import { lookup } from '../core/invariant';
import { API_DECLARATIONS, API_GROUP_VERSIONS } from './api-table';
import { wellKnownTable } from './wellknown';

/** A built-in type: its `@kubegen/api` package (module specifier) and name. */
export interface ApiTypeRef {
  package: string;
  name: string;
}

/** The span every table declaration gets (the table keeps none; nothing built from it is reported at a span). */
const TABLE_SPAN: SourceSpan = { file: '@kubegen/api', line: 1, column: 1 };

/** The prefilter key of an object schema: its property names, sorted. */
export function propertyKey(names: readonly string[]): string {
  return [...names].sort().join('\0');
}

const keyOf = (r: ApiTypeRef) => `${r.package}\0${r.name}`;

export class ApiTypes {
  /** Declarations by package and name, in the table's order. */
  private readonly decls = new Map<string, TypeDecl>();
  /** The packages that are group versions of the API, as the loader marks them (a `+groupName`). */
  private readonly groupVersions = new Set(API_GROUP_VERSIONS);
  /** Struct declarations by the property key of their schema. */
  private readonly byKey = new Map<string, TypeDecl[]>();
  private built: { model: ApiModel; builder: SchemaBuilder; bag: DiagnosticBag } | undefined;
  /** Per type: its schema and the canonical text of it with and without its description; null when not embeddable. */
  private readonly schemas = new Map<string, { schema: JSONSchemaProps; full: string; bare: string } | null>();

  constructor(table: readonly string[]) {
    const span = JSON.stringify(TABLE_SPAN);
    for (const text of table) {
      const d = JSON.parse(text.replaceAll('"span":0', `"span":${span}`)) as TypeDecl;
      this.decls.set(keyOf(d), d);
    }
    for (const d of this.decls.values()) {
      const names = this.propertyNames(d, new Set());
      if (names === undefined || names.length === 0) continue;
      const key = propertyKey(names);
      const list = this.byKey.get(key) ?? [];
      list.push(d);
      this.byKey.set(key, list);
    }
  }

  /** The JSON property names of a struct declaration (its embedded structs' included); undefined for other types. */
  private propertyNames(d: TypeDecl, seen: Set<string>): string[] | undefined {
    if (d.type.kind !== 'struct' || seen.has(keyOf(d))) return undefined;
    seen.add(keyOf(d));
    const out = d.type.fields.map((f) => f.name);
    for (const e of d.type.embeds) {
      const target = e.kind === 'named' ? this.decl(e) : undefined;
      const inner = target ? this.propertyNames(target, seen) : undefined;
      if (inner === undefined) return undefined; // an embed the prefilter cannot see through: never a candidate
      out.push(...inner);
    }
    return out;
  }

  private decl(ref: ApiTypeRef): TypeDecl | undefined {
    if (isApiPackage(ref.package)) return this.decls.get(keyOf(ref));
    return ref.package === RUNTIME_PACKAGE ? wellKnownTable().runtimeTypes.find((t) => t.name === ref.name) : undefined;
  }

  /** The struct types whose schema has exactly these property names (`propertyKey`), in the table's order. */
  candidates(key: string): readonly TypeDecl[] {
    return this.byKey.get(key) ?? [];
  }

  /**
   * The built-in struct type whose embedded schema `s` is (a plain JSON object: own keys, as the importer reads it), at
   * position `pos` (at a property, its description is the property's own).
   */
  match(s: Readonly<Record<string, unknown>>, pos: Position): ApiTypeRef | undefined {
    const props = s.properties;
    if (props === null || typeof props !== 'object' || Array.isArray(props)) return undefined;
    const found = this.candidates(propertyKey(Object.keys(props)));
    if (found.length === 0) return undefined;
    const ownDoc = pos === 'field' && typeof s.description === 'string' && s.description !== '';
    // at a property, `nullable: true` is the property's (`T | null`), not the type's
    const nullable = pos === 'field' && s.nullable === true;
    const input = ownDoc || nullable ? canonical({ ...s, description: ownDoc ? undefined : s.description, nullable: nullable ? undefined : s.nullable }) : canonical(s);
    for (const d of found) {
      const schema = this.schema(d);
      if (schema && (ownDoc ? schema.bare : schema.full) === input) return { package: d.package, name: d.name };
    }
    return undefined;
  }

  /** The schema kubegen embeds for a built-in type (shared: never modify it), undefined when it has none. */
  schemaOf(ref: ApiTypeRef): JSONSchemaProps | undefined {
    const d = this.decls.get(keyOf(ref));
    return d ? this.schema(d)?.schema : undefined;
  }

  private schema(d: TypeDecl): { schema: JSONSchemaProps; full: string; bare: string } | undefined {
    const key = keyOf(d);
    const known = this.schemas.get(key);
    if (known !== undefined) return known ?? undefined;
    const { model, builder, bag } = this.model();
    const decl = model.packages.find((p) => p.id === d.package)?.types.find((t) => t.name === d.name);
    const before = bag.items.length;
    const schema = decl ? omitEmpty(builder.typeSchema(decl)) : undefined;
    // a type whose schema cannot be built (a recursive one) is never recognised
    const entry = schema && bag.items.length === before ? { schema, full: canonical(schema), bare: canonical({ ...schema, description: undefined }) } : null;
    this.schemas.set(key, entry);
    return entry ?? undefined;
  }

  /** The model of every built-in package (and the runtime's well-known declarations they use), built once. */
  private model(): { model: ApiModel; builder: SchemaBuilder; bag: DiagnosticBag } {
    if (this.built) return this.built;
    const bag = new DiagnosticBag();
    const model = buildModel([...this.loadedPackages([...this.decls.values()]), runtimePackage()], bag);
    const errors = bag.items.filter((x) => x.severity === 'error');
    if (errors.length > 0) throw new Error(`internal: the built-in declarations do not build: ${errors[0]?.message ?? ''}`);
    // replay: a cached schema reports again what building it reported, so `schema` sees it for every type
    const schemaBag = new DiagnosticBag();
    this.built = { model, builder: new SchemaBuilder(model, schemaBag, { replay: true }), bag: schemaBag };
    return this.built;
  }

  /**
   * The library packages an imported model needs for `used`: the declarations they reference, transitively, each
   * package's in the table's order; fresh copies (the model builder owns what it is given).
   */
  packages(used: Iterable<ApiTypeRef>): LoadedPackage[] {
    const seen = new Set<string>();
    const todo = [...used];
    for (let r = todo.pop(); r !== undefined; r = todo.pop()) {
      const key = keyOf(r);
      if (seen.has(key)) continue;
      const d = lookup(this.decls, key, 'the built-in declarations');
      seen.add(key);
      forEachNamedRef(d.type, (t) => {
        if (isApiPackage(t.package)) todo.push({ package: t.package, name: t.name });
      });
    }
    return this.loadedPackages([...this.decls.values()].filter((d) => seen.has(keyOf(d))));
  }

  private loadedPackages(decls: readonly TypeDecl[]): LoadedPackage[] {
    const byPackage = new Map<string, TypeDecl[]>();
    for (const d of decls) {
      const list = byPackage.get(d.package) ?? [];
      list.push(structuredClone(d));
      byPackage.set(d.package, list);
    }
    return [...byPackage].map(([id, types]) => ({
      id,
      dir: id,
      folderName: id.slice(id.lastIndexOf('/') + 1),
      markers: [],
      types,
      conversionFunctions: [],
      runtime: true,
      // as the loader marks a folder of @kubegen/api with a `+groupName` (shared-type folders are not)
      ...(this.groupVersions.has(id) ? { apiGroupVersion: true } : {}),
    }));
  }
}

/** The runtime's well-known declarations (every one the built-in types reference; the table test checks it). */
function runtimePackage(): LoadedPackage {
  return { id: RUNTIME_PACKAGE, dir: RUNTIME_PACKAGE, folderName: 'meta', markers: [], types: structuredClone(wellKnownTable().runtimeTypes), conversionFunctions: [], runtime: true };
}

let cached: ApiTypes | undefined;

/** The built-in types, parsed from the table once per process. */
export function apiTypes(): ApiTypes {
  return (cached ??= new ApiTypes(API_DECLARATIONS));
}
