/**
 * The informers emitter (informer-gen for TypeScript), for the kinds `cacheGroups` selects (`+genclient` with
 * list and watch):
 *
 * - `<version>/informers.ts`: per kind `<Kind>Informer` (`informer()`, `lister()`) and
 *   `<kind>Informer(factory, client, options?)` — the factory's shared informer of the kind's resource, created
 *   on first use with the version client's `<kinds>(factory.namespace)`; and the version's accessors
 *   (`StableV1Informers`, `stableV1Informers(factory, client)`: `cronTabs()`), informer-gen's versioned `Interface`;
 * - `informers.ts`: the group's accessors over a `SharedInformerFactory` — `informersFor(factory, clientset)
 *   .stableV1().cronTabs()`, informer-gen's `f.Stable().V1().CronTabs()` — and `newSharedInformerFactory(clientset,
 *   options)`, a factory with those accessors.
 *
 * The factory is the runtime's, keyed by GroupVersionResource, so one factory serves every group: use
 * `informersFor` with each group's clientset.
 */
import { exampleVersion } from './shared/clients';
import { cacheGenerator, type CacheGroup, type CacheVersion } from './shared/caches';
import { ImportTracker, render, renderSourceFile } from '../render';
import { privateName, safeIdentifier } from '../naming';

function renderVersionInformers(g: CacheGroup, v: CacheVersion, rt: string): string {
  const imports = new ImportTracker();
  const clientInterface = imports.type('./client', v.client.interfaceName);
  const factory = imports.runtimeType(rt, 'SharedInformerFactory');
  const kinds = v.kinds.map((k) => {
    const ck = k.client;
    const kindT = imports.type('./types', ck.kind.name);
    return {
      ...k,
      kindT,
      informerDoc: `${ck.kind.plural}.${g.client.group}/${v.client.version}`,
      sharedInformer: `${imports.runtimeType(rt, 'SharedIndexInformer')}<${kindT}>`,
      options: `${imports.runtimeType(rt, 'InformerForOptions')}<${kindT}>`,
      listerType: imports.type('./listers', k.lister),
      newLister: imports.value('./listers', k.newLister),
      descriptor: imports.value('./client', ck.descriptorName),
      clientCall: `client.${ck.accessor}(${ck.kind.client.namespaced ? 'factory.namespace' : ''})`,
      accessor: ck.accessor,
      scopeDoc: ck.kind.client.namespaced ? "in the factory's namespace" : 'cluster-wide',
    };
  });
  const body = render('informers', 'version', {
    kinds,
    factory,
    clientInterface,
    informersType: v.informersType,
    informersFunc: v.informersFunc,
    groupVersionDoc: `${g.client.group || 'core'}/${v.client.version}`,
  });
  return renderSourceFile(imports, body);
}

function renderGroupInformers(g: CacheGroup, rt: string): string {
  const imports = new ImportTracker();
  const goName = g.client.goName;
  const last = exampleVersion(g.versions, (v) => v.client.kinds.map((k) => k.kind));
  const kind = last?.kinds[0];
  if (last === undefined || kind === undefined) throw new Error(`kubegen bug: the informer group ${g.client.group} has no kind`);
  const versions = g.versions.map((v) => ({
    accessor: v.client.accessor,
    versionInformersType: imports.type(`./${v.client.version}/informers`, v.informersType),
    versionInformersFunc: imports.value(`./${v.client.version}/informers`, v.informersFunc),
  }));
  const body = render('informers', 'group', {
    groupDoc: g.client.group || 'core',
    informersType: safeIdentifier(`${goName}Informers`),
    factoryType: safeIdentifier(`${goName}SharedInformerFactory`),
    factory: imports.runtimeValue(rt, 'SharedInformerFactory'),
    factoryOptions: imports.runtimeType(rt, 'SharedInformerFactoryOptions'),
    clientsetInterface: imports.type('./clientset', `${goName}Interface`),
    versions,
    exampleVar: privateName(kind.client.accessor),
    exampleChain: `${last.client.accessor}().${kind.client.accessor}()`,
  });
  return renderSourceFile(imports, body);
}

export const informersGenerator = cacheGenerator('informers', {
  version: { path: 'informers.ts', render: renderVersionInformers },
  group: { path: 'informers.ts', render: renderGroupInformers },
});
