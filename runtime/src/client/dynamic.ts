/**
 * Unstructured access (client-go `dynamic` and `metadata`) behind the same interface as the typed clients.
 *
 * - `DynamicClient(rest).resource(gvr).namespace(ns)` is a `ResourceClient<Unstructured, UnstructuredList>`: every
 *   verb of a generated client (get, list and its pages, watch, create, update, updateStatus, delete,
 *   deleteCollection, patch of every patch type, apply and applyStatus with `fieldManager` / `force`), plus
 *   client-go's subresource arguments: `get(name, opts, 'scale')`, `create(obj, opts, 'eviction')`,
 *   `update(obj, opts, 'status')`, `patch(name, type, body, opts, 'status')`, `apply(obj, opts, 'status')`;
 * - `resource(gvr)` without `namespace(ns)` is the cluster-wide client: a cluster-scoped resource, or a list, watch
 *   or deleteCollection across all namespaces (as client-go, a namespaced object is written through `namespace(ns)`);
 * - objects written must carry `apiVersion` and `kind` (nothing else knows them: a GroupVersionResource does not
 *   name its kind); an object without them is a {@link TypeMetaError} naming what is missing, before any request;
 * - errors are the REST client's: `StatusError` (`isNotFound`, `isConflict` …), as for a typed client;
 * - `MetadataClient(rest).resource(gvr).namespace(ns)` reads the metadata of objects only
 *   (`PartialObjectMetadata` / `PartialObjectMetadataList`, asked for with the `as=PartialObjectMetadata;g=meta.k8s.io;v=v1`
 *   media type): get, list, watch, patch, delete, deleteCollection.
 *
 * Both are built over `TypedClient`, so paging, watch decoding and retries are the typed client's; the informer
 * machinery (`@kubegen/runtime/dynamic`'s `DynamicSharedInformerFactory`) lists and watches through them.
 */

import type { RestClient } from '../rest/client';
import { PatchTypes, type ApplyOptions, type CreateOptions, type GetOptions, type PatchOptions, type PatchType, type UpdateOptions } from '../rest/options';
import type { GroupVersionResource } from '../rest/paths';
import type { ObjectMeta } from '../meta/types';
import { isJsonObject } from '../meta/json';
import { getOwn } from '../meta/own';
import { TypedClient } from './typed';
import type { ApplyConfiguration, KubeList, KubeObject, PatchBody, ResourceClient, ResourceDescriptor, SubresourceClient } from './types';
import { formatGroupVersion, type GroupVersionKind, type RESTMapping } from '../discovery/restmapper';

/** An object known only by its apiVersion and kind: any other field is kept as it is. */
export interface Unstructured extends KubeObject {
  [field: string]: unknown;
}

export type UnstructuredList = KubeList<Unstructured>;

/** The metadata of an object without its body (metav1.PartialObjectMetadata). */
export interface PartialObjectMetadata extends KubeObject {
  metadata?: ObjectMeta;
}

export type PartialObjectMetadataList = KubeList<PartialObjectMetadata>;

/** The media types the apiserver answers metadata with (`Accept` of the metadata client's objects and lists). */
export const METADATA_ACCEPT: Readonly<{ object: string; list: string }> = Object.freeze({
  object: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1',
  list: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1',
});

/** An object that does not say what it is: no (or an unusable) `apiVersion` or `kind`. */
export class TypeMetaError extends TypeError {
  override readonly name = 'TypeMetaError';
}

function describeObject(obj: unknown): string {
  const meta = isJsonObject(obj) ? getOwn(obj, 'metadata') : undefined;
  const name = isJsonObject(meta) ? getOwn(meta, 'name') : undefined;
  const ns = isJsonObject(meta) ? getOwn(meta, 'namespace') : undefined;
  if (typeof name !== 'string' || name === '') return 'the object';
  return `object ${JSON.stringify(typeof ns === 'string' && ns !== '' ? `${ns}/${name}` : name)}`;
}

