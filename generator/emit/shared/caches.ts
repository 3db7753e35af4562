/**
 * The cache view model of a run (lister-gen's and informer-gen's decisions, made once): which kinds an informer can
 * cache and the names of their lister and informer bindings, computed once per run from the client groups
 * (`GenerationContext.caches`), and the generator shape the listers and informers emitters share. Not an emitter:
 * emitters share view models through `emit/shared/`, never by importing each other.
 */
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './types';
import { clientGroupKey, type ClientGroup, type ClientKind, type ClientVersion } from './clients';
import { RUNTIME_PACKAGE } from '../../model/util';
import { privateName, publicName, safeIdentifier } from '../../naming';

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
