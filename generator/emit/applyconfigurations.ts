/**
 * The apply configurations emitter (applyconfiguration-gen for TypeScript): per API version with kinds marked
 * `+kubebuilder:ac:generate=true` (on the kind or its package), `<version>/applyconfigurations.ts` with, per such kind:
 *
 * - `<Kind>ApplyConfiguration`: the runtime's `ApplyConfiguration<Kind>` (every field optional at every depth,
 *   `metadata.name` required) with `apiVersion` and `kind` fixed to the kind's — what the typed clients' `apply`
 *   and `applyStatus` take;
 * - `<kind>(name, namespace?, fields?)`: applyconfiguration-gen's constructor `<Kind>(name, namespace)` and its
 *   `With…` builders in one call — plain objects rather than builder chains, the TypeScript idiom for partial data;
 *
 * and `<Type>ApplyConfiguration` (a deep partial) for every other type of the package the kinds reach, to build the
 * parts of a configuration separately.
 */
import type { Package, TypeRef } from '../model/types';
import { forEachNamedRef, RUNTIME_PACKAGE } from '../model/util';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './shared/types';
import { ImportTracker, cmp, jsString, render, renderSourceFile } from '../render';
import { privateName, safeIdentifier } from '../naming';
import { present } from '../core/invariant';

export const applyConfigurationsGenerator: Generator<NoOptions> = {
  name: 'applyconfigurations',
  start(ctx: GenerationContext): GeneratorRun {
    const rt = RUNTIME_PACKAGE;
    return {
      version: (gv) => {
        const kinds = gv.package.kinds.filter((k) => k.applyConfiguration && !k.skip);
        return kinds.length === 0 ? [] : [{ path: 'applyconfigurations.ts', contents: renderApplyConfigurations(ctx, gv.group, gv.package, kinds.map((k) => k.name), rt) }];
      },
    };
  },
};

/** The names of `pkg`'s declarations that `roots` reach through named references within the package (roots excluded). */
function reachableTypes(ctx: GenerationContext, pkg: Package, roots: readonly string[]): string[] {
  const seen = new Set<string>(roots);
  const out: string[] = [];
  const queue = [...roots];
  const visit = (t: TypeRef): void => {
    forEachNamedRef(t, (n) => {
      if (n.package === pkg.id && !seen.has(n.name)) {
        seen.add(n.name);
        out.push(n.name);
        queue.push(n.name);
      }
    });
  };
  // the loop reaches the names `visit` appends
  for (const name of queue) {
    const decl = ctx.index.decl(pkg.id, name);
    if (decl) visit(decl.type);
  }
  return out.sort(cmp);
}

function renderApplyConfigurations(ctx: GenerationContext, group: string, pkg: Package, kindNames: readonly string[], rt: string): string {
  const imports = new ImportTracker();
  const deepPartial = imports.runtimeType(rt, 'DeepPartial');
  const apiVersion = jsString(group === '' ? pkg.version : `${group}/${pkg.version}`);
  const kinds = [...kindNames].sort(cmp).map((name) => {
    const kind = present(pkg.kinds.find((k) => k.name === name), `kind ${name} of package ${pkg.id}`);
    return {
      kindT: imports.type('./types', safeIdentifier(name)),
      configType: safeIdentifier(`${name}ApplyConfiguration`),
      fieldsType: safeIdentifier(`${name}ApplyFields`),
      constructor: safeIdentifier(privateName(name)),
      applyConfiguration: imports.runtimeType(rt, 'ApplyConfiguration'),
      objectMeta: imports.runtimeType(rt, 'ObjectMeta'),
      deepPartial,
      apiVersion,
      kind: jsString(name),
      namespaced: kind.scope === 'Namespaced',
    };
  });
  const listNames = new Set(pkg.kinds.map((k) => k.listName).filter((n) => n !== undefined));
  const types = reachableTypes(ctx, pkg, kindNames)
    .filter((n) => !listNames.has(n))
    .map((name) => ({ name, typeT: imports.type('./types', safeIdentifier(name)), configType: safeIdentifier(`${name}ApplyConfiguration`), deepPartial }));
  return renderSourceFile(imports, render('applyconfigurations', 'version', { kinds, types }));
}
