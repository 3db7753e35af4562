/**
 * The clientset emitters (client-gen for TypeScript): thin typed bindings of the runtime's `TypedClient` and
 * `FakeClient`; every decision (verbs, names, extension bindings) is made in the client view model the listers,
 * informers and package emitters read too (`./shared/clients.ts`), the descriptors here.
 *
 * `clientset` writes, per API group with at least one `+genclient` kind:
 * - `<version>/client.ts`: per kind a typed descriptor (`cronTabResource: ResourceDescriptor<CronTab, CronTabList>`,
 *   from which the runtime's clients, informers and builder infer the kind's types), the client type
 *   (`CronTabClient`: `ResourceClient<CronTab, CronTabList>`, or an `Omit` of it leaving exactly the kind's
 *   `client.verbs` — plus `listPages`/`listAll` with `list`, `getScale`/`updateScale` with a scale subresource —
 *   extended by the `+genclient:method` extensions), the version interface (`StableV1Interface`) and its client
 *   class (`StableV1Client`, one accessor per kind: `cronTabs(namespace)` or `fischers()`);
 * - `clientset.ts`: the group clientset (`StableClientset`, exported also as `Clientset`) with
 *   `fromKubeConfig()` and one accessor per version (`stableV1()`), as client-gen's `Interface`.
 *
 * `fake` writes `fake/index.ts`: the same interfaces over the runtime's `Fake` (an `ObjectTracker` with reactors
 * and recorded actions), `Clientset` and `newSimpleClientset(...objects)`.
 *
 * Group identifiers are the model's `ApiGroup.goName` (client-gen's `+groupGoName`, else the first label of the
 * group name: `stable.example.com` → `Stable`).
 */
import { RUNTIME_PACKAGE } from '../model/util';
import type { GenerationContext, Generator, GeneratorRun, GroupTarget, NoOptions } from './shared/types';
import { RESOURCE_CLIENT_METHODS, clientGroupKey, exampleVersion, type ClientGroup, type ClientVersion, type TypeImport } from './shared/clients';
import {
  ImportTracker,
  jsLiteral,
  jsString,
  render,
  renderSourceFile,
} from '../render';
import { privateName, publicPlural, safeIdentifier } from '../naming';


