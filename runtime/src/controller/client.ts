/**
 * `ManagerClient`: the manager's client (controller-runtime `pkg/client`'s split client over `pkg/cache`), for
 * typed descriptors and for kinds known only by GVK — unstructured (`unstructuredKind`) or metadata only
 * (`metadataKind`) — alike.
 *
 * Contract:
 * - reads (`get`, `list`) come from the manager's cache. The kind's informer is created and started on demand, as
 *   controller-runtime's cache does, and the read waits until it has synced — unless `cache.readerFailOnMissingInformer`
 *   refuses a kind nobody asked an informer for. Before the manager starts, a read fails (`the cache is not started`).
 *   What a read returns is a deep copy: change it freely — unless the kind's cache settings say
 *   `unsafeDisableDeepCopy` (controller-runtime's `UnsafeDisableDeepCopy`): then it is the cached object itself,
 *   shared with every reader and handler, which the caller promised never to mutate;
 * - writes go to the server through the manager's `clients` (`create`, `update`, `updateStatus`, `patch`, `apply`,
 *   `delete`); a kind known by GVK is mapped by the manager's `restMapper` first, and an object whose apiVersion or
 *   kind names another kind than the one asked with is refused before any request. An unstructured object without
 *   apiVersion and kind gets them from its kind (`unstructuredKindOf(obj)` takes them from the object instead, with
 *   a one-line error when they are missing);
 * - metadata-only objects (`PartialObjectMetadata`): `get`, `list`, `patch`, `delete` as for any kind; `update`
 *   writes the metadata a controller changes — labels, annotations, finalizers, owner references — as one JSON
 *   patch conditioned on the object's `resourceVersion` (a stale object is a 409 Conflict, as an update's); `create`,
 *   `updateStatus` and `apply` are refused (a body cannot be written from metadata), as controller-runtime refuses
 *   them. What the server answers comes back as metadata only;
 * - errors are the server's (`StatusError`: `isNotFound`, `isConflict` …), a cache miss is a NotFound naming the
 *   group and resource, and a kind the server does not serve is the REST mapper's `NoKindMatchError`.
 */

import type { ApplyOptions, CreateOptions, DeleteOptions, JsonPatchOperation, PatchOptions, PatchType, UpdateOptions } from '../rest/options';
import type { ApplyConfiguration, KubeList, KubeObject, PatchBody, ResourceClient, ResourceDescriptor } from '../client/types';
import { groupVersionKindOf } from '../client/dynamic';
import { withTypeMeta } from '../client/typed';
import { newNotFound } from '../errors/errors';
import { cloneJSON } from '../meta/json';
import { listAllByNamespace, type ListerSelector } from '../cache/lister';
import type { Informer } from '../cache/multinamespace';
import { describeKind, isGVKKind, metadataOnly, type KindRef } from './kinds';
import type { Manager } from './manager';

/** An object's namespace (absent or `''` for a cluster-scoped kind) and name. */
export interface ObjectKey {
  namespace?: string;
  name: string;
}

export interface CacheReadOptions {
  /** Aborts waiting for the cache to sync. */
  signal?: AbortSignal;
}

export interface CacheListOptions extends CacheReadOptions {
  /** One namespace; default all. */
  namespace?: string;
  labelSelector?: ListerSelector;
}

const isMetadata = (kind: KindRef): boolean => isGVKKind(kind) && kind.form === 'metadata';

/** See the module doc. */
export class ManagerClient {
  constructor(private readonly mgr: Manager) {}

  private async syncedInformer<T extends KubeObject>(kind: KindRef<T>, signal: AbortSignal | undefined): Promise<Informer<T>> {
    if (!this.mgr.cacheStarted) throw new Error(`the cache is not started, can not read objects of ${describeKind(kind)}: start the manager first`);
    const informer = await this.mgr.readerInformer(kind, signal);
    if (!informer.hasSynced() && !(await informer.waitForSync(signal ?? new AbortController().signal))) {
      throw signal?.reason ?? new Error(`the cache of ${describeKind(kind)} did not sync`);
    }
    return informer;
  }

  /** The object `key` of `kind`, from the cache (a deep copy); a NotFound `StatusError` when absent. */
  async get<T extends KubeObject>(kind: KindRef<T>, key: ObjectKey, opts: CacheReadOptions = {}): Promise<T> {
    const d = await this.mgr.descriptorFor(kind, opts.signal);
    const informer = await this.syncedInformer(kind, opts.signal);
    const indexer = informer.getIndexer();
    const obj = d.namespaced ? indexer.getByNamespaceAndName(key.namespace ?? '', key.name) : indexer.getByKey(key.name);
    if (obj === undefined) throw newNotFound({ group: d.group, resource: d.resource }, key.name, { stack: false });
    return this.mgr.sharesCachedObjects(d) ? obj : cloneJSON<T>(obj);
  }

