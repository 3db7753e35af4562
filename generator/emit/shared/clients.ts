/**
 * The client view model of a run (client-gen's decisions, made once): which groups, versions and kinds get a
 * generated client, the methods and `+genclient:method` bindings of each kind's client, and the names the bindings
 * use. Computed once per run (`GenerationContext.clients`) and read by the clientset, fake, listers, informers and
 * package emitters. Not an emitter: emitters share view models through `emit/shared/`, never by importing each other.
 */
import type { ApiGroup, ClientExtensionMethod, Kind, Package } from '../../model/types';
import type { DiagnosticBag } from '../../diagnostics';
import { cmp, type GroupVersionPackage } from '../../render/model';
import { privateName, publicName, publicPlural, safeIdentifier } from '../../naming';
import { clientMethods, type ResourceClientMethod } from '../../core/client-verbs';

export { RESOURCE_CLIENT_METHODS, type ResourceClientMethod } from '../../core/client-verbs';

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
export function exampleVersion<V>(versions: readonly V[], kindsOf: (v: V) => ReadonlyArray<{ storage: boolean }>): V | undefined {
  return versions.find((v) => kindsOf(v).some((k) => k.storage)) ?? versions.at(-1);
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
    if (m.input !== undefined && !sameType(m.input)) {
      const input = resolveType(m.input);
      if (typeof input === 'string') return input;
      binding.input = input;
    }
    if (m.result === 'string') binding.result = 'text';
    else if (m.result !== undefined && !sameType(m.result)) {
      const result = resolveType(m.result);
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