/** The `client.ts` of one version. */
function renderVersionClient(g: ClientGroup, v: ClientVersion, rt: string): string {
  const imports = new ImportTracker();
  const T = (n: string) => imports.type('./types', n);
  const kinds = v.kinds.map((ck) => {
    const k = ck.kind;
    const kindT = T(k.name);
    const listT = ck.listName ? T(ck.listName) : `${imports.runtimeType(rt, 'KubeList')}<${kindT}>`;
    const full = `${imports.runtimeType(rt, 'ResourceClient')}<${kindT}, ${listT}>`;
    const all = ck.methods.length === RESOURCE_CLIENT_METHODS.length;
    const omitted = RESOURCE_CLIENT_METHODS.filter((m) => !ck.methods.includes(m));
    const base = all ? full : `Omit<${full}, ${omitted.map((m) => jsString(m)).join(' | ')}>`;
    const subresources: Record<string, unknown> = {};
    if (k.subresources.status) subresources.status = true;
    if (k.subresources.scale) subresources.scale = { ...k.subresources.scale };
    const descriptor: Record<string, unknown> = {
      group: g.group,
      version: v.version,
      resource: k.plural,
      kind: k.name,
      ...(ck.listName ? { listKind: ck.listName } : {}),
      namespaced: k.client.namespaced,
      ...(Object.keys(subresources).length ? { subresources } : {}),
    };
    const withMethods = safeIdentifier(`with${k.name}Methods`);
    const typed = `new ${imports.runtimeValue(rt, 'TypedClient')}(this.rest, ${ck.descriptorName}, ${k.client.namespaced ? 'namespace' : "''"})`;
    const subresourceClient = ck.extensions.some((e) => e.kind === 'subresource');
    const methods = ck.extensions.map((e) => {
      if (e.kind === 'method') return { name: e.name, doc: e.marker, type: `${full}[${jsString(e.target)}]`, binding: `c.${e.target}.bind(c)` };
      if (e.kind === 'subresource') {
        const typeOf = (t: TypeImport | undefined) => (t === undefined ? kindT : t.module === './types' ? T(t.name) : imports.type(t.module, t.name));
        const result = e.result === 'text' ? 'string' : typeOf(e.result);
        const sub = jsString(e.subresource);
        if (e.verb === 'get') {
          const params = `name: string, opts?: ${imports.runtimeType(rt, 'SubresourceGetOptions')}`;
          const call = e.result === 'text' ? `c.getSubresourceText(name, ${sub}, opts)` : `c.getSubresource<${result}>(name, ${sub}, opts)`;
          return { name: e.name, doc: e.marker, type: `(${params}) => Promise<${result}>`, binding: `(${params}) => ${call}` };
        }
        const input = typeOf(e.input);
        const params = `name: string, body: ${input}, opts?: ${imports.runtimeType(rt, e.verb === 'create' ? 'CreateOptions' : 'UpdateOptions')}`;
        return { name: e.name, doc: e.marker, type: `(${params}) => Promise<${result}>`, binding: `(${params}) => c.${e.verb}Subresource<${input}, ${result}>(name, ${sub}, body, opts)` };
      }
      const params = `name: string, type: ${imports.runtimeType(rt, 'PatchType')}, body: ${imports.runtimeType(rt, 'PatchBody')}<${kindT}>, opts?: ${imports.runtimeType(rt, 'PatchOptions')}`;
      return { name: e.name, doc: e.marker, type: `(${params}) => Promise<${kindT}>`, binding: `(${params}) => c.patch(name, type, body, opts, ${jsString(e.subresource)})` };
    });
    return {
      resourceDoc: g.group === '' ? `${k.plural} (core/${v.version})` : `${k.plural}.${g.group}/${v.version}`,
      kindDoc: k.name,
      descriptorName: ck.descriptorName,
      descriptorType: `${imports.runtimeType(rt, 'ResourceDescriptor')}<${ck.listName ? `${kindT}, ${listT}` : kindT}>`,
      descriptor: jsLiteral(descriptor),
      namespaced: k.client.namespaced,
      clientType: ck.clientType,
      verbsDoc: ck.methods.length ? ck.methods.join(', ') : 'no verbs',
      hasMethods: methods.length > 0,
      methods,
      base,
      fullClient: subresourceClient ? `${full} & ${imports.runtimeType(rt, 'SubresourceClient')}` : full,
      withMethods,
      accessor: ck.accessor,
      accessorDoc: k.client.namespaced
        ? `${publicPlural(k.name)} in \`namespace\` (\`''\`: all namespaces, for list, watch and deleteCollection).`
        : `${publicPlural(k.name)} (cluster-scoped).`,
      params: k.client.namespaced ? 'namespace: string' : '',
      realClient: methods.length > 0 ? `${withMethods}(${typed})` : typed,
    };
  });
  const body = render('clientset', 'version', {
    kinds,
    interfaceName: v.interfaceName,
    className: v.className,
    groupVersionDoc: `${g.group || 'core'}/${v.version}`,
    restClient: imports.runtimeType(rt, 'RestClient'),
    clientConfig: imports.runtimeType(rt, 'ClientConfig'),
    createRestClient: imports.runtimeValue(rt, 'createRestClient'),
  });
  return renderSourceFile(imports, body);
}

function renderGroupClientset(g: ClientGroup, rt: string): string {
  const imports = new ImportTracker();
  const restClient = imports.runtimeValue(rt, 'RestClient');
  const first = exampleVersion(g.versions, (v) => v.kinds.map((k) => k.kind));
  const firstKind = first?.kinds[0];
  if (first === undefined || firstKind === undefined) throw new Error(`kubegen bug: the client group ${g.group} has no kind`);
  const example = `const ${privateName(firstKind.kind.name)} = await cs.${first.accessor}().${firstKind.accessor}(${firstKind.kind.client.namespaced ? "'default'" : ''}).get('name');`;
  const body = render('clientset', 'group', {
    groupDoc: g.group || 'core',
    interfaceName: `${g.goName}Interface`,
    className: `${g.goName}Clientset`,
    example: firstKind.methods.includes('get') ? example : '',
    restClient,
    clientConfig: imports.runtimeType(rt, 'ClientConfig'),
    createRestClient: imports.runtimeValue(rt, 'createRestClient'),
    loadOptions: imports.runtimeType(rt, 'LoadOptions'),
    loadFromDefault: imports.runtimeValue(rt, 'loadFromDefault'),
    versions: g.versions.map((v) => ({
      accessor: v.accessor,
      field: v.field,
      interfaceName: imports.type(`./${v.version}/client`, v.interfaceName),
      className: imports.value(`./${v.version}/client`, v.className),
    })),
  });
  return renderSourceFile(imports, body);
}

