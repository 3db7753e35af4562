/**
 * The OpenAPI v3 front end of the importer (aggregated APIs, and the Kubernetes spec itself): component schemas →
 * loaded packages of the API model, through the same schema converter as CRDs.
 *
 * Contract:
 * - Every `components.schemas` entry becomes a declaration named by the last segment of its name (Go's type name:
 *   `io.k8s.api.core.v1.PodSpec` → `PodSpec`) in the package of its prefix. A prefix holding kinds
 *   (`x-kubernetes-group-version-kind` + `metadata` of ObjectMeta) is the package `<group>/<version>` with
 *   `+groupName` (the empty core group is `core/<version>` with `+groupName=`); apimachinery's meta/v1 is
 *   `meta.k8s.io/v1` (as its Go doc.go says); any other prefix is a plain folder.
 * - A package re-exports (`export type { … } from '@kubegen/runtime'`) the runtime declarations of its prefix and those
 *   its declarations use, so `@kubegen/api/core/v1` offers ObjectMeta and ObjectReference as the runtime's.
 * - `$ref` and `allOf: [{$ref}]` between component schemas become named references; the apimachinery types kubegen
 *   knows (ObjectMeta, ListMeta, Time, MicroTime, Duration, IntOrString, Quantity, RawExtension, JSON, Condition,
 *   LabelSelector, LabelSelectorRequirement) become the runtime's well-known types and are not imported.
 * - `x-kubernetes-patch-strategy`, `x-kubernetes-patch-merge-key`, `x-kubernetes-unions` and `x-kubernetes-action`
 *   carry no CRD-schema meaning and are skipped (see docs/import.md).
 */
import type { LoadedPackage } from '../model/build';
import type { Field, MarkerValue, TypeDecl, TypeRef, WellKnownName } from '../model/types';
import { RUNTIME_PACKAGE } from '../model/util';
import { PackageTypes, SchemaConverter, canonical } from './schema';
import { childPath, isObject, own, type Json, type JsonObject, type ProblemBag } from './source';
import { wellKnownTable } from './wellknown';
import { DNS_LABEL } from './crd';
import { safeIdentifier } from '../naming/namers';
import { goFieldMarkers, hasGoDefault, type GoDocs, type GoField, type GoType } from './godocs';
import { compareKubeVersions, groupFolder, type GroupFolderStyle } from '../model/names';
import { CLIENT_VERBS } from '../markers/definitions/client';
import { resourcesOf, type ResourceInfo } from './paths';
import { ExpandedSizes, MAX_CRD_BYTES } from './size';

/** Options of the OpenAPI front end. */
export interface OpenApiImportOptions {
  /** How group folders are named (default `group`; `short` lays packages out as k8s.io/api does: `rbac/v1`). */
  groupFolder?: GroupFolderStyle;
  /** What the Go sources of the API know (`--go-docs`, see ./godocs). */
  goDocs?: GoDocs;
}

/** Built-in and aggregated API groups: DNS-1123 subdomains, dots not required (CRD groups need one). */
const API_GROUP = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1.';
const WELL_KNOWN_REFS: ReadonlyMap<string, WellKnownName> = new Map<string, WellKnownName>(Object.entries({
  [`${META}ObjectMeta`]: 'ObjectMeta',
  [`${META}ListMeta`]: 'ListMeta',
  [`${META}Time`]: 'Time',
  [`${META}MicroTime`]: 'MicroTime',
  [`${META}Duration`]: 'Duration',
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': 'IntOrString',
  'io.k8s.apimachinery.pkg.api.resource.Quantity': 'Quantity',
  'io.k8s.apimachinery.pkg.runtime.RawExtension': 'RawExtension',
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': 'JSON',
}));
const CORE = 'io.k8s.api.core.v1.';
/**
 * Component schemas whose declarations are the runtime's (the same declarations, never a second copy): the meta/v1
 * structs and the core/v1 references the runtime has.
 */
const RUNTIME_STRUCT_REFS: ReadonlyMap<string, string> = new Map<string, string>(Object.entries({
  [`${META}Condition`]: 'Condition',
  [`${META}LabelSelector`]: 'LabelSelector',
  [`${META}LabelSelectorRequirement`]: 'LabelSelectorRequirement',
  [`${CORE}LocalObjectReference`]: 'LocalObjectReference',
  [`${CORE}SecretKeySelector`]: 'SecretKeySelector',
  [`${CORE}ConfigMapKeySelector`]: 'ConfigMapKeySelector',
  [`${CORE}ObjectReference`]: 'ObjectReference',
  [`${CORE}TypedLocalObjectReference`]: 'TypedLocalObjectReference',
}));