  /** The objects of `kind` in the cache (deep copies), of one namespace and matching a label selector when given. */
  async list<T extends KubeObject>(kind: KindRef<T>, opts: CacheListOptions = {}): Promise<T[]> {
    const informer = await this.syncedInformer(kind, opts.signal);
    const found = listAllByNamespace(informer.getIndexer(), opts.namespace ?? '', opts.labelSelector);
    return this.mgr.sharesCachedObjects(kind) ? found : found.map((o) => cloneJSON<T>(o));
  }

  /** The descriptor of `kind` and the direct client of `namespace`, after checking what `obj` says it is. */
  private async writer<T extends KubeObject>(
    kind: KindRef<T>,
    verb: string,
    obj: { apiVersion?: string; kind?: string } | undefined,
    namespace: string,
  ): Promise<{ d: ResourceDescriptor<T, KubeList<T>>; client: ResourceClient<T, KubeList<T>> }> {
    const d = await this.mgr.descriptorFor(kind);
    if (obj !== undefined && !isMetadata(kind) && (obj.apiVersion || obj.kind)) {
      const gvk = groupVersionKindOf(obj, verb);
      if (gvk.group !== d.group || gvk.kind !== d.kind || (isGVKKind(kind) && gvk.version !== kind.version)) {
        throw new TypeError(`${verb}: the object is ${describeKind(gvk)}, not ${describeKind(kind)}`);
      }
    }
    return { d, client: this.mgr.clientFor(d, namespace) };
  }

  private refuseMetadata(kind: KindRef, verb: string): void {
    if (isMetadata(kind)) throw new TypeError(`${verb}: cannot ${verb} ${describeKind(kind)} from its metadata only: use its unstructured kind or typed descriptor`);
  }

  async create<T extends KubeObject>(kind: KindRef<T>, obj: T, opts: CreateOptions = {}): Promise<T> {
    this.refuseMetadata(kind, 'create');
    const { d, client } = await this.writer(kind, 'create', obj, obj.metadata?.namespace ?? '');
    return client.create(withTypeMeta(d, obj), opts);
  }

  /** Replaces the object (conditioned on its resourceVersion); for a metadata kind, see the module doc. */
  async update<T extends KubeObject>(kind: KindRef<T>, obj: T, opts: UpdateOptions = {}): Promise<T> {
    const { d, client } = await this.writer(kind, 'update', obj, obj.metadata?.namespace ?? '');
    if (!isMetadata(kind)) return client.update(withTypeMeta(d, obj), opts);
    const m = obj.metadata ?? {};
    if (!m.name) throw new TypeError('update: metadata.name is required');
    const ops: JsonPatchOperation[] = [
      ...(m.resourceVersion ? [{ op: 'replace' as const, path: '/metadata/resourceVersion', value: m.resourceVersion }] : []),
      { op: 'add', path: '/metadata/labels', value: m.labels ?? {} },
      { op: 'add', path: '/metadata/annotations', value: m.annotations ?? {} },
      { op: 'add', path: '/metadata/finalizers', value: m.finalizers ?? [] },
      { op: 'add', path: '/metadata/ownerReferences', value: m.ownerReferences ?? [] },
    ];
    return metadataOnly(await client.patch(m.name, 'application/json-patch+json', ops, opts));
  }

  async updateStatus<T extends KubeObject>(kind: KindRef<T>, obj: T, opts: UpdateOptions = {}): Promise<T> {
    this.refuseMetadata(kind, 'updateStatus');
    const { d, client } = await this.writer(kind, 'updateStatus', obj, obj.metadata?.namespace ?? '');
    return client.updateStatus(withTypeMeta(d, obj), opts);
  }

  /** Patches the object `key` (of a subresource when given); every patch type of the typed clients. */
  async patch<T extends KubeObject>(kind: KindRef<T>, key: ObjectKey, type: PatchType, body: PatchBody<T>, opts: PatchOptions = {}, ...subresources: string[]): Promise<T> {
    const { client } = await this.writer(kind, 'patch', undefined, key.namespace ?? '');
    const out = await client.patch(key.name, type, body, opts, ...subresources);
    return isMetadata(kind) ? metadataOnly(out) : out;
  }

  /** Server-side apply (`opts.fieldManager`, `force`). */
  async apply<T extends KubeObject>(kind: KindRef<T>, obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    this.refuseMetadata(kind, 'apply');
    const { d, client } = await this.writer(kind, 'apply', obj, obj.metadata.namespace ?? '');
    return client.apply(withTypeMeta(d, obj), opts);
  }

  async delete<T extends KubeObject>(kind: KindRef<T>, key: ObjectKey, opts: DeleteOptions = {}): Promise<void> {
    const { client } = await this.writer(kind, 'delete', undefined, key.namespace ?? '');
    await client.delete(key.name, opts);
  }
}
