/**
 * The CRD front end of the importer: CustomResourceDefinition documents → loaded packages of the API model.
 *
 * Contract:
 * - Accepts `apiextensions.k8s.io/v1` CRDs, `apiextensions.k8s.io/v1beta1` CRDs (converted to v1 the way the
 *   apiserver converted them: top-level `version` / `validation` / `subresources` / `additionalPrinterColumns`
 *   become per-version fields, `JSONPath` becomes `jsonPath`; each conversion is reported as a warning note), and
 *   `kind: List` documents holding CRDs. Anything else is an error naming the file and JSON path.
 * - One package per group/version (`<group>/<version>`); a kind's declarations go to `<kind>.ts` in it, the
 *   package marker `+groupName` to `doc.ts`.
 * - Never throws for bad input: problems go to the ProblemBag.
 */
import type { LoadedPackage } from '../model/build';
import type { Field, MarkerValue, TypeDecl, TypeRef } from '../model/types';
import { RUNTIME_PACKAGE } from '../model/util';
import { pluralize } from '../naming/flect';
import { structuralViolations } from '../schema/structural';
import { canonical, malformedSchema, PackageTypes, SchemaConverter } from './schema';
import { childPath, isObject, newObject, own, type Json, type JsonObject, type Locate, type ProblemBag } from './source';
import { wellKnownTable } from './wellknown';
import { apiTypes, type ApiTypeRef, type ApiTypes } from './api-types';

/** A DNS subdomain with at least one dot (what the apiserver requires of a CRD's group; also keeps paths inside --out). */
export const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/;
/** A DNS label (version names). */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

const PRINT_COLUMN_TYPES = new Set(['integer', 'number', 'string', 'boolean', 'date']);
/** The version annotation controller-gen stamps; kubegen stamps its own instead. */
const TOOL_ANNOTATIONS = new Set(['controller-gen.kubebuilder.io/version', 'kubegen.io/version']);

/** A CRD document, located. */
export interface CrdDocument {
  file: string;
  /** `''` for a single document, else `document 2: ` style prefix for paths. */
  prefix: string;
  value: Json;
  /** The input file the document is in, and the position of a JSON path in the document. */
  source?: { file: string; locate: Locate };
}

interface KindVersion {
  crd: JsonObject;
  version: JsonObject;
  file: string;
  path: string;
  /** The JSON path of the CRD's spec. */
  specPath: string;
}

/** Splits `kind: List` documents into their items. */
export function crdDocuments(file: string, docs: Array<{ value: Json; index: number; locate?: Locate }>): CrdDocument[] {
  const out: CrdDocument[] = [];
  const multi = docs.length > 1;
  for (const d of docs) {
    const where = multi ? `${file} (document ${d.index + 1})` : file;
    const source = d.locate ? { source: { file, locate: d.locate } } : {};
    if (isObject(d.value) && own(d.value, 'kind') === 'List' && Array.isArray(own(d.value, 'items'))) {
      (own(d.value, 'items') as Json[]).forEach((item, i) => out.push({ file: where, prefix: childPath('items', i), value: item, ...source }));
    } else out.push({ file: where, prefix: '', value: d.value, ...source });
  }
  return out;
}