/**
 * The group, version and kind an object says it is (`apiVersion` + `kind`, apimachinery's
 * `unstructured.GroupVersionKind()`). Throws a {@link TypeMetaError} naming what is missing or wrong, e.g.
 * `create: object "ns/a" has no apiVersion and no kind: an unstructured object must say what it is (e.g.
 * apiVersion: "example.com/v1", kind: "Widget")`.
 */
export function groupVersionKindOf(obj: unknown, verb = 'object'): GroupVersionKind {
  if (!isJsonObject(obj)) throw new TypeMetaError(`${verb}: not an object (${obj === null ? 'null' : Array.isArray(obj) ? 'an array' : typeof obj})`);
  const apiVersion = getOwn(obj, 'apiVersion');
  const kind = getOwn(obj, 'kind');
  const what = describeObject(obj);
  const hint = ': an unstructured object must say what it is (e.g. apiVersion: "example.com/v1", kind: "Widget")';
  const noVersion = typeof apiVersion !== 'string' || apiVersion === '';
  const noKind = typeof kind !== 'string' || kind === '';
  if (noVersion && noKind) throw new TypeMetaError(`${verb}: ${what} has no apiVersion and no kind${hint}`);
  if (noVersion) throw new TypeMetaError(`${verb}: ${what} (kind ${JSON.stringify(kind)}) has no apiVersion${hint}`);
  if (noKind) throw new TypeMetaError(`${verb}: ${what} (apiVersion ${JSON.stringify(apiVersion)}) has no kind${hint}`);
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  if (version === '' || version.includes('/') || (slash >= 0 && group === '') || /\s/.test(apiVersion)) {
    throw new TypeMetaError(`${verb}: ${what} has an invalid apiVersion ${JSON.stringify(apiVersion)} (want <group>/<version>, or <version> for the core group)`);
  }
  return { group, version, kind };
}

/** `{ apiVersion, kind }` of a group version kind. */
export function typeMetaOf(gvk: GroupVersionKind): { apiVersion: string; kind: string } {
  return { apiVersion: formatGroupVersion(gvk.group, gvk.version), kind: gvk.kind };
}

/**
 * The metadata of `obj` as a `PartialObjectMetadata` (what the server answers the metadata media type with): a new
 * object sharing `obj`'s metadata. `obj` itself is never changed.
 */
