/**
 * The model builder: turns loaded packages (declarations + markers) into the resolved API model. Every decision
 * that depends on markers is made here, once: group/version of each package, the group's Go name, which types are
 * kinds, their names/scope/subresources/columns, required-ness, defaults, immutability and schemaless-ness of
 * fields, storage versions (the one check that each kind has exactly one), client verbs, and where the imports of a
 * hand-written conversion.ts point in the generated package. Markers are read through their typed definitions
 * (`getMarker(markers, Resource)`). It knows nothing of the parser (`typescript`).
 */
import { DiagnosticBag, type Diagnostic } from '../diagnostics';
import {
  AcGenerate,
  CLIENT_VERBS,
  CrdMetadata,
  Default,
  DeprecatedVersion,
  GenClient,
  GenClientMethod,
  GenClientNoStatus,
  GenClientNoVerbs,
  GenClientNonNamespaced,
  GenClientOnlyVerbs,
  GenClientReadonly,
  GenClientSkipVerbs,
  GroupGoName,
  GroupName,
  Immutable,
  KubebuilderDefault,
  ObjectRoot,
  PrintColumn,
  READONLY_VERBS,
  Resource,
  Schemaless,
  SelectableField,
  Skip,
  SkipVersion,
  StorageVersion,
  SubresourceScale,
  SubresourceStatus,
  UnservedVersion,
  ValidationOptional,
  VersionName,
  explicitRequired,
  findMarker,
  getMarker,
  getMarkers,
  hasMarker,
  isMarker,
  markerDefinition,
  registeredMarker,
  type MarkerDefinition,
} from '../markers';
import { pluralize } from '../naming/flect';
import type {
  ApiGroup,
  ApiModel,
  ClientExtensionMethod,
  ClientOptions,
  ClientVerb,
  Field,
  Kind,
  ManualConversionImport,
  ManualConversions,
  MarkerValue,
  Package,
  PackageId,
  PrinterColumn,
  TypeDecl,
  TypeRef,
} from './types';
import { resolveConstraints } from './constraints';
import { RUNTIME_PACKAGE, fieldName, forEachNamedRef, isApiPackage, isTypeMetaRef, mergeInline, typeIndex, typeKey, type TypeIndex } from './util';
import { checkModelNames } from './names';
import { checkReservedNames } from './reserved';
import { checkTypeDepth } from './depth';

/** A package as the front end loaded it, before resolution. */
export interface LoadedPackage {
  id: PackageId;
  dir: string;
  folderName: string;
  markers: MarkerValue[];
  types: TypeDecl[];
  /** Exported names of the package's `conversion.ts`. */
  conversionFunctions: string[];
  /** The package's `conversion.ts`, when it has one: its text and its relative imports, as the front end found them. */
  conversion?: { source: string; imports: ConversionImportSite[] };
  /** The runtime's own declarations (well-known struct types). */
  runtime?: boolean;
  /** Names of `@kubegen/runtime` declarations the package re-exports (`export type { ObjectMeta } from '@kubegen/runtime'`). */
  runtimeReexports?: string[];
  /** A library package of `@kubegen/api` that is one of its group versions (see `Package.apiGroupVersion`). */
  apiGroupVersion?: boolean;
  /**
   * What the front end assembled the package from (its per-file results), by identity: two loads with equal lists
   * (element by element) gave the package the same declarations, markers and conversions. Absent (a package built
   * by hand, or by the importer), the package is always resolved again.
   */
  sources?: readonly object[];
}


/** A relative module specifier of a hand-written `conversion.ts`, as the front end finds it. */
export interface ConversionImportSite {
  specifier: string;
  /** Offsets of the specifier's text (inside its quotes) in the file. */
  start: number;
  end: number;
  /** 1-based position of the import / export declaration. */
  line: number;
  column: number;
  /** `import type …`, `export type …`, or only `type` elements (`import { type A }`). */
  typeOnly: boolean;
}

/**
 * What the model builder keeps between builds of the same APIs (`kubegen generate --watch`), so that a build resolves
 * again only what its input changed. Everything kept is immutable: a build never mutates a package, declaration or
 * kind it hands out, so a model of one run stays valid while the next is built.
 *
 * - **Per package**: the resolved package (fields, kinds, constraints) and the diagnostics of its own checks, kept
 *   while the loaded package's `sources` (by identity) and those of every package its declarations reach (with the
 *   runtime's) are the same — resolution reads nothing else.
 * - **Per group**: storage versions, the group's Go name and versions, and the group's diagnostics (name conflicts,
 *   versions), kept while the group's resolved packages are the same objects.
 * - **Per package, final**: the package with its storage versions and hand-written conversions, the same object as
 *   in the previous build when neither changed — what the emitters' reuse (`EmitCache`) compares by identity.
 * - The recursion check walks the whole model on every build (its diagnostics depend on the walk's order).
 */