/** CRD documents → loaded packages (not yet resolved by the model builder). */
export function importCrdDocuments(docs: readonly CrdDocument[], bag: ProblemBag, accepted?: Array<{ file: string; crd: JsonObject }>): LoadedPackage[] {
  const byGroupKind = new Map<string, { group: string; kind: string; file: string; crd: JsonObject; versions: KindVersion[] }>();
  for (const d of docs) {
    const crd = normalizeCrd(d, bag);
    if (!crd) continue;
    const spec = own(crd, 'spec') as JsonObject;
    const group = own(spec, 'group') as string;
    const kind = own(own(spec, 'names') as JsonObject, 'kind') as string;
    const key = `${group}/${kind}`;
    const earlier = byGroupKind.get(key);
    if (earlier) {
      bag.error(d.file, d.prefix, `a second CRD for ${kind}.${group} (the first is in ${earlier.file})`);
      continue;
    }
    accepted?.push({ file: d.file, crd });
    const specPath = childPath(d.prefix, 'spec');
    const versions = (own(spec, 'versions') as JsonObject[]).map((v, i) => ({ crd, version: v, file: d.file, path: childPath(childPath(specPath, 'versions'), i), specPath }));
    byGroupKind.set(key, { group, kind, file: d.file, crd, versions });
  }

  const packages = new Map<string, { pkg: LoadedPackage; types: PackageTypes }>();
  // the built-in types (@kubegen/api) schemas are recognised as, and those used
  const builtin = { types: apiTypes(), used: [] as ApiTypeRef[] };
  const pkgFor = (group: string, version: string, first: KindVersion) => {
    const id = `${group}/${version}`;
    let p = packages.get(id);
    if (!p) {
      const types = new PackageTypes(id);
      p = {
        pkg: { id, dir: id, folderName: version, markers: [{ name: 'groupName', value: group, span: { file: `${id}/doc.ts`, line: 1, column: 1, imported: { file: first.file, path: childPath(first.specPath, 'group') } } }], types: [], conversionFunctions: [] },
        types,
      };
      packages.set(id, p);
    }
    return p;
  };

  const sorted = [...byGroupKind.values()].sort((a, b) => (a.group + '/' + a.kind < b.group + '/' + b.kind ? -1 : 1));
  for (const entry of sorted) {
    const live = entry.versions.length;
    for (const kv of entry.versions) {
      const vname = own(kv.version, 'name') as string;
      const { types } = pkgFor(entry.group, vname, kv);
      if (types.decls.has(entry.kind) || types.decls.has(`${entry.kind}List`)) {
        bag.error(kv.file, kv.path, `type ${entry.kind} is declared twice in ${entry.group}/${vname}`);
        continue;
      }
      types.file = entry.kind.toLowerCase();
      importKindVersion(entry.kind, kv, types, live, kv === entry.versions[0], bag, builtin);
    }
  }

  // runtime declarations the imported types use, so the in-process model is complete
  const runtime: LoadedPackage = {
    id: RUNTIME_PACKAGE,
    dir: RUNTIME_PACKAGE,
    folderName: 'meta',
    markers: [],
    types: wellKnownTable().runtimeTypes,
    conversionFunctions: [],
    runtime: true,
  };
  const out = [...packages.values()].map(({ pkg, types }) => ({ ...pkg, types: [...types.decls.values()] }));
  // and the built-in declarations they reference, as the library packages the loader makes of `@kubegen/api/…`
  return [...out, ...builtin.types.packages(builtin.used), runtime];
}

