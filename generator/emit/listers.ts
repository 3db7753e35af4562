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
 * `cacheGroups` decides which groups, versions and kinds get listers and informers; the informers emitter
 * (`./informers`) uses it too.
 */
import { RUNTIME_PACKAGE } from '../model/util';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './types';
import { clientGroupKey, type ClientGroup, type ClientKind, type ClientVersion } from './clientset';
import { ImportTracker, privateName, publicName, publicPlural, render, renderSourceFile, safeIdentifier } from '../render';

/** A kind an informer can cache, with the names its lister and informer bindings use. */
export interface CacheKind {
  client: ClientKind;
  /** `CronTabLister`, `CronTabNamespaceLister` (namespaced kinds only), `newCronTabLister` */
  lister: string;
  namespaceLister: string;
  newLister: string;
  /** `CronTabListerExpansion`, `CronTabNamespaceListerExpansion`, `cronTabListerExpansion` */
  listerExpansion: string;
  namespaceListerExpansion: string;
  expansionConst: string;
  /** `CronTabInformer`, `cronTabInformer` */
  informerType: string;
  informerFunc: string;
}

export interface CacheVersion {
  client: ClientVersion;
  kinds: CacheKind[];
  /** `StableV1Informers`, `stableV1Informers` */
  informersType: string;
  informersFunc: string;
}

export interface CacheGroup {
  client: ClientGroup;
  versions: CacheVersion[];
}

/**
 * A generator over the run's cache groups (the listers and informers generators): per group version with cacheable
 * kinds, `version.render` writes `version.path`; per such group, `group.render` writes `group.path`.
 */
export function cacheGenerator(
  name: string,
  files: { version?: { path: string; render(g: CacheGroup, v: CacheVersion, rt: string): string }; group?: { path: string; render(g: CacheGroup, rt: string): string } },
): Generator<NoOptions> {
  return {
    name,
    start(ctx: GenerationContext): GeneratorRun {
      const rt = RUNTIME_PACKAGE;
      const byGroup = new Map(ctx.caches.map((g) => [g.client.group, g]));
      const { version, group } = files;
      return {
        ...(version && {
          version(gv) {
            const g = byGroup.get(gv.group);
            const v = g?.versions.find((x) => x.client.version === gv.version);
            return g && v ? [{ path: version.path, contents: version.render(g, v, rt) }] : [];
          },
        }),
        ...(group && {
          group(gr) {
            const g = byGroup.get(gr.name);
            return g ? [{ path: group.path, contents: group.render(g, rt) }] : [];
          },
          groupKey: (gr) => clientGroupKey(byGroup.get(gr.name)),
        }),
      };
    },
  };
}

/** Whether an informer can cache a kind: its client lists and watches (informer-gen's rule). */
export function isCacheable(ck: ClientKind): boolean {
  return ck.methods.includes('list') && ck.methods.includes('watch');
}

/**
 * The groups, versions and kinds with listers and informers, in canonical order; groups without any left out
 * (computed once per run from its client groups, see `GenerationContext.caches`).
 */
export function cacheGroups(clients: readonly ClientGroup[]): CacheGroup[] {
  const out: CacheGroup[] = [];
  for (const g of clients) {
    const versions: CacheVersion[] = [];
    for (const v of g.versions) {
      const kinds = v.kinds.filter(isCacheable).map((ck): CacheKind => {
        const n = ck.kind.name;
        return {
          client: ck,
          lister: safeIdentifier(`${n}Lister`),
          namespaceLister: safeIdentifier(`${n}NamespaceLister`),
          newLister: safeIdentifier(`new${n}Lister`),
          listerExpansion: safeIdentifier(`${n}ListerExpansion`),
          namespaceListerExpansion: safeIdentifier(`${n}NamespaceListerExpansion`),
          expansionConst: safeIdentifier(`${privateName(n)}ListerExpansion`),
          informerType: safeIdentifier(`${n}Informer`),
          informerFunc: safeIdentifier(`${privateName(n)}Informer`),
        };
      });
      if (kinds.length === 0) continue;
      const base = `${g.goName}${publicName(v.version)}Informers`;
      versions.push({ client: v, kinds, informersType: base, informersFunc: privateName(base) });
    }
    if (versions.length > 0) out.push({ client: g, versions });
  }
  return out;
}

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
