/**
 * The listers emitter (lister-gen for TypeScript): per API version, `<version>/listers.ts` with, per kind that has
 * `+genclient` and the list and watch verbs (the kinds an informer can cache):
 *
 * - `<Kind>ListerExpansion` (and `<Kind>NamespaceListerExpansion` for namespaced kinds): lister-gen's expansion
 *   hooks, empty interfaces a user augments, with their implementations registered in `<kind>ListerExpansion`
 *   (see `expandLister` of the runtime);
 * - `<Kind>Lister` (`NamespacedLister<Kind>` whose `namespace(ns)` is a `<Kind>NamespaceLister`, or
 *   `ClusterLister<Kind>`) extended by the expansion;
 * - `new<Kind>Lister(indexer)`: the runtime's generic `Lister` bound to the kind's type and GroupResource (which
 *   NotFound errors name).
 *
 * `cacheGroups` (`./shared/caches.ts`) decides which groups, versions and kinds get listers and informers; the
 * informers emitter (`./informers`) reads the same view.
 */
import { cacheGenerator, type CacheGroup, type CacheVersion } from './shared/caches';
import { ImportTracker, render, renderSourceFile } from '../render';
import { publicPlural } from '../naming';

function renderListers(g: CacheGroup, v: CacheVersion, rt: string): string {
  const imports = new ImportTracker();
  const kinds = v.kinds.map((k) => {
    const ck = k.client;
    const kindT = imports.type('./types', ck.kind.name);
    const namespaced = ck.kind.client.namespaced;
    const expansions = namespaced ? `${k.listerExpansion}, ${k.namespaceListerExpansion}` : k.listerExpansion;
    return {
      ...k,
      namespaced,
      kindT,
      plural: publicPlural(ck.kind.name),
      resourceDoc: `${ck.kind.plural}.${g.client.group}`,
      baseLister: `${imports.runtimeType(rt, namespaced ? 'NamespacedLister' : 'ClusterLister')}<${kindT}>`,
      namespaceListerBase: namespaced ? `${imports.runtimeType(rt, 'NamespaceLister')}<${kindT}>` : '',
      expansionType: `${imports.runtimeType(rt, 'ListerExpansion')}<${kindT}, ${expansions}>`,
      indexer: `${imports.runtimeType(rt, 'ReadonlyIndexer')}<${kindT}>`,
      descriptor: imports.value('./client', ck.descriptorName),
      listerValue: imports.runtimeValue(rt, 'Lister'),
      expandLister: imports.runtimeValue(rt, 'expandLister'),
    };
  });
  return renderSourceFile(imports, render('listers', 'version', { kinds }));
}

export const listersGenerator = cacheGenerator('listers', { version: { path: 'listers.ts', render: renderListers } });