/** Validates a CRD document and returns it as a v1 object (v1beta1 converted), or undefined after reporting. */
export function normalizeCrd(d: CrdDocument, bag: ProblemBag): JsonObject | undefined {
  const err = (path: string, message: string): undefined => {
    bag.error(d.file, path, message);
    return undefined;
  };
  const p = (k: string) => childPath(d.prefix, k);
  if (!isObject(d.value)) { err(d.prefix, 'not a CustomResourceDefinition: expected an object'); return; }
  const doc = d.value;
  const apiVersion = own(doc, 'apiVersion');
  const kind = own(doc, 'kind');
  if (kind !== 'CustomResourceDefinition' || (apiVersion !== 'apiextensions.k8s.io/v1' && apiVersion !== 'apiextensions.k8s.io/v1beta1')) {
    err(d.prefix, `not a CustomResourceDefinition (apiVersion ${JSON.stringify(apiVersion ?? null)}, kind ${JSON.stringify(kind ?? null)}); expected apiextensions.k8s.io/v1 or v1beta1`); return;
  }
  let spec = own(doc, 'spec');
  if (!isObject(spec)) { err(p('spec'), 'spec is required'); return; }
  if (apiVersion === 'apiextensions.k8s.io/v1beta1') {
    spec = convertV1beta1Spec(spec, d, bag);
    if (!spec) return undefined;
  }
  const sp = p('spec');
  const group = own(spec, 'group');
  if (typeof group !== 'string' || !DNS_SUBDOMAIN.test(group) || group.length > 253) { err(childPath(sp, 'group'), 'group must be a lower-case DNS subdomain with at least one dot'); return; }
  const names = own(spec, 'names');
  if (!isObject(names)) { err(childPath(sp, 'names'), 'names is required'); return; }
  const np = childPath(sp, 'names');
  const kindName = own(names, 'kind');
  if (typeof kindName !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(kindName)) { err(childPath(np, 'kind'), 'kind must be an UpperCamelCase identifier'); return; }
  const plural = own(names, 'plural');
  if (typeof plural !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(plural)) { err(childPath(np, 'plural'), 'plural must be a lower-case DNS label'); return; }
  const listKind = own(names, 'listKind') ?? `${kindName}List`;
  if (listKind !== `${kindName}List`) { err(childPath(np, 'listKind'), `listKind ${JSON.stringify(listKind)} cannot be expressed: kubegen (like controller-gen) always uses ${kindName}List`); return; }
  const singular = own(names, 'singular') ?? kindName.toLowerCase();
  if (typeof singular !== 'string') { err(childPath(np, 'singular'), 'singular must be a string'); return; }
  for (const k of ['shortNames', 'categories']) {
    const v = own(names, k);
    if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))) { err(childPath(np, k), `${k} must be a list of strings`); return; }
  }
  const scope = own(spec, 'scope');
  if (scope !== 'Namespaced' && scope !== 'Cluster') { err(childPath(sp, 'scope'), 'scope must be Namespaced or Cluster'); return; }
  const metadata = own(doc, 'metadata');
  const name = isObject(metadata) ? own(metadata, 'name') : undefined;
  if (name !== undefined && name !== `${plural}.${group}`) { err(childPath(p('metadata'), 'name'), `metadata.name must be ${plural}.${group} (spec.names.plural + "." + spec.group)`); return; }
  const versions = own(spec, 'versions');
  if (!Array.isArray(versions) || versions.length === 0) { err(childPath(sp, 'versions'), 'at least one version is required'); return; }
  const seen = new Set<string>();
  let storage = 0;
  for (const [i, v] of versions.entries()) {
    const vp = childPath(childPath(sp, 'versions'), i);
    if (!isObject(v)) { err(vp, 'a version must be an object'); return; }
    const vn = own(v, 'name');
    if (typeof vn !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(vn)) { err(childPath(vp, 'name'), 'a version name must be a lower-case DNS label'); return; }
    if (seen.has(vn)) { err(childPath(vp, 'name'), `version ${vn} is listed twice`); return; }
    seen.add(vn);
    if (typeof own(v, 'served') !== 'boolean' || typeof own(v, 'storage') !== 'boolean') { err(vp, 'served and storage are required booleans'); return; }
    if (own(v, 'storage') === true) storage++;
    const schema = own(v, 'schema');
    const root = isObject(schema) ? own(schema, 'openAPIV3Schema') : undefined;
    if (!isObject(root)) { err(childPath(vp, 'schema'), 'schema.openAPIV3Schema is required (the apiserver requires a structural schema per version)'); return; }
  }
  if (storage !== 1) { err(childPath(sp, 'versions'), `exactly one version must have storage: true (found ${storage})`); return; }
  const conversion = own(spec, 'conversion');
  if (isObject(conversion) && own(conversion, 'strategy') === 'Webhook') {
    bag.warning(d.file, childPath(sp, 'conversion'), 'the conversion webhook is not part of the API types: configure it in kubegen.config ("conversion") — not imported');
  }
  const out = newObject();
  for (const [k, v] of Object.entries(doc)) out[k] = v;
  const names2 = newObject();
  for (const [k, v] of Object.entries(names)) names2[k] = v;
  names2.singular = singular;
  names2.listKind = listKind;
  const spec2 = newObject();
  for (const [k, v] of Object.entries(spec)) spec2[k] = v;
  spec2.names = names2;
  out.spec = spec2;
  return out;
}

