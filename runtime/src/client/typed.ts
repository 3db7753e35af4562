/**
 * `TypedClient<T, TList>`: the REST-backed `ResourceClient`. Generated code binds it to a kind, its types inferred
 * from the kind's typed descriptor: `new TypedClient(rest, cronTabResource, namespace)` is a
 * `TypedClient<CronTab, CronTabList>`.
 *
 * Namespaces: a client of a namespaced kind is made per namespace; `''` means all namespaces and serves
 * list / watch / deleteCollection across them. Verbs that carry an object (create, update, updateStatus,
 * apply, applyStatus) use the client's namespace, else the object's `metadata.namespace`; by-name verbs need the
 * client's namespace. For cluster-scoped kinds the namespace is ignored.
 *
 * Those verbs send `apiVersion` and `kind` from the descriptor when the object leaves them out (`withTypeMeta`).
 */

import type { Scale } from '../meta/autoscaling';
import type { RestClient } from '../rest/client';
import {
  deleteBody,
  getQuery,
  listQuery,
  patchQuery,
  PatchTypes,
  subresourceGetQuery,
  watchQuery,
  writeQuery,
  type ApplyOptions,
  type CreateOptions,
  type DeleteOptions,
  type GetOptions,
  type ListOptions,
  type PatchOptions,
  type PatchType,
  type SubresourceGetOptions,
  type UpdateOptions,
  type WatchOptions,
} from '../rest/options';
import { resourcePath } from '../rest/paths';
import { decodeWatchEventBatches } from '../watch/decoder';
import { ReadableWatch, StreamWatch } from '../watch/stream';
import type { Watch } from '../watch/types';
import type { ApplyConfiguration, KubeList, KubeObject, ListPage, PatchBody, ResourceClient, ResourceDescriptor, SubresourceClient } from './types';

/** The `apiVersion` of a descriptor's kind: `<group>/<version>`, or `<version>` for the core group. */
export function apiVersionOf(d: Pick<ResourceDescriptor, 'group' | 'version'>): string {
  return d.group ? `${d.group}/${d.version}` : d.version;
}

/**
 * `obj` with `apiVersion` and `kind` filled from the descriptor where the caller left them out (absent or empty),
 * as client-go's typed clients set them from the scheme; given values are kept (the server checks them). A new
 * object when anything is filled (type fields first, as the apiserver writes them); `obj` itself is never changed.
 */
export function withTypeMeta<O extends object>(d: Pick<ResourceDescriptor, 'group' | 'version' | 'kind'>, obj: O): O & { apiVersion: string; kind: string } {
  const given = obj as { apiVersion?: unknown; kind?: unknown };
  const apiVersion = typeof given.apiVersion === 'string' && given.apiVersion !== '' ? given.apiVersion : undefined;
  const kind = typeof given.kind === 'string' && given.kind !== '' ? given.kind : undefined;
  if (apiVersion !== undefined && kind !== undefined) return obj as O & { apiVersion: string; kind: string };
  const filled = { apiVersion: apiVersion ?? apiVersionOf(d), kind: kind ?? d.kind };
  // type fields first; an empty given value does not survive the spread
  return Object.assign({ ...filled, ...obj }, filled);
}

function objectName(obj: KubeObject, verb: string): string {
  const name = obj.metadata?.name;
  if (!name) throw new TypeError(`${verb}: metadata.name is required`);
  return name;
}

/** How a `TypedClient` asks for its responses. */
export interface TypedClientOptions {
  /**
   * The `Accept` header of the calls answering an object or a watch (`object`) and of lists (`list`); default
   * `application/json`. The metadata client sets them to the PartialObjectMetadata(List) media types.
   */
  accept?: { object: string; list: string };
}

export class TypedClient<T extends KubeObject, TList extends KubeList<T>> implements ResourceClient<T, TList>, SubresourceClient {
  private readonly acceptObject: { accept?: string };
  private readonly acceptList: { accept?: string };

