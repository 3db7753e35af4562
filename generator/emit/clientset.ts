/**
 * The clientset emitters (client-gen for TypeScript): thin typed bindings of the runtime's `TypedClient` and
 * `FakeClient`; every decision (verbs, names, descriptors, extension bindings) is made here, in view models.
 *
 * `clientset` writes, per API group with at least one `+genclient` kind:
 * - `<version>/client.ts`: per kind a `ResourceDescriptor` constant (`cronTabResource`), the client type
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
import { clientMethods, RESOURCE_CLIENT_METHODS, type ResourceClientMethod } from '../core/client-verbs';
import type { ApiGroup, ClientExtensionMethod, Kind, Package } from '../model/types';
import type { DiagnosticBag } from '../diagnostics';
import { RUNTIME_PACKAGE } from '../model/util';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './types';
import {
  ImportTracker,
  cmp,
  jsLiteral,
  jsString,
  privateName,
  publicName,
  publicPlural,
  render,
  renderSourceFile,
  safeIdentifier,
  type GroupVersionPackage,
} from '../render';

/** One kind with a generated client, with everything its bindings need. */
export interface ClientKind {
  kind: Kind;
  version: string;
  /** The list type's name, or undefined when the package declares none (then `KubeList<T>`). */
  listName?: string;
  /** `cronTabResource` */
  descriptorName: string;
  /** `CronTabClient` */
  clientType: string;
  /** `cronTabs` */
  accessor: string;
  /** The methods of `ResourceClient` the client exposes, in declaration order. */
  methods: ResourceClientMethod[];
  /** `+genclient:method` extensions that could be bound. */
  extensions: ExtensionBinding[];
}

/**
 * A `+genclient:method` bound to the runtime client: `method` binds a `ResourceClient` method under another name;
 * `subresourcePatch` is `patch` with the subresource fixed.
 */
export type ExtensionBinding =
  | { kind: 'method'; name: string; marker: string; target: ResourceClientMethod }
  | { kind: 'subresourcePatch'; name: string; marker: string; subresource: string }
  /**
   * A read, create or update of another subresource through the runtime's `SubresourceClient`: the body and result
   * types by module (relative to the version directory) and name, the kind itself when absent; `text` for a text
   * response (`pods/log`).
   */
  | { kind: 'subresource'; name: string; marker: string; verb: 'get' | 'create' | 'update'; subresource: string; input?: TypeImport; result?: TypeImport | 'text' };

/** A type a client file imports: its module (relative to the version directory) and name. */
export interface TypeImport {
  module: string;
  name: string;
}

/**
 * Resolves a `+genclient:method` type (`Name` in the kind's package, `<package>.<Name>` for another package of the
 * APIs, e.g. `policy/v1.Eviction`) for the client file of package `from`: the import, or why it cannot be imported.
 */
export type MethodTypeResolver = (from: string, type: string) => TypeImport | string;

/** A version of a group with generated clients. */
export interface ClientVersion {
  version: string;
  pkg: Package;
  kinds: ClientKind[];
  /** `StableV1Interface`, `StableV1Client`, `stableV1` */
  interfaceName: string;
  className: string;
  accessor: string;
  field: string;
}

export interface ClientGroup {
  group: string;
  /** `Stable` */
  goName: string;
  versions: ClientVersion[];
}

function verbMethods(kind: Kind): ResourceClientMethod[] {
  // client-gen's GetScale / UpdateScale extensions (k8s.io/api's built-in kinds) are the runtime's own scale verbs
  const scale = new Set<ResourceClientMethod>();
  for (const m of kind.client.methods) {
    if (m.subresource === 'scale' && m.verb === 'get' && privateName(m.name) === 'getScale') scale.add('getScale');
    if (m.subresource === 'scale' && m.verb === 'update' && privateName(m.name) === 'updateScale') scale.add('updateScale');
  }
  return clientMethods(new Set(kind.client.verbs), kind.subresources.scale !== undefined, scale);
}

/**
 * The version generated docs and READMEs show in examples: the one that stores a kind's data (the conversion hub),
 * else the last one in the group's (controller-gen's string) order.
 */