/**
 * Packages that hold no kinds but are an API group all the same (Go's `+groupName` of their doc.go): meta/v1 is
 * `meta.k8s.io/v1`, so that its types (DeleteOptions, Status, OwnerReference …) are a package of their own that other
 * packages import, and its entry point (`@kubegen/api/meta/v1`) re-exports the runtime's meta types.
 */
const PACKAGE_GROUPS: ReadonlyMap<string, { group: string; version: string }> = new Map<string, { group: string; version: string }>(Object.entries({
  'io.k8s.apimachinery.pkg.apis.meta.v1': { group: 'meta.k8s.io', version: 'v1' },
}));

/** The runtime declarations of every component schema mapped to the runtime (and TypeMeta, which has none). */
const RUNTIME_DECLS: ReadonlyMap<string, string> = new Map<string, string>([[`${META}TypeMeta`, 'TypeMeta'], ...WELL_KNOWN_REFS, ...RUNTIME_STRUCT_REFS]);
/** Well-known scalars a package does not re-export (number formats, not API types). */
const NOT_REEXPORTED = new Set(['int32', 'int64', 'float64', 'Bytes']);

/**
 * The runtime declarations a package re-exports as its own (`export type { … } from '@kubegen/runtime'`): those whose
 * component schema is of the package's prefix (meta/v1's ObjectMeta, core/v1's ObjectReference), and every runtime
 * type its declarations use (core/v1 offers ObjectMeta, Time, Quantity … next to PodSpec).
 */
function runtimeReexports(prefix: string, decls: readonly TypeDecl[]): string[] {
  const out = new Set<string>();
  for (const [component, name] of RUNTIME_DECLS) if (prefixOf(component) === prefix) out.add(name);
  const walk = (t: TypeRef): void => {
    switch (t.kind) {
      case 'array':
        walk(t.items);
        return;
      case 'map':
        walk(t.values);
        return;
      case 'struct':
        for (const e of t.embeds) walk(e);
        for (const f of t.fields) walk(f.type);
        return;
      case 'wellKnown':
        if (!NOT_REEXPORTED.has(t.name)) out.add(t.name);
        return;
      case 'named':
        if (t.package === RUNTIME_PACKAGE) out.add(t.name);
        return;
      default:
        return;
    }
  };
  for (const d of decls) walk(d.type);
  for (const d of decls) out.delete(d.name);
  return [...out].sort();
}

/** The runtime declarations the importer maps component schemas to, by runtime name (for re-exports). */
export const RUNTIME_MAPPED_TYPES: ReadonlyArray<{ component: string; name: string }> = [...RUNTIME_STRUCT_REFS].map(([component, name]) => ({ component, name }));

interface Component {
  file: string;
  name: string;
  schema: JsonObject;
  path: string;
}

/** Go's type name: the last segment of the schema name, made a valid TypeScript identifier. */
function lastSegment(name: string): string {
  const i = name.lastIndexOf('.');
  return safeIdentifier(i < 0 ? name : name.slice(i + 1));
}

function prefixOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(0, i);
}

function gvks(s: JsonObject): Array<{ group: string; version: string; kind: string }> {
  const v = own(s, 'x-kubernetes-group-version-kind');
  if (!Array.isArray(v)) return [];
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- untrusted JSON: a non-string value prints as String() prints it
  return v.filter(isObject).map((g) => ({ group: String(own(g, 'group') ?? ''), version: String(own(g, 'version') ?? ''), kind: String(own(g, 'kind') ?? '') }));
}

/** A schema without its `x-kubernetes-group-version-kind` (which differs between the documents of group versions). */
function withoutGvks(s: JsonObject): JsonObject {
  const out = Object.create(null) as JsonObject;
  for (const [k, v] of Object.entries(s)) if (k !== 'x-kubernetes-group-version-kind') out[k] = v;
  return out;
}

function refName(ref: Json | undefined): string | undefined {
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
}

/** The `$ref` of a property, plain or wrapped in `allOf: [{$ref}]`. */
function propertyRef(p: Json | undefined): string | undefined {
  if (!isObject(p)) return undefined;
  const direct = refName(own(p, '$ref'));
  if (direct) return direct;
  const all = own(p, 'allOf');
  return Array.isArray(all) && all.length === 1 && isObject(all[0]) ? refName(own(all[0], '$ref')) : undefined;
}

function isKind(c: Component): boolean {
  const props = own(c.schema, 'properties');
  return gvks(c.schema).length > 0 && isObject(props) && propertyRef(own(props, 'metadata')) === `${META}ObjectMeta`;
}

