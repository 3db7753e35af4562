/** Small read-only helpers over the model, shared by the model builder, the schema builder and the emitters. */
import type { ApiModel, Field, Kind, Package, PackageId, TypeDecl, TypeRef } from './types';
import { present } from '../core/invariant';

/**
 * The package id of the runtime's well-known struct types (TypeMeta, Condition, LabelSelector …) in the model, and
 * the module the front end resolves to the runtime's declarations. The only spelling of it in the generator.
 */
export const RUNTIME_PACKAGE: PackageId = '@kubegen/runtime';

/**
 * The module prefix of Kubernetes' built-in API types (`@kubegen/api/core/v1`, `@kubegen/api/apps/v1` …): the front
 * end resolves it to the input-language sources of `@kubegen/api`, and its declarations appear in the model in the
 * package of that module specifier. Emitters import them from there.
 */
export const API_PACKAGE = '@kubegen/api';

/** Whether a package id is one of `@kubegen/api`'s modules (a library package: declared, never generated). */
export function isApiPackage(id: PackageId): boolean {
  return id.startsWith(`${API_PACKAGE}/`);
}

/** The `@kubegen/api` modules the declarations of `packages` name directly, sorted. */
export function apiModulesReferenced(packages: readonly Package[]): string[] {
  const out = new Set<string>();
  const walk = (t: TypeRef): void => {
    switch (t.kind) {
      case 'array':
        { walk(t.items); return; }
      case 'map':
        { walk(t.values); return; }
      case 'struct':
        for (const e of t.embeds) walk(e);
        for (const f of t.fields) walk(f.type);
        return;
      case 'named':
        if (isApiPackage(t.package)) out.add(t.package);
        return;
      default:
        return;
    }
  };
  for (const p of packages) for (const t of p.types) walk(t.type);
  return [...out].sort();
}

/** The key of a declaration in a `TypeIndex`: `<package>.<name>` (type names have no dots). */
export function typeKey(pkg: PackageId, name: string): string {
  return `${pkg}.${name}`;
}

/**
 * Every declared type of a model by package and name — the one index the model builder, the schema builder and the
 * emitters share. A `Map` keyed by `typeKey`.
 */
export class TypeIndex extends Map<string, TypeDecl> {
  constructor(packages: ReadonlyArray<Pick<Package, 'id' | 'types'>>) {
    super();
    for (const p of packages) for (const t of p.types) this.set(typeKey(p.id, t.name), t);
  }

  /** The declaration of `name` in package `pkg`. */
  decl(pkg: PackageId, name: string): TypeDecl | undefined {
    return this.get(typeKey(pkg, name));
  }
}

/** Calls `fn` with each named type a type reference mentions directly (inside arrays, maps and structs, not through another named type), in order. */
export function forEachNamedRef(ref: TypeRef, fn: (named: Extract<TypeRef, { kind: 'named' }>) => void): void {
  switch (ref.kind) {
    case 'named':
      fn(ref);
      break;
    case 'array':
      forEachNamedRef(ref.items, fn);
      break;
    case 'map':
      forEachNamedRef(ref.values, fn);
      break;
    case 'struct':
      for (const e of ref.embeds) forEachNamedRef(e, fn);
      for (const f of ref.fields) forEachNamedRef(f.type, fn);
      break;
    default:
      break;
  }
}

/** The packages a type reference names (directly or inside arrays, maps and structs), added to `out`. */
export function packagesReferenced(ref: TypeRef, out: Set<PackageId>): Set<PackageId> {
  forEachNamedRef(ref, (n) => out.add(n.package));
  return out;
}

export function typeIndex(packages: ReadonlyArray<Pick<Package, 'id' | 'types'>>): TypeIndex {
  return new TypeIndex(packages);
}

/** `extends TypeMeta`: the runtime's TypeMeta (a named runtime ref; a `wellKnown` ref in hand-built models). */
export function isTypeMetaRef(ref: TypeRef): boolean {
  return (ref.kind === 'named' && ref.package === RUNTIME_PACKAGE && ref.name === 'TypeMeta') || (ref.kind === 'wellKnown' && ref.name === 'TypeMeta');
}

/**
 * Go's inline embedding (`json:",inline"`), the one rule every reader of the model follows: a struct's fields are
 * its embedded members' fields first, in embedding order, then its own; a later field with the same JSON name
 * replaces an earlier one in place. `name` gives a field's JSON name.
 */
export function mergeInline<F>(embedded: ReadonlyArray<readonly F[]>, own: readonly F[], name: (f: F) => string): F[] {
  const out = new Map<string, F>();
  for (const list of embedded) for (const f of list) out.set(name(f), f);
  for (const f of own) out.set(name(f), f);
  return [...out.values()];
}

/** The JSON name of a model field (for `mergeInline`). */
export function fieldName(f: Field): string {
  return f.name;
}

export function packageById(model: ApiModel, id: string): Package | undefined {
  return model.packages.find((p) => p.id === id);
}

/** One CRD: a kind of a group with its per-version declarations, versions in the group's order. */
export interface CrdKind {
  group: string;
  kind: string;
  versions: Array<{ version: string; package: Package; kind: Kind; decl: TypeDecl }>;
}

/** The CRDs a model describes: per group, per kind name, the versions declaring it (skipped ones included). */
export function crdKinds(model: ApiModel): CrdKind[] {
  const out: CrdKind[] = [];
  for (const g of model.groups) {
    const byKind = new Map<string, CrdKind>();
    for (const gv of g.versions) {
      const pkg = present(packageById(model, gv.package), `package ${gv.package}`);
      for (const k of pkg.kinds) {
        let crd = byKind.get(k.name);
        if (!crd) {
          crd = { group: g.name, kind: k.name, versions: [] };
          byKind.set(k.name, crd);
        }
        crd.versions.push({ version: gv.version, package: pkg, kind: k, decl: present(pkg.types.find((t) => t.name === k.name), `the declaration of kind ${k.name} in ${pkg.id}`) });
      }
    }
    out.push(...[...byKind.values()].sort((a, b) => (a.kind < b.kind ? -1 : 1)));
  }
  return out;
}