export function exampleVersion<V>(versions: readonly V[], kindsOf: (v: V) => ReadonlyArray<{ storage: boolean }>): V {
  return versions.find((v) => kindsOf(v).some((k) => k.storage)) ?? versions[versions.length - 1];
}

/**
 * The client groups of a run: groups, versions and kinds with `+genclient`, in canonical order (computed once per run,
 * see `GenerationContext.clients`); a `+genclient:method` that cannot be generated is reported as a warning.
 */
export function clientGroups(
  groups: readonly ApiGroup[],
  versionPackages: readonly GroupVersionPackage[],
  diagnostics: DiagnosticBag,
  resolveType: MethodTypeResolver = () => 'kubegen resolves no method types here',
): ClientGroup[] {
  const byGroup = new Map<string, GroupVersionPackage[]>();
  for (const gvp of versionPackages) byGroup.set(gvp.group, [...(byGroup.get(gvp.group) ?? []), gvp]);
  const out: ClientGroup[] = [];
  for (const [group, gvps] of byGroup) {
    const goName = publicName(groups.find((g) => g.name === group)?.goName ?? group);
    const versions: ClientVersion[] = [];
    for (const gvp of gvps) {
      const kinds = [...gvp.package.kinds]
        .filter((k) => k.client.generate && !k.skip && k.served)
        .sort((a, b) => cmp(a.name, b.name))
        .map((k) => clientKind(k, gvp.version, gvp.package, diagnostics, resolveType));
      if (kinds.length === 0) continue;
      const base = `${goName}${publicName(gvp.version)}`;
      versions.push({
        version: gvp.version,
        pkg: gvp.package,
        kinds,
        interfaceName: `${base}Interface`,
        className: `${base}Client`,
        accessor: privateName(base),
        field: safeIdentifier(`${privateName(gvp.version)}Client`),
      });
    }
    if (versions.length > 0) out.push({ group, goName, versions });
  }
  return out;
}

function clientKind(kind: Kind, version: string, pkg: Package, diagnostics: DiagnosticBag, resolveType: MethodTypeResolver): ClientKind {
  const listName = kind.listName && pkg.types.some((t) => t.name === kind.listName) ? kind.listName : undefined;
  const methods = verbMethods(kind);
  const ck: ClientKind = {
    kind,
    version,
    ...(listName ? { listName } : {}),
    descriptorName: safeIdentifier(`${privateName(kind.name)}Resource`),
    clientType: safeIdentifier(`${kind.name}Client`),
    accessor: privateName(publicPlural(kind.name)),
    methods,
    extensions: [],
  };
  for (const m of kind.client.methods) {
    const ext = extensionBinding(kind, m, methods, (t) => resolveType(pkg.id, t));
    if (ext === 'same') continue;
    if (typeof ext === 'string') {
      diagnostics.report('client-method-not-generated', `${kind.name}: +genclient:method=${m.name} is not generated: ${ext}`, kind.span);
      continue;
    }
    ck.extensions.push(ext);
  }
  return ck;
}

/**
 * How a `+genclient:method` binds to the runtime client: a method of `ResourceClient` under the extension's name,
 * `patch` with its subresource fixed, `'same'` when it names a method the client already has with the same
 * meaning, or a reason it cannot be generated.
 */