/** apiextensions v1beta1 → v1, as the apiserver's conversion did it; each move is reported as a note. */
function convertV1beta1Spec(spec: JsonObject, d: CrdDocument, bag: ProblemBag): JsonObject | undefined {
  const sp = childPath(d.prefix, 'spec');
  const note = (what: string) => { bag.warning(d.file, sp, `apiextensions.k8s.io/v1beta1: ${what}`); };
  const out = newObject();
  for (const [k, v] of Object.entries(spec)) out[k] = v;
  let versions = own(spec, 'versions');
  const version = own(spec, 'version');
  if (!Array.isArray(versions) || versions.length === 0) {
    if (typeof version !== 'string') {
      bag.error(d.file, sp, 'a v1beta1 CRD needs spec.version or spec.versions');
      return undefined;
    }
    const v = newObject();
    v.name = version;
    v.served = true;
    v.storage = true;
    versions = [v];
    note(`spec.version ${version} became spec.versions[0]`);
  }
  delete out.version;
  const topSchema = own(spec, 'validation');
  const topSub = own(spec, 'subresources');
  const topCols = own(spec, 'additionalPrinterColumns');
  delete out.validation;
  delete out.subresources;
  delete out.additionalPrinterColumns;
  if (topSchema !== undefined) note('spec.validation moved into every version as schema');
  if (topSub !== undefined) note('spec.subresources moved into every version');
  if (topCols !== undefined) note('spec.additionalPrinterColumns moved into every version (JSONPath → jsonPath)');
  if (own(spec, 'preserveUnknownFields') !== false) {
    note('preserveUnknownFields (true by default in v1beta1) is not carried over: v1 prunes unknown fields; add +kubebuilder:pruning:PreserveUnknownFields where needed');
  }
  delete out.preserveUnknownFields;
  out.versions = (versions).map((v, i) => {
    if (!isObject(v)) return v;
    const nv = newObject();
    for (const [k, x] of Object.entries(v)) nv[k] = x;
    if (own(nv, 'schema') === undefined && topSchema !== undefined) nv.schema = topSchema;
    if (own(nv, 'subresources') === undefined && topSub !== undefined) nv.subresources = topSub;
    const cols = own(nv, 'additionalPrinterColumns') ?? topCols;
    if (Array.isArray(cols)) {
      nv.additionalPrinterColumns = cols.map((c) => {
        if (!isObject(c)) return c;
        const nc = newObject();
        for (const [k, x] of Object.entries(c)) nc[k === 'JSONPath' ? 'jsonPath' : k] = x;
        return nc;
      });
    }
    const schema = own(nv, 'schema');
    const root = isObject(schema) ? own(schema, 'openAPIV3Schema') : undefined;
    if (isObject(root)) {
      const filled = fillStructuralTypes(root, childPath(childPath(childPath(childPath(sp, 'versions'), i), 'schema'), 'openAPIV3Schema'), (at) => { bag.warning(d.file, at, 'apiextensions.k8s.io/v1beta1: added the type a structural v1 schema requires'); },
      );
      const ns = newObject();
      ns.openAPIV3Schema = filled;
      nv.schema = ns;
    }
    return nv;
  });
  const conv = own(spec, 'conversion');
  if (isObject(conv) && own(conv, 'webhookClientConfig') !== undefined) note('conversion.webhookClientConfig (v1: conversion.webhook.clientConfig) is configuration (kubegen.config "conversion"), not API types: not imported');
  return out;
}

