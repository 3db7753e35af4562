/** Small read-only helpers over the model, shared by the model builder and the emitters. */
import type { ApiModel, Kind, Package, TypeDecl } from './types';

/** The package id of the runtime's well-known struct types in the model. */
export const RUNTIME_PACKAGE_ID = '@kubegen/runtime';

/** Every declared type by `<package>.<name>`. */
export function typeIndex(packages: readonly Package[]): Map<string, TypeDecl> {
  const index = new Map<string, TypeDecl>();
  for (const p of packages) for (const t of p.types) index.set(`${p.id}.${t.name}`, t);
  return index;
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