function extensionBinding(kind: Kind, m: ClientExtensionMethod, methods: readonly ResourceClientMethod[], resolveType: (type: string) => TypeImport | string): ExtensionBinding | string {
  const name = privateName(m.name);
  const sameType = (t: string | undefined) => t === undefined || t === kind.name;
  const isScale = (t: string | undefined) => t === undefined || /(^|\.)Scale$/.test(t);
  const marker = [m.name, `verb=${m.verb}`, ...(m.subresource ? [`subresource=${m.subresource}`] : []), ...(m.input ? [`input=${m.input}`] : []), ...(m.result ? [`result=${m.result}`] : [])].join(',');
  let target: ResourceClientMethod | undefined;
  if (m.subresource === 'scale' && m.verb === 'get' && isScale(m.result)) target = 'getScale';
  else if (m.subresource === 'scale' && m.verb === 'update' && isScale(m.input) && isScale(m.result)) target = 'updateScale';
  else if (m.subresource === 'status' && (m.verb === 'update' || m.verb === 'apply') && sameType(m.input) && sameType(m.result)) target = m.verb === 'update' ? 'updateStatus' : 'applyStatus';
  else if (m.verb === 'patch' && m.subresource !== undefined && sameType(m.result)) {
    if ((methods as readonly string[]).includes(name)) return `"${name}" is already a verb of the client`;
    return { kind: 'subresourcePatch', name, marker, subresource: m.subresource };
  } else if (m.subresource === undefined && sameType(m.input) && sameType(m.result)) target = m.verb;
  else if (m.subresource !== undefined && m.subresource !== 'status' && m.subresource !== 'scale' && (m.verb === 'get' || m.verb === 'create' || m.verb === 'update')) {
    if ((methods as readonly string[]).includes(name)) return `"${name}" is already a verb of the client`;
    const binding: ExtensionBinding = { kind: 'subresource', name, marker, verb: m.verb, subresource: m.subresource };
    if (!sameType(m.input)) {
      const input = resolveType(m.input!);
      if (typeof input === 'string') return input;
      binding.input = input;
    }
    if (m.result === 'string') binding.result = 'text';
    else if (!sameType(m.result)) {
      const result = resolveType(m.result!);
      if (typeof result === 'string') return result;
      binding.result = result;
    }
    return binding;
  }
  if (target === undefined) return `kubegen binds extension methods to the runtime client's verbs and the scale/status subresources only`;
  if (name === target) return 'same';
  if ((methods as readonly string[]).includes(name)) return `"${name}" is already a verb of the client`;
  return { kind: 'method', name, marker, target };
}

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
    const typed = `new ${imports.runtimeValue(rt, 'TypedClient')}<${kindT}, ${listT}>(this.rest, ${ck.descriptorName}, ${k.client.namespaced ? 'namespace' : "''"})`;
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
      descriptorType: imports.runtimeType(rt, 'ResourceDescriptor'),
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
  const firstKind = first.kinds[0];
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
 * Whether the conversion emitter writes the group's `conversion.ts` (a kind declared in several versions): then the
 * fake tracker stores objects in the hub version and converts them for every client version.
 */
function groupHasConversions(versionPackages: readonly GroupVersionPackage[]): boolean {
  const versionsOf = new Map<string, number>();
  for (const gvp of versionPackages) {
    for (const k of gvp.package.kinds) versionsOf.set(k.name, (versionsOf.get(k.name) ?? 0) + 1);
  }
  return [...versionsOf.values()].some((n) => n > 1);
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
        const kindT = `${ns}.${ck.kind.name}`;
        const listT = ck.listName ? `${ns}.${ck.listName}` : `${imports.runtimeType(rt, 'KubeList')}<${kindT}>`;
        objects.push(kindT);
        resources.push(`${cl}.${ck.descriptorName}`);
        const client = `this.fake.client<${kindT}, ${listT}>(${cl}.${ck.descriptorName}, ${ck.kind.client.namespaced ? 'namespace' : "''"})`;
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

/**
 * Everything of a client group a group-level file can be made from — its groups, versions and kinds, with packages
 * by id and without source positions — as a key for the executor's reuse (`GeneratorRun.groupKey`).
 */
export function clientGroupKey(g: ClientGroup | CacheGroupLike | undefined): string {
  return g === undefined ? '' : JSON.stringify(g, (k, v: unknown) => (k === 'pkg' && isPackage(v) ? v.id : k === 'span' || k === 'selectableFieldSpans' ? undefined : typeof v === 'bigint' ? `${v}n` : v));
}

/** A view of client groups (a cache group) to key. */
interface CacheGroupLike {
  client: ClientGroup;
}

function isPackage(v: unknown): v is Package {
  return typeof v === 'object' && v !== null && 'id' in v && 'types' in v;
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
        return g ? [{ path: 'fake/index.ts', contents: renderFake(g, rt, groupHasConversions(group.versions)) }] : [];
      },
      groupKey: (group) => `${String(groupHasConversions(group.versions))}\0${clientGroupKey(byGroup.get(group.name))}`,
    };
  },
};