/** v1beta1 schemas often leave out `type: object` / `type: array`; v1 requires them. */
function fillStructuralTypes(s: JsonObject, path: string, onFill: (path: string) => void): JsonObject {
  const out = newObject();
  for (const [k, v] of Object.entries(s)) out[k] = v;
  const props = own(s, 'properties');
  if (own(s, 'type') === undefined && (isObject(props) || own(s, 'additionalProperties') !== undefined)) {
    out.type = 'object';
    onFill(path);
  }
  if (own(s, 'type') === undefined && own(s, 'items') !== undefined) {
    out.type = 'array';
    onFill(path);
  }
  if (isObject(props)) {
    const np = newObject();
    for (const [k, x] of Object.entries(props)) np[k] = isObject(x) ? fillStructuralTypes(x, childPath(childPath(path, 'properties'), k), onFill) : x;
    out.properties = np;
  }
  const items = own(s, 'items');
  if (isObject(items)) out.items = fillStructuralTypes(items, childPath(path, 'items'), onFill);
  const ap = own(s, 'additionalProperties');
  if (isObject(ap)) out.additionalProperties = fillStructuralTypes(ap, childPath(path, 'additionalProperties'), onFill);
  return out;
}

function isRequired(s: JsonObject, name: string): boolean {
  const r = own(s, 'required');
  return Array.isArray(r) && r.includes(name);
}