export class ModelCache {
  private packages = new Map<PackageId, PackageEntry>();
  private groups = new Map<string, GroupEntry>();
  private finals = new Map<PackageId, FinalEntry>();
  private refs = new WeakMap<readonly object[], ReadonlySet<PackageId>>();

  /** Packages resolved again by the last build (the others were reused). */
  lastResolved: PackageId[] = [];

  /** A package's resolution, reused when its sources and those of the packages it reaches are unchanged. */
  resolve(lp: LoadedPackage, byId: ReadonlyMap<PackageId, LoadedPackage>, index: () => Index): PackageEntry {
    const prev = this.packages.get(lp.id);
    if (prev && lp.sources !== undefined && sameList(prev.sources, lp.sources) && [...prev.deps].every(([id, s]) => sameList(byId.get(id)?.sources, s))) return prev;
    const bag = new DiagnosticBag();
    const resolved = resolvePackage(lp, index(), bag);
    const deps = new Map<PackageId, readonly object[] | undefined>();
    for (const id of this.reach(lp, byId)) deps.set(id, byId.get(id)?.sources);
    const entry: PackageEntry = { sources: lp.sources, deps, resolved, diagnostics: bag.items };
    if (lp.sources !== undefined) this.packages.set(lp.id, entry);
    this.lastResolved.push(lp.id);
    return entry;
  }

  /** A group's resolution, reused when its resolved packages are the same objects. */
  group(name: string, pkgs: readonly Package[]): GroupEntry {
    const prev = this.groups.get(name);
    if (prev && sameList(prev.packages, pkgs)) return prev;
    const bag = new DiagnosticBag();
    const { group, storage } = resolveGroup(name, pkgs, bag);
    const entry: GroupEntry = { packages: pkgs, group, storage, diagnostics: bag.items };
    this.groups.set(name, entry);
    return entry;
  }

  /** The final package: the previous build's object when its resolution, storage versions and conversions are the same. */
  final(resolved: Package, storage: readonly string[], conversion: LoadedPackage['conversion'], groupVersions: readonly string[]): Package {
    const prev = this.finals.get(resolved.id);
    const storageKey = storage.join('\0');
    const versionsKey = groupVersions.join('\0');
    if (prev && prev.resolved === resolved && prev.storageKey === storageKey && prev.conversion === conversion && (conversion === undefined || prev.versionsKey === versionsKey)) return prev.final;
    const final: Package = storage.length > 0 ? { ...resolved, kinds: resolved.kinds.map((k) => (storage.includes(k.name) ? { ...k, storage: true } : k)) } : resolved;
    if (conversion) final.manualConversions = resolveManualConversions(`${resolved.dir}/conversion.ts`, resolved.version, conversion.source, conversion.imports, new Set(groupVersions));
    this.finals.set(resolved.id, { resolved, storageKey, conversion, versionsKey, final });
    return final;
  }

  /** Forget packages that are gone. */
  retain(ids: ReadonlySet<PackageId>, groups: ReadonlySet<string>): void {
    for (const id of [...this.packages.keys()]) if (!ids.has(id)) this.packages.delete(id);
    for (const id of [...this.finals.keys()]) if (!ids.has(id)) this.finals.delete(id);
    for (const g of [...this.groups.keys()]) if (!groups.has(g)) this.groups.delete(g);
  }

  /** The packages whose declarations resolving `lp` may read: those its types reach, transitively, and the runtime's. */
  private reach(lp: LoadedPackage, byId: ReadonlyMap<PackageId, LoadedPackage>): Set<PackageId> {
    const seen = new Set<PackageId>([lp.id, RUNTIME_PACKAGE]);
    const stack = [lp];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      for (const id of this.directRefs(next)) {
        if (seen.has(id)) continue;
        seen.add(id);
        const reached = byId.get(id);
        if (reached) stack.push(reached);
      }
    }
    seen.delete(lp.id);
    return seen;
  }

  private directRefs(lp: LoadedPackage): ReadonlySet<PackageId> {
    const cached = lp.sources && this.refs.get(lp.sources);
    if (cached) return cached;
    const out = new Set<PackageId>();
    for (const t of lp.types) for (const key of namedRefs(t.type)) out.add(key.slice(0, key.lastIndexOf('#')));
    if (lp.sources) this.refs.set(lp.sources, out);
    return out;
  }
}

interface PackageEntry {
  sources: readonly object[] | undefined;
  /** The packages the resolution may have read, with their sources then. */
  deps: ReadonlyMap<PackageId, readonly object[] | undefined>;
  /** Resolved, before storage versions and conversions. */
  resolved: Package;
  diagnostics: readonly Diagnostic[];
}

interface GroupEntry {
  packages: readonly Package[];
  group: ApiGroup;
  /** Per package id, the kinds that are the storage version. */
  storage: ReadonlyMap<PackageId, readonly string[]>;
  diagnostics: readonly Diagnostic[];
}

interface FinalEntry {
  resolved: Package;
  storageKey: string;
  conversion: LoadedPackage['conversion'];
  versionsKey: string;
  final: Package;
}

