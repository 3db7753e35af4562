/** Small read-only helpers over the model, shared by the model builder, the schema builder and the emitters. */
import type { ApiModel, Field, Kind, Package, PackageId, TypeDecl, TypeRef } from './types';

/**
 * The package id of the runtime's well-known struct types (TypeMeta, Condition, LabelSelector …) in the model, and
 * the module the front end resolves to the runtime's declarations. The only spelling of it in the generator.
 */
export const RUNTIME_PACKAGE: PackageId = '@kubegen/runtime';

/** The key of a declaration in a `TypeIndex`: `<package>.<name>` (type names have no dots). */
export function typeKey(pkg: PackageId, name: string): string {
  return `${pkg}.${name}`;
}

/**
 * Every declared type of a model by package and name — the one index the model builder, the schema builder and the
 * emitters share. A `Map` keyed by `typeKey`.
 */
export class TypeIndex extends Map<string, TypeDecl> {
  constructor(packages: readonly Package[]) {
    super();
    for (const p of packages) for (const t of p.types) this.set(typeKey(p.id, t.name), t);
  }

  /** The declaration of `name` in package `pkg`. */
  decl(pkg: PackageId, name: string): TypeDecl | undefined {
    return this.get(typeKey(pkg, name));
  }
}

export function typeIndex(packages: readonly Package[]): TypeIndex {
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
      const pkg = packageById(model, gv.package)!;
      for (const k of pkg.kinds) {
        let crd = byKind.get(k.name);
        if (!crd) {
          crd = { group: g.name, kind: k.name, versions: [] };
          byKind.set(k.name, crd);
        }
        crd.versions.push({ version: gv.version, package: pkg, kind: k, decl: pkg.types.find((t) => t.name === k.name)! });
      }
    }
    out.push(...[...byKind.values()].sort((a, b) => (a.kind < b.kind ? -1 : 1)));
  }
  return out;
}
