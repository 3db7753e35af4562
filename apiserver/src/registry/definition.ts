/**
 * What the server knows of a resource, read from the API model as kubegen writes it — no per-group code: the CRD
 * manifests of a generated package (`crds/*.yaml`: names, scope, versions, the storage version, subresources, schemas,
 * selectable fields) and the functions its modules export (`validate<Kind>` and `setDefaults<Kind>` per version,
 * `converters` for the group). `apiGroupFromPackage` binds the two.
 */

import { type GroupConverters, convertObject } from '@kubegen/runtime/webhook';
import { type JsonObject, isJsonObject } from '@kubegen/runtime';
import { getOwn } from '@kubegen/runtime/internal';
import type { ValidationResult, ValidationSchema } from '@kubegen/runtime/validation';

/** One served version of a resource. */
export interface VersionDefinition {
  readonly name: string;
  /** The CRD version's `openAPIV3Schema`: what is pruned (unknown fields) before validation. */
  readonly schema: ValidationSchema | undefined;
  /** The generated `validate<Kind>` of this version. */
  readonly validate: ((obj: JsonObject, options?: { oldObject?: unknown }) => ValidationResult) | undefined;
  /** The generated `setDefaults<Kind>` of this version (applies in place). */
  readonly setDefaults: ((obj: JsonObject) => unknown) | undefined;
  /** The CRD version's `additionalPrinterColumns` (kubectl's table columns after Name), in order. */
  readonly columns: readonly PrinterColumn[];
}

/** One `additionalPrinterColumns` entry. */
export interface PrinterColumn {
  readonly name: string;
  /** `integer`, `number`, `string`, `boolean` or `date`. */
  readonly type: string;
  readonly format: string;
  readonly description: string;
  readonly priority: number;
  readonly jsonPath: string;
}

/** A resource of an API group as the server serves it. */
export interface ResourceDefinition {
  readonly group: string;
  /** The plural, lower-case resource name (`flunders`). */
  readonly resource: string;
  readonly singular: string;
  readonly kind: string;
  readonly listKind: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly namespaced: boolean;
  /** The version objects are stored in. */
  readonly storageVersion: string;
  /** The served versions, in the CRD's order. */
  readonly versions: readonly VersionDefinition[];
  readonly subresources: { readonly status: boolean; readonly scale?: ScaleSubresource };
  /** Field selectors beyond `metadata.name` and `metadata.namespace`: label → JSON path (`.spec.reference`). */
  readonly selectableFields: ReadonlyMap<string, string>;
  /** Converts a kind (or list) of this group to `apiVersion` (`group/version`). */
  convert(obj: JsonObject, apiVersion: string): JsonObject;
}

/** The CRD's scale subresource: where the replicas and the selector are (simple JSON paths, `.spec.replicas`). */
export interface ScaleSubresource {
  readonly specReplicasPath: string;
  readonly statusReplicasPath: string;
  readonly labelSelectorPath?: string;
}

/** An API group: its resources, and its versions in preference order. */
export interface APIGroupDefinition {
  readonly name: string;
  /** Served versions, the preferred first (Kubernetes' version priority: GA > beta > alpha, newer first). */
  readonly versions: readonly string[];
  readonly resources: readonly ResourceDefinition[];
}

/** The parts of a CRD manifest read here (apiextensions.k8s.io/v1). */
export interface CrdManifest {
  spec?: {
    group?: string;
    names?: { plural?: string; singular?: string; kind?: string; listKind?: string; shortNames?: string[]; categories?: string[] };
    scope?: string;
    versions?: Array<{
      name?: string;
      served?: boolean;
      storage?: boolean;
      schema?: { openAPIV3Schema?: unknown };
      subresources?: { status?: unknown; scale?: { specReplicasPath?: string; statusReplicasPath?: string; labelSelectorPath?: string } };
      selectableFields?: Array<{ jsonPath?: string }>;
      additionalPrinterColumns?: Array<{ name?: string; type?: string; format?: string; description?: string; priority?: number; jsonPath?: string }>;
    }>;
  };
}

/** A generated package: the group module with a namespace per version, and `converters` when it has several. */
export type GeneratedPackage = Readonly<Record<string, unknown>>;

export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
}

/**
 * The API group a generated package serves: every CRD of `crds` (one per kind, as `kubegen generate` writes them) with
 * the `validate<Kind>` / `setDefaults<Kind>` functions of each version's module in `pkg` and the group's
 * `converters`. A CRD naming another group, a version without a module, a kind without a validator are errors.
 */
export function apiGroupFromPackage(pkg: GeneratedPackage, crds: readonly CrdManifest[]): APIGroupDefinition {
  const first = crds[0]?.spec?.group;
  if (first === undefined || first === '') throw new DefinitionError('no CRD with spec.group was given');
  const converters = conversionsOf(pkg);
  const resources = crds.map((crd) => resourceFromCrd(crd, first, pkg, converters));
  const versions = [...new Set(resources.flatMap((r) => r.versions.map((v) => v.name)))].sort(compareKubeAwareVersions);
  return { name: first, versions, resources };
}

function isGroupConverters(c: unknown): c is GroupConverters {
  if (typeof c !== 'object' || c === null) return false;
  const group: unknown = Reflect.get(c, 'group');
  const kinds: unknown = Reflect.get(c, 'kinds');
  return typeof group === 'string' && typeof kinds === 'object' && kinds !== null;
}

function conversionsOf(pkg: GeneratedPackage): GroupConverters | undefined {
  const c = getOwn(pkg, 'converters');
  return isGroupConverters(c) ? c : undefined;
}