  constructor(
    readonly rest: RestClient,
    /** The kind's descriptor: `new TypedClient(rest, cronTabResource, ns)` is a client of CronTabs. */
    readonly descriptor: ResourceDescriptor<T, TList>,
    /** The namespace of a namespaced kind; `''` for all namespaces. */
    readonly namespace: string = '',
    options: TypedClientOptions = {},
  ) {
    this.acceptObject = options.accept ? { accept: options.accept.object } : {};
    this.acceptList = options.accept ? { accept: options.accept.list } : {};
  }

  private path(namespace: string, name?: string, subresources?: readonly string[]): string {
    const d = this.descriptor;
    return resourcePath({
      group: d.group,
      version: d.version,
      resource: d.resource,
      ...(d.namespaced && namespace ? { namespace } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(subresources ? { subresources } : {}),
    });
  }

  private namespaceFor(obj: KubeObject | undefined, verb: string): string {
    if (!this.descriptor.namespaced) return '';
    const ns = this.namespace || obj?.metadata?.namespace || '';
    if (!ns) throw new TypeError(`${verb}: ${this.descriptor.resource} is namespaced; a namespace is required`);
    return ns;
  }

  async create(obj: T, opts: CreateOptions = {}): Promise<T> {
    return this.rest.request<T>({
      method: 'POST',
      path: this.path(this.namespaceFor(obj, 'create')),
      ...this.acceptObject,
      query: writeQuery(opts),
      body: withTypeMeta(this.descriptor, obj),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async update(obj: T, opts: UpdateOptions = {}): Promise<T> {
    return this.put(obj, opts, 'update');
  }

  async updateStatus(obj: T, opts: UpdateOptions = {}): Promise<T> {
    return this.put(obj, opts, 'updateStatus', 'status');
  }

  private async put(obj: T, opts: UpdateOptions, verb: string, subresource?: string): Promise<T> {
    return this.rest.request<T>({
      method: 'PUT',
      path: this.path(this.namespaceFor(obj, verb), objectName(obj, verb), subresource ? [subresource] : undefined),
      ...this.acceptObject,
      query: writeQuery(opts),
      body: withTypeMeta(this.descriptor, obj),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async delete(name: string, opts: DeleteOptions = {}): Promise<void> {
    return this.rest.requestVoid({
      method: 'DELETE',
      path: this.path(this.namespaceFor(undefined, 'delete'), name),
      body: deleteBody(opts),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async deleteCollection(opts: DeleteOptions = {}, listOpts: ListOptions = {}): Promise<void> {
    return this.rest.requestVoid({
      method: 'DELETE',
      path: this.path(this.namespace),
      query: listQuery(listOpts),
      body: deleteBody(opts),
      signal: opts.signal ?? listOpts.signal,
      timeoutMs: opts.timeoutMs ?? listOpts.timeoutMs,
    });
  }

  async get(name: string, opts: GetOptions = {}): Promise<T> {
    return this.rest.request<T>({
      method: 'GET',
      path: this.path(this.namespaceFor(undefined, 'get'), name),
      ...this.acceptObject,
      query: getQuery(opts),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async list(opts: ListOptions = {}): Promise<TList> {
    const { onContinue, onItems } = opts;
    return this.rest.requestList<TList>(
      {
        method: 'GET',
        path: this.path(this.namespace),
        query: listQuery(opts),
        ...this.acceptList,
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
      },
      { ...(onItems ? { onItems } : {}), ...(onContinue ? { onContinue } : {}) },
    );
  }

  listPages(opts: ListOptions = {}): AsyncIterable<TList> {
    return listPages((o) => this.list(o), opts);
  }

  listAll(opts: ListOptions = {}): AsyncIterable<T> {
    return listItems(this.listPages(opts));
  }

  async watch(opts: WatchOptions = {}): Promise<Watch<T>> {
    const controller = new AbortController();
    const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
    const res = await this.rest.stream({ method: 'GET', path: this.path(this.namespace), query: watchQuery(opts), signal, ...this.acceptObject });
    const decode = { maxFrameBytes: opts.maxFrameBytes };
    // Node's HTTP client: decoded synchronously per chunk, pushed to `listen` consumers (the reflector)
    if (res.readable) return new ReadableWatch<T>(res.readable, controller, signal, decode);
    return new StreamWatch<T>(decodeWatchEventBatches<T>(res.body, decode), controller, signal);
  }

  async patch(name: string, type: PatchType, body: PatchBody<T>, opts: PatchOptions = {}, ...subresources: string[]): Promise<T> {
    return this.rest.request<T>({
      method: 'PATCH',
      path: this.path(this.namespaceFor(undefined, 'patch'), name, subresources),
      ...this.acceptObject,
      query: patchQuery(opts),
      body: typeof body === 'string' ? body : JSON.stringify(body),
      contentType: type,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async apply(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.applyTo(obj, opts, 'apply');
  }

  async applyStatus(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.applyTo(obj, opts, 'applyStatus', 'status');
  }

  private async applyTo(obj: ApplyConfiguration<T>, opts: ApplyOptions, verb: string, subresource?: string): Promise<T> {
    if (!opts.fieldManager) throw new TypeError(`${verb}: fieldManager is required for server-side apply`);
    const ns = this.namespaceFor(obj as KubeObject, verb);
    return this.rest.request<T>({
      method: 'PATCH',
      path: this.path(ns, objectName(obj as KubeObject, verb), subresource ? [subresource] : undefined),
      ...this.acceptObject,
      query: patchQuery(opts),
      // JSON is YAML: the apply content type accepts a JSON body
      body: JSON.stringify(withTypeMeta(this.descriptor, obj)),
      contentType: PatchTypes.ApplyPatch,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async getScale(name: string, opts: GetOptions = {}): Promise<Scale> {
    return this.rest.request<Scale>({
      method: 'GET',
      path: this.path(this.namespaceFor(undefined, 'getScale'), name, ['scale']),
      query: getQuery(opts),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async updateScale(name: string, scale: Scale, opts: UpdateOptions = {}): Promise<Scale> {
    return this.rest.request<Scale>({
      method: 'PUT',
      path: this.path(this.namespaceFor(undefined, 'updateScale'), name, ['scale']),
      query: writeQuery(opts),
      body: scale,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async getSubresource<R>(name: string, subresource: string, opts: SubresourceGetOptions = {}): Promise<R> {
    return this.rest.request<R>({
      method: 'GET',
      path: this.path(this.namespaceFor(undefined, 'getSubresource'), name, [subresource]),
      query: subresourceGetQuery(opts),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async getSubresourceText(name: string, subresource: string, opts: SubresourceGetOptions = {}): Promise<string> {
    return this.rest.requestText({
      method: 'GET',
      path: this.path(this.namespaceFor(undefined, 'getSubresourceText'), name, [subresource]),
      query: subresourceGetQuery(opts),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async createSubresource<I, R>(name: string, subresource: string, body: I, opts: CreateOptions = {}): Promise<R> {
    return this.rest.request<R>({
      method: 'POST',
      path: this.path(this.namespaceFor(undefined, 'createSubresource'), name, [subresource]),
      query: writeQuery(opts),
      body,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }

  async updateSubresource<I, R>(name: string, subresource: string, body: I, opts: UpdateOptions = {}): Promise<R> {
    return this.rest.request<R>({
      method: 'PUT',
      path: this.path(this.namespaceFor(undefined, 'updateSubresource'), name, [subresource]),
      query: writeQuery(opts),
      body,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }
}

/**
 * Pages of a list: calls `list` with `continue` from each page until a page has no continue token. A `410
 * Expired` continue token is thrown (the caller relists), as client-go's pager does without its fallback.
 * Pages after the first drop `resourceVersion` and `resourceVersionMatch`, which the server rejects with `continue`.
 */
export async function* listPages<TList extends KubeList<unknown>>(
  list: (opts: ListOptions) => Promise<TList>,
  opts: ListOptions = {},
): AsyncGenerator<TList, void, undefined> {
  let token = opts.continue;
  for (;;) {
    // continuation pages must not repeat resourceVersion(Match): the token pins the snapshot
    const page = await list(token && token !== opts.continue ? { ...opts, continue: token, resourceVersion: undefined, resourceVersionMatch: undefined } : opts);
    yield page;
    token = page.metadata?.continue;
    if (!token) return;
  }
}

/** The items of every page (a page's `items` may be null on the wire). */
export async function* listItems<T>(pages: AsyncIterable<ListPage<T>>): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page.items ?? [];
}