/** One version of one kind → its kind declaration, list declaration and every type they reach. */
function importKindVersion(kind: string, kv: KindVersion, types: PackageTypes, liveVersions: number, first: boolean, bag: ProblemBag, builtin: { types: ApiTypes; used: ApiTypeRef[] }): void {
  const spec = own(kv.crd, 'spec') as JsonObject;
  const names = own(spec, 'names') as JsonObject;
  const v = kv.version;
  const rootPath = childPath(childPath(kv.path, 'schema'), 'openAPIV3Schema');
  const root = own(own(v, 'schema') as JsonObject, 'openAPIV3Schema') as JsonObject;
  const conv = new SchemaConverter(types, { mode: 'crd', file: kv.file, bag, builtin });
  types.reserve(kind);
  types.reserve(`${kind}List`);
  const problemsBefore = bag.items.length;

  // The JSON shape first, then the apiserver's structural rules: a schema it would refuse is an error at its path.
  const malformed = malformedSchema(root, rootPath);
  if (malformed) {
    bag.error(kv.file, malformed.path, malformed.message);
    return;
  }
  const reported = new Set<string>();
  for (const viol of structuralViolations(root)) {
    const at = viol.path.reduce<string>((p, step) => (step === '[]' ? childPath(p, 'items') : step === '{}' ? childPath(p, 'additionalProperties') : childPath(childPath(p, 'properties'), step.property)), rootPath);
    if (reported.has(at)) continue;
    reported.add(at);
    bag.error(kv.file, at, viol.message.startsWith('$ref') ? viol.message : `the apiserver would refuse this schema: ${viol.message}`);
  }
  if (bag.items.length > problemsBefore && bag.hasErrors()) return;

  const rootType = own(root, 'type');
  if (rootType !== 'object') {
    bag.error(kv.file, childPath(rootPath, 'type'), 'the root schema must be of type object');
    return;
  }
  const rootKeys = Object.keys(root);
  const markerKeys = rootKeys.filter((k) => !['type', 'description', 'properties', 'required'].includes(k));
  const rootMarkers = conv.typeMarkers(root, markerKeys, rootPath);
  if (!rootMarkers) return;
  const props = own(root, 'properties');
  const tm = wellKnownTable().typeMeta;
  // apiVersion / kind come from TypeMeta unless the input's differ; metadata is always {type: object}
  const skip = new Set<string>();
  const filtered = newObject();
  if (isObject(props)) {
    for (const [k, v] of Object.entries(props)) {
      if ((k === 'apiVersion' || k === 'kind') && canonical(v) === canonical(k === 'apiVersion' ? tm.apiVersion : tm.kind) && !isRequired(root, k)) {
        skip.add(k);
        continue;
      }
      if (k === 'metadata') {
        if (!isObject(v) || canonical(v) !== canonical({ type: 'object' })) {
          bag.warning(kv.file, childPath(childPath(rootPath, 'properties'), 'metadata'), 'the root metadata schema becomes {type: object} (kubegen, like controller-gen, always writes that)');
        }
        skip.add(k);
        continue;
      }
      filtered[k] = v;
    }
  }
  const structInput = newObject();
  structInput.type = 'object';
  structInput.properties = filtered;
  const required = own(root, 'required');
  if (Array.isArray(required)) {
    const missing = required.find((r) => typeof r !== 'string' || !isObject(props) || !Object.hasOwn(props, r));
    const twice = required.find((r, i) => required.indexOf(r) !== i);
    if (twice !== undefined) {
      bag.error(kv.file, childPath(rootPath, 'required'), `required lists ${JSON.stringify(twice)} twice`);
      return;
    }
    if (missing !== undefined) {
      bag.error(kv.file, childPath(rootPath, 'required'), `required names ${JSON.stringify(missing)}, which is not a property (the input language has no way to require an undeclared property)`);
      return;
    }
  }
  if (Array.isArray(required)) structInput.required = required.filter((r) => typeof r === 'string' && Object.hasOwn(filtered, r));
  const fields = conv.structFields(structInput, rootPath, kind);
  if (!fields) return;
  const span = conv.span(kv.path);
  const metadataRequired = Array.isArray(required) && required.includes('metadata');
  const metaField: Field = {
    name: 'metadata',
    doc: '',
    type: { kind: 'wellKnown', name: 'ObjectMeta' },
    optional: !metadataRequired,
    immutable: false,
    schemaless: false,
    nullable: false,
    required: metadataRequired,
    markers: [],
    span,
  };
  const typeMeta: TypeRef = { kind: 'named', package: RUNTIME_PACKAGE, name: 'TypeMeta' };
  const m = (name: string, value: unknown): MarkerValue => ({ name, value, span });
  const markers: MarkerValue[] = [m('genclient', true), m('kubebuilder:object:root', true)];
  const resource: Record<string, unknown> = {};
  const plural = own(names, 'plural') as string;
  if (plural !== pluralize(kind).toLowerCase()) resource.path = plural;
  const shortNames = own(names, 'shortNames') as string[] | undefined;
  if (shortNames && shortNames.length > 0) resource.shortName = [...shortNames];
  const categories = own(names, 'categories') as string[] | undefined;
  if (categories && categories.length > 0) resource.categories = [...categories];
  const singular = own(names, 'singular') as string;
  if (singular !== kind.toLowerCase()) resource.singular = singular;
  if (own(spec, 'scope') === 'Cluster') resource.scope = 'Cluster';
  if (Object.keys(resource).length > 0) markers.push(m('kubebuilder:resource', resource));
  const sub = own(v, 'subresources');
  if (isObject(sub)) {
    for (const k of Object.keys(sub)) {
      const sv = sub[k];
      if (k === 'status') markers.push(m('kubebuilder:subresource:status', true));
      else if (k === 'scale' && isObject(sv)) {
        const spec2 = own(sv, 'specReplicasPath');
        const status = own(sv, 'statusReplicasPath');
        const sel = own(sv, 'labelSelectorPath');
        if (typeof spec2 !== 'string' || typeof status !== 'string') {
          bag.error(kv.file, childPath(childPath(kv.path, 'subresources'), 'scale'), 'scale needs specReplicasPath and statusReplicasPath');
          return;
        }
        markers.push(m('kubebuilder:subresource:scale', typeof sel === 'string' ? { specpath: spec2, statuspath: status, selectorpath: sel } : { specpath: spec2, statuspath: status }));
      } else {
        bag.error(kv.file, childPath(childPath(kv.path, 'subresources'), k), `unknown subresource ${k}`);
        return;
      }
    }
  }
  const cols = own(v, 'additionalPrinterColumns');
  if (Array.isArray(cols)) {
    for (const [i, c] of cols.entries()) {
      const cp = childPath(childPath(kv.path, 'additionalPrinterColumns'), i);
      if (!isObject(c) || typeof own(c, 'name') !== 'string' || typeof own(c, 'jsonPath') !== 'string' || !PRINT_COLUMN_TYPES.has(own(c, 'type') as string)) {
        bag.error(kv.file, cp, 'a printer column needs name, jsonPath and a type of integer, number, string, boolean or date');
        return;
      }
      const col: Record<string, unknown> = { name: own(c, 'name'), type: own(c, 'type'), JSONPath: own(c, 'jsonPath') };
      const desc = own(c, 'description');
      const format = own(c, 'format');
      const priority = own(c, 'priority');
      if (typeof desc === 'string' && desc !== '') col.description = desc;
      if (typeof format === 'string' && format !== '') col.format = format;
      if (typeof priority === 'number' && priority !== 0) col.priority = priority;
      markers.push(m('kubebuilder:printcolumn', col));
    }
  }
  if (own(v, 'storage') === true && liveVersions > 1) markers.push(m('kubebuilder:storageversion', true));
  if (own(v, 'served') === false) markers.push(m('kubebuilder:unservedversion', true));
  if (own(v, 'deprecated') === true) {
    const w = own(v, 'deprecationWarning');
    markers.push(m('kubebuilder:deprecatedversion', typeof w === 'string' ? { warning: w } : {}));
  }
  const sel = own(v, 'selectableFields');
  if (Array.isArray(sel)) for (const s of sel) if (isObject(s) && typeof own(s, 'jsonPath') === 'string') markers.push(m('kubebuilder:selectablefield', { JSONPath: own(s, 'jsonPath') }));
  if (first) {
    const md = own(kv.crd, 'metadata');
    const annotations: string[] = [];
    const labels: string[] = [];
    if (isObject(md)) {
      const a = own(md, 'annotations');
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- untrusted JSON: a non-string value prints as String() prints it
      if (isObject(a)) for (const k of Object.keys(a).sort()) if (!TOOL_ANNOTATIONS.has(k)) annotations.push(`${k}=${String(a[k])}`);
      const l = own(md, 'labels');
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- untrusted JSON: a non-string value prints as String() prints it
      if (isObject(l)) for (const k of Object.keys(l).sort()) labels.push(`${k}=${String(l[k])}`);
    }
    if (annotations.length > 0 || labels.length > 0) {
      const value: Record<string, unknown> = {};
      if (annotations.length > 0) value.annotations = annotations;
      if (labels.length > 0) value.labels = labels;
      markers.push(m('kubebuilder:metadata', value));
    }
  }
  markers.push(...rootMarkers);
  const description = conv.doc(typeof own(root, 'description') === 'string' ? (own(root, 'description') as string) : undefined, childPath(rootPath, 'description'));
  if (description === undefined) return;
  const kindDecl: TypeDecl = {
    name: kind,
    package: types.id,
    declaration: 'interface',
    exported: true,
    doc: description,
    type: { kind: 'struct', embeds: [typeMeta], fields: [...fields.filter((f) => f.name === 'apiVersion' || f.name === 'kind'), metaField, ...fields.filter((f) => f.name !== 'apiVersion' && f.name !== 'kind')] },
    markers,
    span,
  };
  types.declare(kindDecl);
  const listDecl: TypeDecl = {
    name: `${kind}List`,
    package: types.id,
    declaration: 'interface',
    exported: true,
    doc: `${kind}List is a list of ${kind}.`,
    type: {
      kind: 'struct',
      embeds: [typeMeta],
      fields: [
        { name: 'metadata', doc: '', type: { kind: 'wellKnown', name: 'ListMeta' }, optional: true, nullable: false, required: false, immutable: false, schemaless: false, markers: [], span },
        { name: 'items', doc: '', type: { kind: 'array', items: { kind: 'named', package: types.id, name: kind } }, optional: false, nullable: false, required: true, immutable: false, schemaless: false, markers: [], span },
      ],
    },
    markers: [m('kubebuilder:object:root', true)],
    span,
  };
  types.declare(listDecl);
}