/** A function of the generated module; called with the JSON the server decoded, whatever types it declares. */
type ModuleFunction = (obj: unknown, options?: unknown) => unknown;

function fn(module: object, name: string): ModuleFunction | undefined {
  const f: unknown = Reflect.get(module, name);
  return typeof f === 'function' ? (f as ModuleFunction) : undefined;
}

function isValidationResult(r: unknown): r is ValidationResult {
  return typeof r === 'object' && r !== null && typeof Reflect.get(r, 'valid') === 'boolean' && Array.isArray(Reflect.get(r, 'errors'));
}

function resourceFromCrd(crd: CrdManifest, group: string, pkg: GeneratedPackage, converters: GroupConverters | undefined): ResourceDefinition {
  const spec = crd.spec ?? {};
  const names = spec.names ?? {};
  const { kind, plural } = names;
  if (spec.group !== group) throw new DefinitionError(`CRD ${plural ?? '?'}.${spec.group ?? '?'}: all CRDs of a package are of group ${group}`);
  if (!kind || !plural) throw new DefinitionError(`a CRD of ${group} has no spec.names.kind or spec.names.plural`);
  const where = `${plural}.${group}`;
  const versions: VersionDefinition[] = [];
  let storageVersion = '';
  let status = false;
  let scale: ScaleSubresource | undefined;
  const selectableFields = new Map<string, string>();
  for (const v of spec.versions ?? []) {
    if (!v.name) throw new DefinitionError(`CRD ${where}: a version has no name`);
    if (v.storage === true) storageVersion = v.name;
    if (v.served !== true) continue;
    const module = getOwn(pkg, v.name);
    if (typeof module !== 'object' || module === null) throw new DefinitionError(`CRD ${where}: the package has no module for version ${v.name}`);
    const validate = fn(module, `validate${kind}`);
    if (!validate) throw new DefinitionError(`CRD ${where}: the module of ${v.name} exports no validate${kind}`);
    const setDefaults = fn(module, `setDefaults${kind}`);
    const schema = v.schema?.openAPIV3Schema;
    versions.push({
      name: v.name,
      schema: isJsonObject(schema) ? (schema) : undefined,
      validate: (obj, options) => {
        const r = validate(obj, options);
        if (!isValidationResult(r)) throw new DefinitionError(`validate${kind} of ${v.name} returned no validation result`);
        return r;
      },
      setDefaults,
      columns: (v.additionalPrinterColumns ?? []).map((c) => {
        if (!c.name || !c.type || !c.jsonPath) throw new DefinitionError(`CRD ${where}: a printer column of ${v.name} has no name, type or jsonPath`);
        return { name: c.name, type: c.type, format: c.format ?? '', description: c.description ?? '', priority: c.priority ?? 0, jsonPath: c.jsonPath };
      }),
    });
    if (v.subresources?.status !== undefined) status = true;
    const sc = v.subresources?.scale;
    if (sc !== undefined) {
      if (!sc.specReplicasPath?.startsWith('.spec.') || !sc.statusReplicasPath?.startsWith('.status.')) {
        throw new DefinitionError(`CRD ${where}: the scale subresource of ${v.name} needs a specReplicasPath under .spec and a statusReplicasPath under .status`);
      }
      scale = { specReplicasPath: sc.specReplicasPath, statusReplicasPath: sc.statusReplicasPath, ...(sc.labelSelectorPath ? { labelSelectorPath: sc.labelSelectorPath } : {}) };
    }
    for (const f of v.selectableFields ?? []) if (f.jsonPath) selectableFields.set(f.jsonPath.replace(/^\./, ''), f.jsonPath);
  }
  if (!storageVersion) throw new DefinitionError(`CRD ${where}: no version is the storage version`);
  if (versions.length === 0) throw new DefinitionError(`CRD ${where}: no version is served`);
  const kindConverters = converters && getOwn(converters.kinds, kind) !== undefined ? converters : undefined;
  return {
    group,
    resource: plural,
    singular: names.singular ?? kind.toLowerCase(),
    kind,
    listKind: names.listKind ?? `${kind}List`,
    shortNames: names.shortNames ?? [],
    categories: names.categories ?? [],
    namespaced: spec.scope !== 'Cluster',
    storageVersion,
    versions,
    subresources: { status, ...(scale ? { scale } : {}) },
    selectableFields,
    convert: (obj, apiVersion) => {
      if (kindConverters) return convertObject(kindConverters, obj, apiVersion);
      // One version: nothing to convert but the apiVersion (of a list's items too).
      const out: JsonObject = { ...obj, apiVersion };
      if (Array.isArray(obj.items)) out.items = obj.items.map((i) => (isJsonObject(i) ? { ...i, apiVersion } : i));
      return out;
    },
  };
}

const VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

/** Kubernetes' version priority (apimachinery's CompareKubeAwareVersionStrings): GA, then beta, then alpha, newest first; others last, by name. */
export function compareKubeAwareVersions(a: string, b: string): number {
  const rank = (v: string): [number, number, number] | undefined => {
    const m = VERSION.exec(v);
    if (!m) return undefined;
    const stage = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
    return [stage, Number(m[1]), Number(m[3] ?? 0)];
  };
  const ra = rank(a);
  const rb = rank(b);
  if (!ra || !rb) return ra ? -1 : rb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  if (ra[0] !== rb[0]) return rb[0] - ra[0];
  if (ra[1] !== rb[1]) return rb[1] - ra[1];
  return rb[2] - ra[2];
}