/** A copy of `o` with `description` set to `doc` (removed when `doc` is empty). */
function withDescription(o: JsonObject, doc: string): JsonObject {
  const copy = Object.assign(Object.create(null) as JsonObject, o);
  if (doc === '') delete copy.description;
  else copy.description = doc;
  return copy;
}

/**
 * A component schema with what the Go side file knows (see ./godocs): Go descriptions, defaults only where Go has
 * them, and inline-embedded structs taken out of the properties (returned, to become `extends`).
 */
function applyGoType(c: Component, g: GoType, goDocs: GoDocs, components: ReadonlyMap<string, Component>): { schema: JsonObject; embeds: string[] } {
  const schema = withDescription(c.schema, g.doc);
  const props = own(schema, 'properties');
  const embeds: string[] = [];
  if (!isObject(props)) return { schema, embeds };
  const taken = new Set<string>();
  // Go fields by JSON name, in Go's order, with those of embedded structs OpenAPI has no schema for (flattened)
  const goFields = new Map<string, GoField>();
  const collect = (t: GoType, seen: Set<GoType>) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const e of t.embeds) {
      const embedded = goDocs.get(e);
      if (embedded && !components.has(e)) collect(embedded, seen);
    }
    for (const [k, f] of t.fields) if (!goFields.has(k)) goFields.set(k, f);
  };
  collect(g, new Set());
  for (const e of g.embeds) {
    const embedded = e === `${META}TypeMeta` || WELL_KNOWN_REFS.has(e) ? undefined : components.get(e);
    const eprops = embedded ? own(embedded.schema, 'properties') : undefined;
    if (!isObject(eprops) || !Object.keys(eprops).every((n) => Object.hasOwn(props, n))) continue;
    for (const n of Object.keys(eprops)) taken.add(n);
    embeds.push(e);
  }
  const properties = Object.create(null) as JsonObject;
  const names = Object.keys(props);
  for (const k of [...[...goFields.keys()].filter((n) => Object.hasOwn(props, n)), ...names.filter((n) => !goFields.has(n))]) {
    if (taken.has(k)) continue;
    const f = goFields.get(k);
    let v = props[k];
    if (v === undefined) continue; // every key listed is one of props' own
    if (f && isObject(v)) {
      v = withDescription(v, f.doc);
      if (Object.hasOwn(v, 'default') && !hasGoDefault(f.markers)) delete v.default;
    }
    properties[k] = v;
  }
  schema.properties = properties;
  const req = own(schema, 'required');
  if (Array.isArray(req)) schema.required = req.filter((r) => typeof r === 'string' && Object.hasOwn(properties, r));
  return { schema, embeds };
}

/** The Go field of a struct's JSON property, looking through embedded structs OpenAPI has no schema for. */
function goField(g: GoType, name: string, goDocs: GoDocs, components: ReadonlyMap<string, Component>, seen = new Set<GoType>()): GoField | undefined {
  if (seen.has(g)) return undefined;
  seen.add(g);
  const own = g.fields.get(name);
  if (own) return own;
  for (const e of g.embeds) {
    const embedded = goDocs.get(e);
    const f = embedded && !components.has(e) ? goField(embedded, name, goDocs, components, seen) : undefined;
    if (f) return f;
  }
  return undefined;
}

/** `field` with the named scalar type of its Go field at the place Go has it (the field, its items or its values). */
function withScalarAlias(type: TypeRef, wrap: '' | 'array' | 'map', alias: TypeRef): TypeRef {
  const isString = (t: TypeRef) => t.kind === 'primitive' && t.name === 'string';
  if (wrap === '' && isString(type)) return alias;
  if (wrap === 'array' && type.kind === 'array' && isString(type.items)) return { ...type, items: alias };
  if (wrap === 'map' && type.kind === 'map' && isString(type.values)) return { ...type, values: alias };
  return type;
}