/**
 * Whether the conversion emitter wrote the group's `conversion.ts` in this run (it runs before the fake: a kind
 * declared in several versions, and `conversion` among the generators): then the fake tracker stores objects in the
 * hub version and converts them for every client version. Without it (@kubegen/api: the apiserver converts built-in
 * kinds, client-go's fake does not) every version's objects are stored apart, as client-go's tracker stores them.
 */
function groupHasConversions(group: GroupTarget): boolean {
  return group.sources.includes('conversion.ts');
}

function renderFake(g: ClientGroup, rt: string, hasConversions: boolean): string {
  const imports = new ImportTracker();
  const objects: string[] = [];
  const resources: string[] = [];
  const versions = g.versions.map((v) => {
    const ns = imports.typeNamespace(`../${v.version}/types`, safeIdentifier(v.version));
    const cl = imports.namespace(`../${v.version}/client`, safeIdentifier(`${privateName(v.version)}Client`));
    return {
      className: `Fake${v.className.replace(/Client$/, '')}`,
      interfaceName: `${cl}.${v.interfaceName}`,
      groupVersionDoc: `${g.group || 'core'}/${v.version}`,
      accessor: v.accessor,
      field: v.field,
      kinds: v.kinds.map((ck) => {
        objects.push(`${ns}.${ck.kind.name}`);
        resources.push(`${cl}.${ck.descriptorName}`);
        const client = `this.fake.client(${cl}.${ck.descriptorName}, ${ck.kind.client.namespaced ? 'namespace' : "''"})`;
        return {
          accessor: ck.accessor,
          params: ck.kind.client.namespaced ? 'namespace: string' : '',
          clientType: `${cl}.${ck.clientType}`,
          fakeClient: ck.extensions.length ? `${cl}.${safeIdentifier(`with${ck.kind.name}Methods`)}(${client})` : client,
        };
      }),
    };
  });
  const body = render('fake', 'fake', {
    groupDoc: g.group || 'core',
    versions,
    fakeType: imports.runtimeType(rt, 'Fake'),
    baseClass: imports.runtimeValue(rt, 'FakeClientset'),
    fakeOptions: imports.runtimeType(rt, 'FakeOptions'),
    descriptorType: imports.runtimeType(rt, 'ResourceDescriptor'),
    trackerOptions: hasConversions ? `{ ...options, converters: [${imports.value('../conversion', 'converters')}, ...(options.converters ?? [])] }` : 'options',
    trackerDoc: hasConversions
      ? '\n * Objects of multi-version kinds are stored in their hub version and converted (by the generated `converters`)\n * for the client of every version, as the API server does.'
      : '',
    objectType: `${g.goName}Object`,
    objectUnion: objects.join(' | '),
    resources,
    interfaceName: imports.type('../clientset', `${g.goName}Interface`),
  });
  return renderSourceFile(imports, body);
}

export const clientsetGenerator: Generator<NoOptions> = {
  name: 'clientset',
  start(ctx: GenerationContext): GeneratorRun {
    const rt = RUNTIME_PACKAGE;
    const byGroup = new Map(ctx.clients.map((g) => [g.group, g]));
    return {
      version(gv) {
        const g = byGroup.get(gv.group);
        const v = g?.versions.find((x) => x.version === gv.version);
        return g && v ? [{ path: 'client.ts', contents: renderVersionClient(g, v, rt) }] : [];
      },
      group(group) {
        const g = byGroup.get(group.name);
        return g ? [{ path: 'clientset.ts', contents: renderGroupClientset(g, rt) }] : [];
      },
      groupKey: (group) => clientGroupKey(byGroup.get(group.name)),
    };
  },
};

export const fakeGenerator: Generator<NoOptions> = {
  name: 'fake',
  start(ctx: GenerationContext): GeneratorRun {
    const rt = RUNTIME_PACKAGE;
    const byGroup = new Map(ctx.clients.map((g) => [g.group, g]));
    return {
      group(group) {
        const g = byGroup.get(group.name);
        return g ? [{ path: 'fake/index.ts', contents: renderFake(g, rt, groupHasConversions(group)) }] : [];
      },
      groupKey: (group) => `${String(groupHasConversions(group))}\0${clientGroupKey(byGroup.get(group.name))}`,
    };
  },
};