function sameList(a: readonly object[] | undefined, b: readonly object[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The model of loaded packages; problems are reported into `bag`. The loaded packages are not modified. With a
 * `cache` kept between builds of the same APIs, only what changed is resolved again (see {@link ModelCache}); the
 * model and the diagnostics are the same as a build without one.
 */
export function buildModel(loaded: LoadedPackage[], bag: DiagnosticBag, cache: ModelCache = new ModelCache()): ApiModel {
  cache.lastResolved = [];
  const sortedLoaded = [...loaded].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map(sortedLoaded.map((lp) => [lp.id, lp]));
  // The index of the loaded declarations: resolution reads only their structure (names, types, markers).
  let loadedIndex: Index | undefined;
  const index = () => (loadedIndex ??= loadedTypeIndex(sortedLoaded));
  const resolved: Package[] = [];
  for (const lp of sortedLoaded) {
    const entry = cache.resolve(lp, byId, index);
    bag.addAll(entry.diagnostics);
    resolved.push(entry.resolved);
  }
  const byGroup = new Map<string, Package[]>();
  for (const p of resolved) {
    if (p.group === undefined || p.skip) continue;
    const list = byGroup.get(p.group) ?? [];
    list.push(p);
    byGroup.set(p.group, list);
  }
  const groups: ApiGroup[] = [];
  const storage = new Map<PackageId, readonly string[]>();
  for (const [name, members] of [...byGroup].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const entry = cache.group(name, members);
    bag.addAll(entry.diagnostics);
    groups.push(entry.group);
    for (const [id, kinds] of entry.storage) storage.set(id, kinds);
  }
  const versionsOf = new Map(groups.map((g) => [g.name, g.versions.map((v) => v.version)]));
  const packages = resolved.map((p) => cache.final(p, storage.get(p.id) ?? [], byId.get(p.id)?.conversion, (p.group !== undefined ? versionsOf.get(p.group) : undefined) ?? [p.version]));
  cache.retain(new Set(byId.keys()), new Set(byGroup.keys()));
  const finalIndex = typeIndex(packages);
  checkRecursion(packages, finalIndex, bag);
  checkTypeDepth(packages, finalIndex, bag);
  return { packages, groups };
}

/** An index of loaded packages' declarations (as `typeIndex` of resolved packages). */
function loadedTypeIndex(loaded: readonly LoadedPackage[]): Index {
  return typeIndex(loaded);
}

/**
 * A loaded package resolved on its own (reading other packages' declarations through `index`): its declarations
 * copied with their fields resolved, its kinds, and the checks that look at one package at a time, reported into
 * `bag`. Storage versions and hand-written conversions are the group's business ({@link ModelCache.final}).
 */
function resolvePackage(lp: LoadedPackage, index: Index, bag: DiagnosticBag): Package {
  const optionalByDefault = isPackageOptional(lp.markers);
  const types = [...lp.types].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((t) => resolvedDecl(t, optionalByDefault, index));
  const pkg: Package = {
    id: lp.id,
    dir: lp.dir,
    group: getMarker(lp.markers, GroupName),
    version: getMarker(lp.markers, VersionName) ?? lp.folderName,
    skip: hasMarker(lp.markers, Skip),
    optionalByDefault,
    markers: lp.markers,
    types,
    kinds: [],
  };
  if (lp.conversionFunctions.length > 0 || !lp.runtime) pkg.conversionFunctions = lp.conversionFunctions;
  if (lp.runtimeReexports && lp.runtimeReexports.length > 0) pkg.runtimeReexports = [...new Set(lp.runtimeReexports)].sort();
  if (lp.apiGroupVersion === true) pkg.apiGroupVersion = true;
  if (pkg.group === undefined && !pkg.skip && pkg.id !== RUNTIME_PACKAGE && !isApiPackage(pkg.id)) checkKindsHaveGroup(pkg, index, bag);
  if (pkg.group !== undefined && !pkg.skip) pkg.kinds = pkg.types.filter((t) => isKindDecl(t, index)).map((t) => resolveKind(t, pkg, index, bag));
  checkDuplicates(pkg, bag);
  checkKindOnlyMarkers(lp, index, bag);
  if (pkg.id !== RUNTIME_PACKAGE) checkDuplicateProperties(pkg, index, bag);
  checkModelNames([pkg], bag);
  if (pkg.id !== RUNTIME_PACKAGE && !isApiPackage(pkg.id) && !pkg.skip) checkReservedNames(pkg, bag);
  return pkg;
}

function isPackageOptional(markers: MarkerValue[]): boolean {
  return hasMarker(markers, ValidationOptional);
}

/** A declaration with its fields resolved (see {@link resolvedType}) and its own constraints; `t` is not modified. */
function resolvedDecl(t: TypeDecl, optionalByDefault: boolean, index: Index): TypeDecl {
  const decl: TypeDecl = { ...t, type: resolvedType(t.type, optionalByDefault, index) };
  const constraints = resolveConstraints(t.markers, t.type, index);
  if (constraints) decl.constraints = constraints;
  else delete decl.constraints;
  return decl;
}

/**
 * A type with `Field.required` (controller-gen's precedence, v0.16+), defaults, immutability and schemaless-ness
 * resolved everywhere in it: a copy where it has fields, `t` itself where it has none.
 */
function resolvedType(t: TypeRef, optionalByDefault: boolean, index: Index): TypeRef {
  switch (t.kind) {
    case 'array':
      return { ...t, items: resolvedType(t.items, optionalByDefault, index) };
    case 'map':
      return { ...t, values: resolvedType(t.values, optionalByDefault, index) };
    case 'struct':
      return {
        ...t,
        embeds: t.embeds.map((e) => resolvedType(e, optionalByDefault, index)),
        fields: t.fields.map((f) => {
          const field: Field = { ...f, type: resolvedType(f.type, optionalByDefault, index), required: fieldRequired(f, optionalByDefault) };
          resolveFieldMarkers(field, index);
          return field;
        }),
      };
    default:
      return t;
  }
}

/**
 * Where the generated copy of a hand-written `conversion.ts` imports each of its relative specifiers from: a type-only
 * import of an API file of the same version (`./x`) becomes `./types`, of another version of the group
 * (`../<version>/x`) `../<version>/types` (a `.js` suffix is allowed); anything else is a problem.
 */
export function resolveManualConversions(
  file: string,
  version: string,
  source: string,
  sites: readonly ConversionImportSite[],
  groupVersions: ReadonlySet<string>,
): ManualConversions {
  const imports: ManualConversionImport[] = sites.map((site) => {
    const { specifier, start, end } = site;
    const out: ManualConversionImport = { specifier, start, end, span: { file, line: site.line, column: site.column } };
    if (!site.typeOnly) {
      out.problem = `${file}: hand-written conversions may only import types from API files (use \`import type\`): ${specifier}`;
      return out;
    }
    const parts = (specifier.endsWith('.js') ? specifier.slice(0, -3) : specifier).split('/');
    const [head, sibling] = parts;
    if (parts.length === 2 && head === '.') out.target = './types';
    else if (parts.length === 3 && head === '..' && sibling !== undefined && groupVersions.has(sibling)) out.target = sibling === version ? './types' : `../${sibling}/types`;
    else out.problem = `${file}: hand-written conversions may only import from API files of their group's versions, not ${specifier}`;
    return out;
  });
  return { file, source, imports };
}

/** `+k8s:conversion-gen` (code-generator's tag, its value verbatim); only `false` means something on a field. */
const ConversionGen: MarkerDefinition = registeredMarker('k8s:conversion-gen');

/** `Field.default`, `immutable`, `schemaless` and `skipConversion` from the field's markers. */
function resolveFieldMarkers(f: Field, index: Index): void {
  f.immutable = hasMarker(f.markers, Immutable);
  f.schemaless = hasMarker(f.markers, Schemaless);
  const conversionGen = getMarker(f.markers, ConversionGen);
  if (typeof conversionGen === 'string' && conversionGen.trim() === 'false') f.skipConversion = true;
  else delete f.skipConversion;
  delete f.default;
  delete f.constraints;
  const constraints = resolveConstraints(f.markers, f.type, index);
  if (constraints) f.constraints = constraints;
  const kubebuilder = findMarker(f.markers, KubebuilderDefault);
  const json = findMarker(f.markers, Default);
  if (kubebuilder) {
    const value = isEmptyObject(kubebuilder.value) && isArrayType(f.type, index) ? [] : kubebuilder.value;
    f.default = { value, marker: 'kubebuilder:default', span: kubebuilder.span };
  } else if (json && json.value !== null) {
    // `+default=ref(…)` parses to null: a defaulter-gen reference with no value here
    f.default = { value: json.value, marker: 'default', span: json.span };
  }
}

function isEmptyObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

/** Whether a type is an array, through named aliases. */
function isArrayType(t: TypeRef, index: Index): boolean {
  for (let depth = 0; t.kind === 'named' && depth < 64; depth++) {
    const d = index.decl(t.package, t.name);
    if (!d) return false;
    t = d.type;
  }
  return t.kind === 'array';
}

/**
 * explicit `+kubebuilder:validation:Optional` > `+kubebuilder:validation:Required` > `+optional`/`+k8s:optional`
 * > `+required`/`+k8s:required` > package default (required unless `?`; nothing required in an Optional package).
 */
export function fieldRequired(f: Field, optionalByDefault: boolean): boolean {
  const explicit = explicitRequired(f.markers);
  if (explicit !== undefined) return explicit;
  if (optionalByDefault) return false;
  return !f.optional;
}

type Index = TypeIndex;

/** All fields of a struct type including those of its embeds (Go's inline embedding, `mergeInline`), resolved through named refs. */
export function flattenFields(t: TypeRef, index: Index, seen = new Set<string>()): Field[] {
  if (t.kind === 'named') {
    const key = typeKey(t.package, t.name);
    if (seen.has(key)) return [];
    seen.add(key);
    const d = index.get(key);
    return d ? flattenFields(d.type, index, seen) : [];
  }
  if (t.kind !== 'struct') return [];
  return mergeInline(
    t.embeds.map((e) => flattenFields(e, index, seen)),
    t.fields,
    fieldName,
  );
}

function embedsTypeMeta(t: TypeRef, index: Index, seen = new Set<string>()): boolean {
  if (isTypeMetaRef(t)) return true;
  if (t.kind === 'named') {
    const key = typeKey(t.package, t.name);
    if (seen.has(key)) return false;
    seen.add(key);
    const d = index.get(key);
    return !!d && embedsTypeMeta(d.type, index, seen);
  }
  return t.kind === 'struct' && t.embeds.some((e) => embedsTypeMeta(e, index, seen));
}

/** The Go rule "embeds TypeMeta and ObjectMeta": extends TypeMeta and has `metadata: ObjectMeta`. */
export function isKindDecl(t: TypeDecl, index: Index): boolean {
  if (!t.exported || !embedsTypeMeta(t.type, index)) return false;
  const meta = flattenFields(t.type, index).find((f) => f.name === 'metadata');
  return !!meta && meta.type.kind === 'wellKnown' && meta.type.name === 'ObjectMeta';
}

function isListOf(t: TypeDecl, kind: string, index: Index): boolean {
  if (!embedsTypeMeta(t.type, index)) return false;
  const fields = flattenFields(t.type, index);
  const meta = fields.find((f) => f.name === 'metadata');
  const items = fields.find((f) => f.name === 'items');
  return (
    !!meta &&
    meta.type.kind === 'wellKnown' &&
    meta.type.name === 'ListMeta' &&
    !!items &&
    items.type.kind === 'array' &&
    items.type.items.kind === 'named' &&
    items.type.items.name === kind
  );
}

function resolveKind(t: TypeDecl, pkg: Package, index: Index, bag: DiagnosticBag): Kind {
  const m = t.markers;
  const resource = getMarker(m, Resource) ?? {};
  const fields = flattenFields(t.type, index);
  const hasStatus = fields.some((f) => f.name === 'status');
  const hasSpec = fields.some((f) => f.name === 'spec');
  const scale = getMarker(m, SubresourceScale);
  const printerColumns: PrinterColumn[] = getMarkers(m, PrintColumn).map((v) => {
    const col: PrinterColumn = { name: v.name, type: v.type, jsonPath: v.JSONPath };
    if (v.description !== undefined) col.description = v.description;
    if (v.format !== undefined) col.format = v.format;
    if (v.priority !== undefined) col.priority = v.priority;
    return col;
  });
  const crdAnnotations: Record<string, string> = {};
  const crdLabels: Record<string, string> = {};
  for (const md of m) {
    if (!isMarker(md, CrdMetadata)) continue;
    const v = md.value;
    for (const [target, list, what] of [
      [crdAnnotations, v.annotations ?? [], 'annotation'],
      [crdLabels, v.labels ?? [], 'label'],
    ] as const) {
      for (const kv of list) {
        const i = kv.indexOf('=');
        if (i < 0) bag.report('invalid-marker-argument', `${what} "${kv}" must be of the form key=value`, md.span);
        else target[kv.slice(0, i)] = kv.slice(i + 1);
      }
    }
  }
  const deprecated = findMarker(m, DeprecatedVersion);
  const scope = resource.scope ?? 'Namespaced';
  const listDecl = pkg.types.find((d) => d.name === `${t.name}List` && isListOf(d, t.name, index));
  const kind: Kind = {
    name: t.name,
    listName: listDecl?.name,
    root: getMarker(m, ObjectRoot) ?? false,
    scope,
    plural: resource.path ?? pluralize(t.name).toLowerCase(),
    singular: resource.singular ?? t.name.toLowerCase(),
    shortNames: resource.shortName ?? [],
    categories: resource.categories ?? [],
    storage: false,
    served: !hasMarker(m, UnservedVersion),
    skip: hasMarker(m, SkipVersion),
    deprecated: !!deprecated,
    subresources: { status: hasMarker(m, SubresourceStatus) },
    printerColumns,
    selectableFields: getMarkers(m, SelectableField).map((s) => s.JSONPath),
    selectableFieldSpans: m.filter((x) => isMarker(x, SelectableField)).map((x) => x.span),
    crdAnnotations,
    crdLabels,
    hasStatus,
    hasSpec,
    client: resolveClient(t, scope, hasStatus, bag),
    applyConfiguration: getMarker(m, AcGenerate) ?? getMarker(pkg.markers, AcGenerate) ?? false,
    span: t.span,
  };
  const warning = deprecated?.value.warning;
  if (warning !== undefined) kind.deprecationWarning = warning;
  if (scale) {
    kind.subresources.scale = { specReplicasPath: scale.specpath, statusReplicasPath: scale.statuspath };
    if (scale.selectorpath !== undefined) kind.subresources.scale.labelSelectorPath = scale.selectorpath;
  }
  return kind;
}

/** client-gen's tag semantics (cmd/client-gen/generators/util/tags.go). */
function resolveClient(t: TypeDecl, scope: 'Namespaced' | 'Cluster', hasStatus: boolean, bag: DiagnosticBag): ClientOptions {
  const m = t.markers;
  const generate = hasMarker(m, GenClient);
  if (!generate) {
    // client-gen reads its other tags only on a type with +genclient: without it they would do nothing
    for (const tag of m) {
      if (tag.name.startsWith('genclient:')) bag.report('marker-not-applicable', `+${tag.name} has no effect: ${t.name} has no +genclient, so no client is generated for it (add +genclient)`, tag.span);
    }
  }
  const nonNamespaced = findMarker(m, GenClientNonNamespaced);
  if (generate && nonNamespaced && scope === 'Namespaced') {
    bag.report('conflicting-markers', '+genclient:nonNamespaced on a namespaced kind: add +kubebuilder:resource:scope=Cluster so the CRD agrees', nonNamespaced.span);
  }
  let verbs: ClientVerb[] = [...CLIENT_VERBS];
  const only = getMarker(m, GenClientOnlyVerbs);
  const skip = getMarker(m, GenClientSkipVerbs);
  if (hasMarker(m, GenClientNoVerbs)) verbs = [];
  else if (hasMarker(m, GenClientReadonly)) verbs = [...READONLY_VERBS];
  else if (only) verbs = CLIENT_VERBS.filter((v) => only.includes(v));
  if (skip) verbs = verbs.filter((v) => !skip.includes(v));
  if (hasMarker(m, GenClientNoStatus) || !hasStatus) verbs = verbs.filter((v) => v !== 'updateStatus' && v !== 'applyStatus');
  const methods: ClientExtensionMethod[] = getMarkers(m, GenClientMethod).map((v) => {
    const method: ClientExtensionMethod = { name: v.name, verb: v.verb };
    if (v.subresource !== undefined) method.subresource = v.subresource;
    if (v.input !== undefined) method.input = v.input;
    if (v.result !== undefined) method.result = v.result;
    return method;
  });
  return { generate, namespaced: scope === 'Namespaced' && nonNamespaced === undefined, verbs, methods };
}

/**
 * A group (its versions sorted by plain string comparison) and the storage version of every kind: per package id,
 * the names of its kinds stored in that version. The packages are not modified.
 */
function resolveGroup(name: string, packages: readonly Package[], bag: DiagnosticBag): { group: ApiGroup; storage: Map<PackageId, string[]> } {
  const pkgs = [...packages].sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
  const storage = new Map<PackageId, string[]>();
  const stored = (k: Kind) => {
    const p = pkgs.find((x) => x.kinds.includes(k));
    if (!p) throw new Error(`internal: kind ${k.name} of group ${name} belongs to none of the group's packages`);
    storage.set(p.id, [...(storage.get(p.id) ?? []), k.name]);
  };
  for (const [prev, p] of pkgs.slice(1).map((p, i) => [pkgs[i], p] as const)) {
    if (prev && p.version === prev.version) {
      const other = prev.markers[0]?.span;
      bag.report('duplicate-declaration', `version ${p.version} of group ${name} is declared by two folders: ${prev.dir} and ${p.dir}`, p.markers[0]?.span, {
        related: other ? [{ span: other, message: `the declaration in ${prev.dir}` }] : [],
      });
    }
  }
  const group: ApiGroup = { name, goName: groupGoName(name, pkgs), versions: pkgs.map((p) => ({ group: name, version: p.version, package: p.id })) };
  checkNameConflicts(name, pkgs, bag);
  // storage per kind across the group's versions
  const kindNames = new Set(pkgs.flatMap((p) => p.kinds.map((k) => k.name)));
  for (const kindName of [...kindNames].sort()) {
    const versions = pkgs.flatMap((p) => p.kinds.filter((k) => k.name === kindName && !k.skip));
    const all = pkgs.flatMap((p) => p.kinds.filter((k) => k.name === kindName));
    const [first, ...later] = versions;
    if (first === undefined) {
      bag.report('crd-versions', `CRD for ${kindName}.${name} has no versions left after +kubebuilder:skipversion`, all[0]?.span);
      continue;
    }
    if (later.length === 0) stored(first);
    else {
      const marked = pkgs.flatMap((p) =>
        p.kinds.filter((k) => k.name === kindName && !k.skip && hasMarker(p.types.find((t) => t.name === k.name)?.markers ?? [], StorageVersion)),
      );
      const [only, second] = marked;
      if (only === undefined) bag.report('crd-versions', `CRD for ${kindName}.${name} has no storage version: mark exactly one version with +kubebuilder:storageversion`, first.span);
      else if (second !== undefined)
        bag.report('crd-versions', `CRD for ${kindName}.${name} has ${marked.length} storage versions: exactly one version may carry +kubebuilder:storageversion`, second.span, {
          related: marked.filter((_, i) => i !== 1).map((k) => ({ span: k.span, message: `${kindName} is also marked +kubebuilder:storageversion here` })),
        });
      else stored(only);
    }
    if (!versions.some((k) => k.served)) bag.report('crd-versions', `CRD for ${kindName}.${name} has no served version`, first.span);
    // Names must agree across versions: they describe one CRD.
    for (const k of later) {
      if (k.plural !== first.plural || k.scope !== first.scope || k.singular !== first.singular) {
        bag.report('crd-versions', `versions of ${kindName}.${name} disagree on resource names or scope (plural "${first.plural}"/"${k.plural}", scope ${first.scope}/${k.scope})`, k.span);
      }
    }
  }
  return { group, storage };
}

/**
 * The API server's naming controller accepts a CRD's names only when no other CRD of its group claims them: its
 * plural, singular and short names must not be among the others' plurals, singulars and short names, and its kind
 * and list kind not among their kinds and list kinds (otherwise `NamesAccepted` is False and the resource is never
 * served; two equal plurals are even the same CRD object, one overwriting the other). Each conflict is an error at
 * the later kind (in name order), the earlier one its related location.
 */
function checkNameConflicts(group: string, pkgs: readonly Package[], bag: DiagnosticBag): void {
  const crds = new Map<string, Kind>();
  for (const p of pkgs) for (const k of p.kinds) if (!k.skip && !crds.has(k.name)) crds.set(k.name, k);
  const resources = new Map<string, { kind: Kind; as: string }>();
  const kinds = new Map<string, { kind: Kind; as: string }>();
  for (const k of [...crds.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const claims: Array<[Map<string, { kind: Kind; as: string }>, string, string]> = [
      [resources, k.plural, 'plural'],
      [resources, k.singular, 'singular'],
      ...k.shortNames.map((n): [Map<string, { kind: Kind; as: string }>, string, string] => [resources, n, 'short name']),
      [kinds, k.name, 'kind'],
      [kinds, `${k.name}List`, 'list kind'],
    ];
    const mine = new Set<string>();
    for (const [table, value, as] of claims) {
      const key = `${table === kinds ? 'k' : 'r'}:${value}`;
      const other = table.get(value);
      if (other && other.kind !== k && !mine.has(key)) {
        mine.add(key);
        bag.report(
          'name-conflict',
          `${k.name}.${group}: ${as} "${value}" is already the ${other.as} of ${other.kind.name}.${group}; the API server would not accept the names of one of them${as === 'plural' && other.as === 'plural' ? ' (both CRDs would be named ' + JSON.stringify(`${value}.${group}`) + ', the same file and object)' : ''}`,
          k.span,
          { related: [{ span: other.kind.span, message: `${other.kind.name} claims "${value}" here` }] },
        );
      }
      if (!other) table.set(value, { kind: k, as });
    }
  }
}

/** client-gen's group identifier: the first non-empty `+groupGoName` of the versions, else the group's first DNS label. */
function groupGoName(group: string, versions: readonly Package[]): string {
  for (const p of versions) {
    const name = getMarker(p.markers, GroupGoName);
    if (name) return name;
  }
  // the empty (core) group is `core`, as client-go's CoreV1
  return group === '' ? 'core' : (group.split('.', 1)[0] ?? group);
}

/**
 * A property may be declared once per object: declaring it again through `extends` or `&` (or twice in one body)
 * is an error at the later declaration, with the earlier one as the related location — TypeScript allows a
 * redeclaration with a compatible type, Go's JSON drops or shadows it, and a schema cannot say which one is meant.
 * The same declaration reached twice (a diamond of embeddings) is one declaration; TypeMeta's `apiVersion` and
 * `kind` may be redeclared (narrowed) by the type that embeds it, the one shadowing the importer writes.
 */
function checkDuplicateProperties(p: Package, index: Index, bag: DiagnosticBag): void {
  const spanKey = (f: Field) => `${f.span.file}:${f.span.line}:${f.span.column}`;
  // TypeMeta's apiVersion / kind may be narrowed by a kind (the importer does, for a CRD whose differ): the kind's own
  // field shadows the embedded one, as in Go
  const typeMeta = new Set(flattenFields({ kind: 'named', package: RUNTIME_PACKAGE, name: 'TypeMeta' }, index));
  const visit = (t: TypeRef, owner: string): void => {
    switch (t.kind) {
      case 'array':
        visit(t.items, owner);
        return;
      case 'map':
        visit(t.values, owner);
        return;
      case 'struct': {
        const sources: Array<{ fields: Field[]; via: string }> = t.embeds.map((e) => ({
          fields: flattenFields(e, index),
          via: e.kind === 'named' ? e.name : 'an object literal of the intersection',
        }));
        sources.push({ fields: t.fields, via: `the body of ${owner}` });
        const first = new Map<string, { field: Field; via: string }>();
        for (const { fields, via } of sources) {
          for (const f of fields) {
            const seen = first.get(f.name);
            if (!seen) first.set(f.name, { field: f, via });
            else if (spanKey(seen.field) !== spanKey(f) && !typeMeta.has(seen.field)) {
              bag.report('duplicate-property', `property "${f.name}" is declared twice in ${owner} through extends or &: here (in ${via}) and in ${seen.via}; declare it once`, f.span, {
                related: [{ span: seen.field.span, message: `the other declaration of "${f.name}"` }],
              });
            }
          }
        }
        for (const f of t.fields) visit(f.type, owner);
        return;
      }
      default:
        return;
    }
  };
  for (const d of p.types) visit(d.type, d.name);
}

/**
 * A package without `+groupName` is one of shared types (imported by API versions); a kind there would silently get
 * no CRD and no client, so each is an error, at the kind.
 */
function checkKindsHaveGroup(pkg: Package, index: Index, bag: DiagnosticBag): void {
  for (const t of pkg.types) {
    if (!isKindDecl(t, index)) continue;
    const guess = pkg.dir.split('/').at(-2);
    const example = guess !== undefined && guess.includes('.') ? guess : 'example.com';
    bag.report(
      'no-group-name',
      `${t.name} is a kind, but its package ${pkg.dir} has no +groupName, so no CRD or client would be generated for it: add \`// +groupName=${example}\` to a file of the package (doc.ts), or +kubebuilder:skip to leave the package out`,
      t.span,
    );
  }
}

/** A marker only a kind reads (`kindOnly` in the registry) on a type that is not a kind is an error at the marker. */
function checkKindOnlyMarkers(lp: LoadedPackage, index: Index, bag: DiagnosticBag): void {
  if (lp.runtime || isApiPackage(lp.id)) return; // library declarations: checked where they are generated
  {
    for (const t of lp.types) {
      const kindOnly = t.markers.filter((m) => markerDefinition(m.name)?.kindOnly === true);
      if (kindOnly.length === 0 || isKindDecl(t, index)) continue;
      const why = !t.exported ? 'it is not exported' : !embedsTypeMeta(t.type, index) ? 'it does not extend TypeMeta' : 'it has no `metadata: ObjectMeta`';
      for (const m of kindOnly) {
        bag.report('marker-on-non-kind', `+${m.name} is read only on a kind, and ${t.name} is not one: ${why} (a kind is an exported type that extends TypeMeta and has metadata: ObjectMeta)`, m.span);
      }
    }
  }
}

function checkDuplicates(p: Package, bag: DiagnosticBag): void {
  {
    for (const [prev, t] of p.types.slice(1).map((t, i) => [p.types[i], t] as const)) {
      if (prev && t.name === prev.name) {
        bag.report('duplicate-declaration', `type ${t.name} is declared twice in ${p.dir}`, t.span, {
          related: [{ span: prev.span, message: `the other declaration of ${t.name}` }],
        });
      }
    }
  }
}

/** The named types a type reference mentions directly (not through another named type), in order. */
function namedRefs(t: TypeRef): string[] {
  const out: string[] = [];
  forEachNamedRef(t, (n) => out.push(typeKey(n.package, n.name)));
  return out;
}

/**
 * Recursive types are refused here, once, for every command: a CRD schema cannot describe one (controller-gen
 * cannot either), and the emitters walk the type graph at generation time. After this check every walk of the
 * type graph from any declaration terminates. One error per type where a depth-first walk (packages and
 * declarations in name order) re-enters a cycle, at its declaration, naming the first such cycle; the walk is
 * iterative, so no input can overflow the stack.
 */
export function checkRecursion(packages: readonly Package[], index: Index, bag: DiagnosticBag): void {
  const state = new Map<string, 'active' | 'done'>();
  const reported = new Set<string>();
  for (const pkg of packages) {
    for (const root of pkg.types) {
      const rootKey = typeKey(root.package, root.name);
      if (state.has(rootKey)) continue;
      // the walk's stack: a declaration and the references still to visit
      const stack: Array<{ key: string; decl: TypeDecl; refs: string[] }> = [{ key: rootKey, decl: root, refs: namedRefs(root.type).reverse() }];
      state.set(rootKey, 'active');
      for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
        const next = top.refs.pop();
        if (next === undefined) {
          state.set(top.key, 'done');
          stack.pop();
          continue;
        }
        const seen = state.get(next);
        if (seen === 'done') continue;
        const decl = index.get(next);
        if (!decl) continue;
        if (seen === 'active') {
          if (reported.has(next)) continue;
          reported.add(next);
          const from = stack.findIndex((e) => e.key === next);
          const cycle = [...stack.slice(from).map((e) => e.decl.name), decl.name].join(' → ');
          bag.report('recursive-type', `recursive type ${decl.name} is not supported (${cycle}): a CRD schema cannot describe it (controller-gen cannot either)`, decl.span);
          continue;
        }
        state.set(next, 'active');
        stack.push({ key: next, decl, refs: namedRefs(decl.type).reverse() });
      }
    }
  }
}