export function importOpenApiDocuments(docs: ReadonlyArray<{ file: string; value: Json }>, bag: ProblemBag, options: OpenApiImportOptions = {}): LoadedPackage[] {
  const goDocs = options.goDocs;
  const components = new Map<string, Component>();
  for (const d of docs) {
    const openapi = isObject(d.value) ? own(d.value, 'openapi') : undefined;
    if (!isObject(d.value) || typeof openapi !== 'string' || !openapi.startsWith('3.')) {
      bag.error(d.file, 'openapi', 'not an OpenAPI v3 document (expected openapi: 3.x)');
      continue;
    }
    const comps = own(d.value, 'components');
    const schemas = isObject(comps) ? own(comps, 'schemas') : undefined;
    if (!isObject(schemas)) {
      bag.error(d.file, 'components.schemas', 'an OpenAPI document without component schemas has no types to import');
      continue;
    }
    for (const name of Object.keys(schemas)) {
      const s = schemas[name];
      const path = childPath('components.schemas', name);
      if (!isObject(s)) {
        bag.error(d.file, path, 'a schema must be an object');
        continue;
      }
      const seen = components.get(name);
      if (seen) {
        // each group version's document lists the GVKs it serves a shared type (DeleteOptions, WatchEvent) under
        if (canonical(withoutGvks(seen.schema)) !== canonical(withoutGvks(s))) bag.error(d.file, path, `schema ${name} differs from the one in ${seen.file}`);
        continue;
      }
      components.set(name, { file: d.file, name, schema: s, path });
    }
  }
  if (bag.hasErrors()) return [];

  // what the Go sources know (--go-docs): applied to the schemas before anything reads them
  const goEmbeds = new Map<string, string[]>();
  const scalarAliases = new Set<string>();
  if (goDocs) {
    for (const c of components.values()) {
      const g = goDocs.get(c.name);
      if (!g) continue;
      const applied = applyGoType(c, g, goDocs, components);
      c.schema = applied.schema;
      if (applied.embeds.length > 0) goEmbeds.set(c.name, applied.embeds);
      const fieldsOf = (t: GoType): GoField[] => [...t.fields.values(), ...t.embeds.flatMap((e) => {
        const embedded = goDocs.get(e);
        return embedded && !components.has(e) ? fieldsOf(embedded) : [];
      })];
      for (const f of fieldsOf(g)) {
        if (f.type !== undefined && goDocs.get(f.type)?.scalar === 'string' && !components.has(f.type)) scalarAliases.add(f.type);
      }
    }
  }

  // packages: a prefix with kinds is <group>/<version>
  const prefixGv = new Map<string, { group: string; version: string }>(PACKAGE_GROUPS);
  const kindSchemas = new Map<string, Component>();
  for (const c of components.values()) {
    if (WELL_KNOWN_REFS.has(c.name) || RUNTIME_STRUCT_REFS.has(c.name) || !isKind(c)) continue;
    const [gvk] = gvks(c.schema);
    if (!gvk) continue; // isKind: a kind has one
    const prefix = prefixOf(c.name);
    if ((gvk.group !== '' && !API_GROUP.test(gvk.group)) || !DNS_LABEL.test(gvk.version)) {
      bag.error(c.file, childPath(c.path, 'x-kubernetes-group-version-kind'), `group ${JSON.stringify(gvk.group)} / version ${JSON.stringify(gvk.version)} is not a DNS subdomain / label`);
      continue;
    }
    const known = prefixGv.get(prefix);
    if (known && (known.group !== gvk.group || known.version !== gvk.version)) {
      bag.error(c.file, c.path, `kinds of ${prefix} disagree on their group/version (${known.group}/${known.version} and ${gvk.group}/${gvk.version})`);
      continue;
    }
    prefixGv.set(prefix, { group: gvk.group, version: gvk.version });
    // one schema per group/version/kind: a second would be a second declaration of the kind, one of them lost
    for (const g of gvks(c.schema)) {
      const key = `${g.group}/${g.version}/${g.kind}`;
      const first = kindSchemas.get(key);
      if (first !== undefined) bag.error(c.file, childPath(c.path, 'x-kubernetes-group-version-kind'), `a second schema for the kind ${g.kind} of ${g.group || 'core'}/${g.version} (the first is ${first.path}${first.file !== c.file ? ` in ${first.file}` : ''})`);
      else kindSchemas.set(key, c);
    }
  }
  if (bag.hasErrors()) return [];
  // a kind's CRD holds its schema with every reference inlined: bounded before anything expands it (`kubegen crd`)
  const sizes = new ExpandedSizes(new Map([...components].map(([n, c]) => [n, c.schema])), (ref) => {
    const name = refName(ref);
    return name !== undefined && components.has(name) && !WELL_KNOWN_REFS.has(name) ? name : undefined;
  });
  for (const c of components.values()) {
    if (WELL_KNOWN_REFS.has(c.name) || RUNTIME_STRUCT_REFS.has(c.name) || !isKind(c)) continue;
    const size = sizes.of(c.name);
    if (size > MAX_CRD_BYTES) {
      bag.error(c.file, c.path, `this kind's schema, its references expanded as its CRD holds it, is ${size < 1e15 ? `${Math.round(size)} bytes` : `about ${size.toExponential(1)} bytes`} of JSON: more than the ${MAX_CRD_BYTES} bytes (3 MiB) the apiserver accepts in one request, so its CRD could not be installed`);
    }
  }
  if (bag.hasErrors()) return [];
  const packageId = (prefix: string): string => {
    const gv = prefixGv.get(prefix);
    if (gv) return `${groupFolder(gv.group, options.groupFolder)}/${gv.version}`;
    // k8s.io/api's layout: `io.k8s.apimachinery.pkg.apis.meta.v1` → `meta/v1`
    const goPackage = /\.([a-z][a-z0-9]*)\.(v[0-9]+(?:(?:alpha|beta)[0-9]+)?)$/.exec(prefix);
    if (options.groupFolder === 'short' && goPackage) return `${goPackage[1]}/${goPackage[2]}`;
    // one folder, never `.`/`..` or hidden (the loader skips dot folders)
    const folder = prefix.replace(/[^A-Za-z0-9._-]/g, '_') || 'types';
    return folder.startsWith('.') ? `_${folder}` : folder;
  };
  const resources = resourcesOf(docs);
  const storage = storageVersions(resources.keys());
  /** A component as a `+genclient:method` names it: `<package>.<Name>`, `string` for text. */
  const methodType = (component: string | undefined, text: boolean): string | undefined => {
    if (text) return 'string';
    if (component === undefined) return undefined;
    if (RUNTIME_STRUCT_REFS.has(component) || WELL_KNOWN_REFS.has(component) || !components.has(component)) return undefined;
    return `${packageId(prefixOf(component))}.${lastSegment(component)}`;
  };
  const packages = new Map<string, { pkg: LoadedPackage & { prefix: string }; types: PackageTypes; conv: SchemaConverter }>();
  const resolveRef = (ref: string, path: string): TypeRef | undefined => {
    const name = refName(ref);
    const c = name !== undefined ? components.get(name) : undefined;
    if (name === undefined || (!c && !WELL_KNOWN_REFS.has(name) && !RUNTIME_STRUCT_REFS.has(name))) {
      bag.error(docs[0]?.file ?? '<openapi>', path, `$ref ${JSON.stringify(ref)} does not name a component schema`);
      return undefined;
    }
    const wellKnown = WELL_KNOWN_REFS.get(name);
    if (wellKnown !== undefined) return { kind: 'wellKnown', name: wellKnown };
    const runtimeStruct = RUNTIME_STRUCT_REFS.get(name);
    if (runtimeStruct !== undefined) return { kind: 'named', package: RUNTIME_PACKAGE, name: runtimeStruct };
    return { kind: 'named', package: packageId(prefixOf(name)), name: lastSegment(name) };
  };
  const resolveSchema = (ref: string): JsonObject | undefined => {
    const name = refName(ref);
    return name !== undefined ? components.get(name)?.schema : undefined;
  };
  const pkgOf = (c: Component) => {
    const prefix = prefixOf(c.name);
    const id = packageId(prefix);
    let p = packages.get(id);
    if (!p) {
      const gv = prefixGv.get(prefix);
      const types = new PackageTypes(id);
      const markers: MarkerValue[] = gv ? [{ name: 'groupName', value: gv.group, span: { file: `${id}/doc.ts`, line: 1, column: 1, imported: { file: c.file, path: c.path } } }] : [];
      p = {
        pkg: { id, dir: id, folderName: gv ? gv.version : id.slice(id.lastIndexOf('/') + 1), markers, types: [], conversionFunctions: [], prefix },
        types,
        conv: new SchemaConverter(types, { mode: 'openapi', file: c.file, bag, resolveRef, resolveSchema, goComments: goDocs !== undefined }),
      };
      packages.set(id, p);
    }
    return p;
  };

  const todo = [...components.values()].filter((c) => !WELL_KNOWN_REFS.has(c.name) && !RUNTIME_STRUCT_REFS.has(c.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  // every schema is one declaration: two whose names meet in one package (`a.v1.Foo` and `a_v1.Foo`, `x.Foo-1` and
  // `x.Foo_1`) would be one declaration, the other lost
  const declaredBy = new Map<string, Component>();
  for (const c of todo) {
    const types = pkgOf(c).types;
    const name = lastSegment(c.name);
    const key = `${types.id}\0${name}`;
    const first = declaredBy.get(key);
    if (first !== undefined) {
      bag.error(c.file, c.path, `schema ${JSON.stringify(c.name)} would be declared as ${name} in ${types.id}, as ${first.path}${first.file !== c.file ? ` in ${first.file}` : ''} is: rename one of them`);
      continue;
    }
    declaredBy.set(key, c);
    types.reserve(name);
  }
  if (bag.hasErrors()) return [];
  // named scalar types of the Go source (PodPhase …): aliases of string with their Go doc
  for (const name of [...scalarAliases].sort()) {
    const { types, conv } = pkgOf({ file: docs[0]?.file ?? '<openapi>', name, schema: Object.create(null) as JsonObject, path: childPath('components.schemas', name) });
    if (types.has(lastSegment(name))) continue;
    types.reserve(lastSegment(name));
    types.file = 'types';
    const doc = conv.doc(goDocs?.get(name)?.doc, name);
    if (doc === undefined) continue;
    const values = goDocs?.get(name)?.enum ?? [];
    const at = childPath('components.schemas', name);
    const type: TypeRef = values.length > 0 ? { kind: 'enum', base: 'string', values } : { kind: 'primitive', name: 'string' };
    types.declare({ name: lastSegment(name), package: types.id, declaration: 'alias', exported: true, doc, type, markers: [], span: conv.span(at) });
  }
  for (const c of todo) {
    const { types, conv } = pkgOf(c);
    conv.setFile(c.file);
    const name = lastSegment(c.name);
    types.file = 'types';
    const span = conv.span(c.path);
    const keys = Object.keys(c.schema).filter((k) => !['description', 'type', 'properties', 'required', 'x-kubernetes-group-version-kind'].includes(k) && !k.startsWith('x-kubernetes-patch') && k !== 'x-kubernetes-unions');
    const docText = conv.doc(typeof own(c.schema, 'description') === 'string' ? (own(c.schema, 'description') as string) : undefined, childPath(c.path, 'description'));
    if (docText === undefined) continue;
    const props = own(c.schema, 'properties');
    const isObjectSchema = own(c.schema, 'type') === 'object' && isObject(props) || (own(c.schema, 'type') === undefined && isObject(props));
    if (isObjectSchema) {
      const kind = isKind(c);
      const markers = conv.typeMarkers(c.schema, keys, c.path);
      if (!markers) continue;
      let input = c.schema;
      if (kind) {
        // apiVersion and kind come from TypeMeta unless their schema says more
        const p2 = Object.create(null) as JsonObject;
        for (const [k, v] of Object.entries(props)) {
          if ((k === 'apiVersion' || k === 'kind') && isObject(v) && own(v, 'type') === 'string' && Object.keys(v).every((x) => x === 'type' || x === 'description')) {
            continue;
          }
          p2[k] = v;
        }
        input = Object.assign(Object.create(null) as JsonObject, { type: 'object', properties: p2, required: own(c.schema, 'required') ?? [] });
        const req = own(input, 'required');
        if (Array.isArray(req)) input.required = req.filter((r) => typeof r === 'string' && Object.hasOwn(p2, r));
      }
      let fields: Field[] | undefined = conv.structFields(input, c.path, name);
      if (!fields) continue;
      const g = goDocs?.get(c.name);
      if (goDocs && g) {
        fields = fields.map((f) => {
          const gf = goField(g, f.name, goDocs, components);
          if (!gf) return f;
          const at = childPath(childPath(c.path, 'properties'), f.name);
          const markers = [...f.markers, ...goFieldMarkers(gf.markers).map((m) => conv.marker(m, true, at))];
          const alias: TypeRef | undefined = gf.type !== undefined && scalarAliases.has(gf.type) ? { kind: 'named', package: packageId(prefixOf(gf.type)), name: lastSegment(gf.type) } : undefined;
          // `?` as the Go type writes the field; the schema's required list stays the OpenAPI's (see ./godocs)
          const optional = gf.optional ?? f.optional;
          if (optional !== f.optional) markers.push(conv.marker(f.required ? 'required' : 'optional', true, at));
          return { ...f, markers, optional, type: alias ? withScalarAlias(f.type, gf.wrap, alias) : f.type };
        });
      }
      const goEmbedded = (goEmbeds.get(c.name) ?? []).map((e): TypeRef => {
        const runtimeName = RUNTIME_STRUCT_REFS.get(e);
        return runtimeName !== undefined ? { kind: 'named', package: RUNTIME_PACKAGE, name: runtimeName } : { kind: 'named', package: packageId(prefixOf(e)), name: lastSegment(e) };
      });
      const km: MarkerValue[] = [];
      if (kind) {
        const [gvk] = gvks(c.schema);
        const info = gvk && resources.get(`${gvk.group}/${gvk.version}/${gvk.kind}`);
        if (resources.size === 0) km.push({ name: 'genclient', value: true, span });
        else if (info) km.push(...resourceMarkers(info, fields.some((f) => f.name === 'status'), c.name, span, methodType));
        if (info && storage.get(`${gvk.group}/${gvk.kind}`) === gvk.version) km.push({ name: 'kubebuilder:storageversion', value: true, span });
        km.push({ name: 'kubebuilder:object:root', value: true, span });
      }
      const isList = name.endsWith('List') && gvks(c.schema).length > 0 && fields.some((f) => f.name === 'items');
      if (isList) km.push({ name: 'kubebuilder:object:root', value: true, span });
      const decl: TypeDecl = {
        name,
        package: types.id,
        declaration: 'interface',
        exported: true,
        doc: docText,
        type: { kind: 'struct', embeds: [...(kind || isList ? [{ kind: 'named', package: RUNTIME_PACKAGE, name: 'TypeMeta' } as const] : []), ...goEmbedded], fields: kind || isList ? fields.filter((f) => f.name !== 'apiVersion' && f.name !== 'kind') : fields },
        markers: [...km, ...markers],
        span,
      };
      types.declare(decl);
      continue;
    }
    const converted = conv.convert(c.schema, c.path, 'field', name);
    if (!converted) continue;
    types.declare({ name, package: types.id, declaration: 'alias', exported: true, doc: converted.doc, type: converted.type, markers: converted.markers, span });
  }
  for (const p of packages.values()) p.conv.reportDropped();
  breakCycles([...packages.values()].map((p) => p.types), bag, docs[0]?.file ?? '<openapi>');
  const runtime: LoadedPackage = { id: RUNTIME_PACKAGE, dir: RUNTIME_PACKAGE, folderName: 'meta', markers: [], types: wellKnownTable().runtimeTypes, conversionFunctions: [], runtime: true };
  return [
    ...[...packages.values()].map(({ pkg: { prefix, ...pkg }, types }) => {
      const decls = [...types.decls.values()];
      const reexports = runtimeReexports(prefix, decls);
      return { ...pkg, types: decls, ...(reexports.length > 0 ? { runtimeReexports: reexports } : {}) };
    }),
    runtime,
  ];
}

/**
 * The version each kind served in more than one version of its group is marked stored in (by `<group>/<kind>`, from
 * the `<group>/<version>/<kind>` keys of the resources): the group's preferred one in Kubernetes' order (GA, beta,
 * alpha; `autoscaling/v2` over `v1`), as the apiserver stores its built-in kinds. The OpenAPI does not say which
 * version is stored; one must be, for the model's rule that a kind of several versions has exactly one.
 */
function storageVersions(keys: Iterable<string>): Map<string, string> {
  const versions = new Map<string, string[]>();
  for (const key of keys) {
    const last = key.lastIndexOf('/');
    const first = key.lastIndexOf('/', last - 1);
    const groupKind = `${key.slice(0, first)}/${key.slice(last + 1)}`;
    versions.set(groupKind, [...(versions.get(groupKind) ?? []), key.slice(first + 1, last)]);
  }
  const out = new Map<string, string>();
  for (const [groupKind, vs] of versions) {
    const [preferred] = [...vs].sort(compareKubeVersions);
    if (vs.length > 1 && preferred !== undefined) out.set(groupKind, preferred);
  }
  return out;
}

/** client-go's names of the subresource methods it has (by subresource and verb); others are `<verb><Subresource>`. */
const SUBRESOURCE_METHODS: ReadonlyMap<string, string> = new Map<string, string>(Object.entries({
  'eviction/create': 'Evict',
  'token/create': 'CreateToken',
  'log/get': 'GetLogs',
  'binding/create': 'Bind',
  'ephemeralcontainers/update': 'UpdateEphemeralContainers',
  'resize/update': 'UpdateResize',
  'finalize/update': 'Finalize',
  'approval/update': 'UpdateApproval',
}));

const ACTION_VERBS: ReadonlyMap<string, string[]> = new Map<string, string[]>(Object.entries({
  post: ['create'],
  put: ['update'],
  patch: ['patch', 'apply'],
  delete: ['delete'],
  deletecollection: ['deleteCollection'],
  get: ['get'],
  list: ['list'],
  watch: ['watch'],
  watchlist: ['watch'],
}));

/**
 * The markers of a kind served by a resource: `+genclient` with its scope and verbs (`onlyVerbs` when the resource
 * serves fewer than all), `+kubebuilder:resource` (plural and scope), `+kubebuilder:subresource:status`, and one
 * `+genclient:method` per other subresource operation with a JSON or text body (client-gen's spelling:
 * `GetScale,verb=get,subresource=scale,result=autoscaling/v1.Scale`).
 */
function resourceMarkers(
  info: ResourceInfo,
  hasStatus: boolean,
  component: string,
  span: MarkerValue['span'],
  methodType: (component: string | undefined, text: boolean) => string | undefined,
): MarkerValue[] {
  const out: MarkerValue[] = [{ name: 'genclient', value: true, span }];
  if (!info.namespaced) out.push({ name: 'genclient:nonNamespaced', value: true, span });
  const resource = Object.assign(Object.create(null) as Record<string, string>, { path: info.plural, scope: info.namespaced ? 'Namespaced' : 'Cluster' });
  out.push({ name: 'kubebuilder:resource', value: resource, span });
  const verbs = new Set<string>();
  for (const a of info.actions) for (const v of ACTION_VERBS.get(a) ?? []) verbs.add(v);
  const status = info.subresources.get('status');
  if (status?.has('put')) {
    out.push({ name: 'kubebuilder:subresource:status', value: true, span });
    verbs.add('updateStatus');
  }
  if (status?.has('patch')) verbs.add('applyStatus');
  const all = CLIENT_VERBS.filter((v) => hasStatus || (v !== 'updateStatus' && v !== 'applyStatus'));
  const only = CLIENT_VERBS.filter((v) => verbs.has(v) && (hasStatus || (v !== 'updateStatus' && v !== 'applyStatus')));
  if (only.length === 0) out.push({ name: 'genclient:noVerbs', value: true, span });
  else if (only.length !== all.length) out.push({ name: 'genclient:onlyVerbs', value: only, span });
  for (const [sub, ops] of [...info.subresources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (sub === 'status') continue;
    for (const [action, verb] of [['get', 'get'], ['post', 'create'], ['put', 'update']] as const) {
      const op = ops.get(action);
      if (!op) continue;
      const result = op.result === component ? undefined : methodType(op.result, op.text);
      const input = op.input === component ? undefined : methodType(op.input, false);
      // a body of another schema that cannot be named (not imported) leaves the method out
      if ((op.result !== undefined && op.result !== component && result === undefined) || (op.input !== undefined && op.input !== component && input === undefined)) continue;
      if (!op.text && op.result === undefined) continue;
      // reading a subresource that is the object itself (pods/{name}/resize) is get
      if (verb === 'get' && op.result === component) continue;
      const name = sub === 'scale' ? (verb === 'get' ? 'GetScale' : 'UpdateScale') : (SUBRESOURCE_METHODS.get(`${sub}/${verb}`) ?? `${verb.charAt(0).toUpperCase()}${verb.slice(1)}${sub.charAt(0).toUpperCase()}${sub.slice(1)}`);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
      const value: Record<string, string> = { name, verb, subresource: sub };
      if (input !== undefined && verb !== 'get') value.input = input;
      if (result !== undefined) value.result = result;
      out.push({ name: 'genclient:method', value, span });
    }
  }
  return out;
}

/**
 * kubegen refuses recursive types (a CRD schema cannot describe one), but Kubernetes has one: apiextensions/v1's
 * JSONSchemaProps. A reference that closes a cycle (found depth-first, packages and declarations in name order) is
 * typed `unknown` — any JSON, copied and validated as such — with a warning naming it.
 */
function breakCycles(packages: readonly PackageTypes[], bag: ProblemBag, file: string): void {
  const decls = new Map<string, TypeDecl>();
  for (const p of packages) for (const d of p.decls.values()) decls.set(`${d.package}.${d.name}`, d);
  const state = new Map<string, 'active' | 'done'>();
  const broken: string[] = [];
  const visitRef = (t: TypeRef, from: string): TypeRef => {
    switch (t.kind) {
      case 'named': {
        const key = `${t.package}.${t.name}`;
        const d = decls.get(key);
        if (!d) return t;
        if (state.get(key) === 'active') {
          broken.push(`${from} → ${t.name}`);
          return { kind: 'unknown' };
        }
        visit(key, d);
        return t;
      }
      case 'array':
        return { ...t, items: visitRef(t.items, from) };
      case 'map':
        return { ...t, values: visitRef(t.values, from) };
      case 'struct':
        for (const f of t.fields) f.type = visitRef(f.type, `${from}.${f.name}`);
        t.embeds = t.embeds.map((e) => visitRef(e, from));
        return t;
      default:
        return t;
    }
  };
  const visit = (key: string, d: TypeDecl): void => {
    if (state.has(key)) return;
    state.set(key, 'active');
    d.type = visitRef(d.type, d.name);
    state.set(key, 'done');
  };
  for (const [key, d] of [...decls].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) visit(key, d);
  if (broken.length > 0) bag.warning(file, '', `recursive references typed unknown (kubegen types have no cycles): ${broken.join(', ')}`);
}