export function asPartialObjectMetadata(obj: KubeObject): PartialObjectMetadata {
  if (obj.apiVersion === 'meta.k8s.io/v1' && obj.kind === 'PartialObjectMetadata') return obj;
  return { apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', ...(obj.metadata ? { metadata: obj.metadata } : {}) };
}

/** The descriptor of a mapped kind, of unstructured objects (no subresources: they are not discovered here). */
export function descriptorOf(mapping: RESTMapping): ResourceDescriptor<Unstructured, UnstructuredList> {
  return {
    group: mapping.resource.group,
    version: mapping.resource.version,
    resource: mapping.resource.resource,
    kind: mapping.groupVersionKind.kind,
    namespaced: mapping.namespaced,
  };
}

/** A client of the mapped kind in `namespace` (`''`: all namespaces, and always for a cluster-scoped kind). */
export function dynamicClient(rest: RestClient, mapping: RESTMapping, namespace = ''): TypedClient<Unstructured, UnstructuredList> {
  return new TypedClient(rest, descriptorOf(mapping), mapping.namespaced ? namespace : '');
}

/**
 * The verbs of one resource over unstructured objects (client-go `dynamic.ResourceInterface`): a generated client's,
 * and the subresource arguments of client-go's.
 */
export interface DynamicResourceInterface extends ResourceClient<Unstructured, UnstructuredList> {
  create(obj: Unstructured, opts?: CreateOptions, ...subresources: string[]): Promise<Unstructured>;
  update(obj: Unstructured, opts?: UpdateOptions, ...subresources: string[]): Promise<Unstructured>;
  get(name: string, opts?: GetOptions, ...subresources: string[]): Promise<Unstructured>;
  patch(name: string, type: PatchType, body: PatchBody<Unstructured>, opts?: PatchOptions, ...subresources: string[]): Promise<Unstructured>;
  apply(obj: ApplyConfiguration<Unstructured>, opts: ApplyOptions, ...subresources: string[]): Promise<Unstructured>;
}

/** The cluster-wide client of a resource, and its namespaces (client-go `NamespaceableResourceInterface`). */
export interface NamespaceableResourceInterface extends DynamicResourceInterface {
  namespace(namespace: string): DynamicResourceInterface;
}

/** client-go's `dynamic.Interface`: implemented over HTTP by {@link DynamicClient}, in memory by the testing fake. */
export interface DynamicInterface {
  resource(gvr: GroupVersionResource): NamespaceableResourceInterface;
}

/** What a dynamic resource client runs on: a client of one resource in one namespace (`''`: cluster-wide). */
export type UnstructuredClientFactory = (gvr: GroupVersionResource, namespace: string) => ResourceClient<Unstructured, UnstructuredList> & SubresourceClient;

/** The descriptor a dynamic client uses for `gvr` in `namespace`: the kind is unknown (`''`), objects carry theirs. */
export function dynamicDescriptor(gvr: GroupVersionResource, namespace: string): ResourceDescriptor<Unstructured, UnstructuredList> {
  return { group: gvr.group, version: gvr.version, resource: gvr.resource, kind: '', namespaced: namespace !== '' };
}

function nameOf(obj: { metadata?: { name?: string } }, verb: string): string {
  const name = obj.metadata?.name;
  if (typeof name !== 'string' || name === '') throw new TypeError(`${verb}: metadata.name is required`);
  return name;
}

/** The {@link DynamicResourceInterface} over a client of one resource; see the module doc. */
export class DynamicResourceClient implements NamespaceableResourceInterface {
  private readonly client: ResourceClient<Unstructured, UnstructuredList> & SubresourceClient;

  constructor(
    private readonly clients: UnstructuredClientFactory,
    readonly gvr: GroupVersionResource,
    /** `''`: cluster-wide. */
    readonly namespaceName = '',
  ) {
    this.client = clients(gvr, namespaceName);
  }

  namespace(namespace: string): DynamicResourceInterface {
    return new DynamicResourceClient(this.clients, this.gvr, namespace);
  }

  async create(obj: Unstructured, opts: CreateOptions = {}, ...subresources: string[]): Promise<Unstructured> {
    groupVersionKindOf(obj, 'create');
    if (subresources.length === 0) return this.client.create(obj, opts);
    return this.client.createSubresource<Unstructured, Unstructured>(nameOf(obj, 'create'), subresources.join('/'), obj, opts);
  }

  async update(obj: Unstructured, opts: UpdateOptions = {}, ...subresources: string[]): Promise<Unstructured> {
    groupVersionKindOf(obj, 'update');
    if (subresources.length === 0) return this.client.update(obj, opts);
    return this.client.updateSubresource<Unstructured, Unstructured>(nameOf(obj, 'update'), subresources.join('/'), obj, opts);
  }

  async updateStatus(obj: Unstructured, opts: UpdateOptions = {}): Promise<Unstructured> {
    groupVersionKindOf(obj, 'updateStatus');
    return this.client.updateStatus(obj, opts);
  }

  delete(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['delete']>): Promise<void> {
    return this.client.delete(...args);
  }

  deleteCollection(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['deleteCollection']>): Promise<void> {
    return this.client.deleteCollection(...args);
  }

  get(name: string, opts: GetOptions = {}, ...subresources: string[]): Promise<Unstructured> {
    if (subresources.length === 0) return this.client.get(name, opts);
    return this.client.getSubresource<Unstructured>(name, subresources.join('/'), opts);
  }

  list(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['list']>): Promise<UnstructuredList> {
    return this.client.list(...args);
  }

  listPages(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['listPages']>): AsyncIterable<UnstructuredList> {
    return this.client.listPages(...args);
  }

  listAll(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['listAll']>): AsyncIterable<Unstructured> {
    return this.client.listAll(...args);
  }

  watch(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['watch']>): ReturnType<ResourceClient<Unstructured, UnstructuredList>['watch']> {
    return this.client.watch(...args);
  }

  patch(name: string, type: PatchType, body: PatchBody<Unstructured>, opts: PatchOptions = {}, ...subresources: string[]): Promise<Unstructured> {
    return this.client.patch(name, type, body, opts, ...subresources);
  }

  /** Server-side apply of `obj` (which names itself: apiVersion, kind, metadata.name), of a subresource when given. */
  async apply(obj: ApplyConfiguration<Unstructured>, opts: ApplyOptions, ...subresources: string[]): Promise<Unstructured> {
    const verb = subresources.length === 0 ? 'apply' : `apply ${subresources.join('/')}`;
    groupVersionKindOf(obj, verb);
    if (!opts.fieldManager) throw new TypeError(`${verb}: fieldManager is required for server-side apply`);
    if (subresources.length === 0) return this.client.apply(obj, opts);
    if (subresources.length === 1 && subresources[0] === 'status') return this.client.applyStatus(obj, opts);
    // JSON is YAML: the apply content type accepts a JSON body
    return this.client.patch(nameOf(obj, verb), PatchTypes.ApplyPatch, JSON.stringify(obj), opts, ...subresources);
  }

  applyStatus(obj: ApplyConfiguration<Unstructured>, opts: ApplyOptions): Promise<Unstructured> {
    return this.apply(obj, opts, 'status');
  }

  getScale(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['getScale']>): ReturnType<ResourceClient<Unstructured, UnstructuredList>['getScale']> {
    return this.client.getScale(...args);
  }

  updateScale(...args: Parameters<ResourceClient<Unstructured, UnstructuredList>['updateScale']>): ReturnType<ResourceClient<Unstructured, UnstructuredList>['updateScale']> {
    return this.client.updateScale(...args);
  }
}

/** client-go's dynamic client over HTTP; see the module doc. */
export class DynamicClient implements DynamicInterface {
  constructor(readonly rest: RestClient) {}

  resource(gvr: GroupVersionResource): NamespaceableResourceInterface {
    return new DynamicResourceClient((g, ns) => new TypedClient(this.rest, dynamicDescriptor(g, ns), ns), gvr, '');
  }
}

/** The verbs of the metadata client (client-go `metadata.ResourceInterface`). */
export type MetadataResourceInterface = Pick<
  ResourceClient<PartialObjectMetadata, PartialObjectMetadataList>,
  'get' | 'list' | 'listPages' | 'listAll' | 'watch' | 'patch' | 'delete' | 'deleteCollection'
>;

/** The cluster-wide metadata client of a resource, and its namespaces. */
export interface NamespaceableMetadataInterface extends MetadataResourceInterface {
  namespace(namespace: string): MetadataResourceInterface;
}

/** The metadata client of one resource in `namespace` (`''`: cluster-wide): a `TypedClient` asking for metadata only. */
export function metadataResourceClient(rest: RestClient, gvr: GroupVersionResource, namespace = ''): TypedClient<PartialObjectMetadata, PartialObjectMetadataList> {
  const d: ResourceDescriptor<PartialObjectMetadata, PartialObjectMetadataList> = { ...dynamicDescriptor(gvr, namespace) };
  return new TypedClient(rest, d, namespace, { accept: METADATA_ACCEPT });
}

/** client-go's metadata client: the metadata of any resource's objects; see the module doc. */
export class MetadataClient {
  constructor(readonly rest: RestClient) {}

  resource(gvr: GroupVersionResource): NamespaceableMetadataInterface {
    const rest = this.rest;
    const all = metadataResourceClient(rest, gvr);
    return {
      get: (...a) => all.get(...a),
      list: (...a) => all.list(...a),
      listPages: (...a) => all.listPages(...a),
      listAll: (...a) => all.listAll(...a),
      watch: (...a) => all.watch(...a),
      patch: (...a) => all.patch(...a),
      delete: (...a) => all.delete(...a),
      deleteCollection: (...a) => all.deleteCollection(...a),
      namespace: (namespace) => metadataResourceClient(rest, gvr, namespace),
    };
  }
}
