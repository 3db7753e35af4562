/**
 * The contract generated clients bind: `ResourceClient<T, TList>`, implemented by the REST-backed
 * `TypedClient` and by the fake's `FakeClient`, and the `ResourceDescriptor` a generated file declares per kind.
 */

import type { ListMeta, ObjectMeta } from '../meta/types';
import type { Scale } from '../meta/autoscaling';
import type {
  ApplyOptions,
  CreateOptions,
  DeleteOptions,
  GetOptions,
  JsonPatchOperation,
  ListOptions,
  PatchOptions,
  PatchType,
  SubresourceGetOptions,
  UpdateOptions,
  WatchOptions,
} from '../rest/options';
import type { Watch } from '../watch/types';

/** Any Kubernetes object: what every generated kind satisfies. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** Any list of `T`. */
export interface KubeList<T> {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: T[];
}

/**
 * A list as a server sends it, which is what a page read off the wire is typed as: `items` is `null` in the JSON of an
 * empty list from a server that encodes an empty Go slice so (a `nil` slice without `omitempty`, as aggregated API
 * servers may). Every `KubeList<T>` is one; what takes pages (the reflector's `ListerWatcher`, `listItems`) reads
 * `items` as possibly null.
 */
export interface ListPage<T> extends Omit<KubeList<T>, 'items'> {
  items: T[] | null;
}

/** Where the scale subresource reads and writes replicas (CRD `subresources.scale`), as dotted JSON paths. */
export interface ScaleSubresource {
  /** e.g. `.spec.replicas`. */
  specReplicasPath: string;
  /** e.g. `.status.replicas`. */
  statusReplicasPath: string;
  /** e.g. `.status.selector`. */
  labelSelectorPath?: string;
}

/**
 * What a generated client knows about one kind and its resource, typed by the kind's object `T` and list `TList`
 * (kube-rs `Api<K: Resource>`, controller-runtime's `builder.For(obj)`): every API that takes a descriptor — typed
 * and fake clients, the informer factory, the manager's `clientFor` / `informerFor` / `lister`, the builder's
 * `for` / `owns` / `watches` — infers `T` from it, so a client, informer or handler of the wrong type does not
 * compile.
 *
 * The types are phantom: a descriptor is plain data (a group, version, resource, kind and scope), declared once per
 * kind with its types (`export const cronTabResource: ResourceDescriptor<CronTab, CronTabList> = { … }`, as
 * generated); the `'~types'` member exists only for the type checker and is never set. A descriptor of `T` is also
 * one of every supertype of `T` (`ResourceDescriptor` alone is one of any `KubeObject`), which is what code serving
 * every kind (the fake's tracker, discovery) takes.
 */
export interface ResourceDescriptor<T extends KubeObject = KubeObject, TList extends KubeList<T> = KubeList<T>> {
  /** API group, `''` for the core group. */
  readonly group: string;
  readonly version: string;
  /** The plural resource name, e.g. `crontabs`. */
  readonly resource: string;
  readonly kind: string;
  /** Default `<kind>List`. */
  readonly listKind?: string;
  readonly namespaced: boolean;
  readonly subresources?: {
    readonly status?: boolean;
    readonly scale?: ScaleSubresource;
  };
  /**
   * Type-level only, never present at runtime (a phantom member, as Standard Schema's `~standard.types`): the
   * kind's object and list types, from which calls taking the descriptor infer theirs.
   */
  readonly '~types'?: { readonly object: T; readonly list: TList };
}

/** The object type of a descriptor: `ObjectOf<typeof cronTabResource>` is `CronTab`. */
export type ObjectOf<D extends ResourceDescriptor> = NonNullable<D['~types']>['object'];

/** The list type of a descriptor: `ListOf<typeof cronTabResource>` is `CronTabList`. */
export type ListOf<D extends ResourceDescriptor> = NonNullable<D['~types']>['list'];

/** Every field optional, recursively. */
export type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/**
 * A server-side apply configuration: the fields the caller owns, plus the identifying `metadata.name`.
 * `apiVersion` and `kind` may be left out: the clients fill them from the kind's descriptor.
 */
export type ApplyConfiguration<T extends KubeObject> = DeepPartial<Omit<T, 'apiVersion' | 'kind' | 'metadata'>> & {
  apiVersion?: string;
  kind?: string;
  metadata: DeepPartial<ObjectMeta> & { name: string };
};

/** A JSON merge patch of `T` (RFC 7386): `null` deletes a field. */
export type MergePatch<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: MergePatch<T[K]> | null }
    : T;

/**
 * The body of a patch: RFC 6902 operations for `application/json-patch+json`, an object for merge,
 * strategic-merge and apply patches, or a pre-encoded string for any type.
 */
export type PatchBody<T> = readonly JsonPatchOperation[] | MergePatch<T> | string;

/**
 * All verbs of one kind, in one namespace (or cluster-wide). Generated per-kind interfaces are this, or a
 * `Pick` of it when `+genclient:onlyVerbs` / `:skipVerbs` / `:noStatus` narrow the verbs.
 */
export interface ResourceClient<T extends KubeObject, TList extends KubeList<T>> {
  create(obj: T, opts?: CreateOptions): Promise<T>;
  /** Replaces the object; `metadata.resourceVersion` makes it conditional (409 Conflict when stale). */
  update(obj: T, opts?: UpdateOptions): Promise<T>;
  /** Replaces only `status` (the status subresource). */
  updateStatus(obj: T, opts?: UpdateOptions): Promise<T>;
  delete(name: string, opts?: DeleteOptions): Promise<void>;
  deleteCollection(opts?: DeleteOptions, listOpts?: ListOptions): Promise<void>;
  get(name: string, opts?: GetOptions): Promise<T>;
  list(opts?: ListOptions): Promise<TList>;
  /** Every page of a list, following `metadata.continue` (pass `limit` for the page size). */
  listPages(opts?: ListOptions): AsyncIterable<TList>;
  /** Every item of a list, page by page. */
  listAll(opts?: ListOptions): AsyncIterable<T>;
  /** Resolves once the server accepted the watch; see `Watch` for the stream's contract. */
  watch(opts?: WatchOptions): Promise<Watch<T>>;
  patch(name: string, type: PatchType, body: PatchBody<T>, opts?: PatchOptions, ...subresources: string[]): Promise<T>;
  /** Server-side apply (`application/apply-patch+yaml`). */
  apply(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T>;
  /** Server-side apply of the status subresource. */
  applyStatus(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T>;
  getScale(name: string, opts?: GetOptions): Promise<Scale>;
  updateScale(name: string, scale: Scale, opts?: UpdateOptions): Promise<Scale>;
}

/**
 * Generic subresource calls, for `+genclient:method=…,subresource=…` extension methods (client-gen's custom verbs
 * with `input` / `result` types), e.g. `pods/eviction` (create), `deployments/scale` (get, update) or a CRD's
 * own subresources served by an aggregated apiserver. Implemented by `TypedClient` and `FakeClient`; the fake
 * serves `status` and `scale` from its tracker and everything else only through reactors.
 */
export interface SubresourceClient {
  getSubresource<R>(name: string, subresource: string, opts?: SubresourceGetOptions): Promise<R>;
  /** Reads a subresource whose response is text, e.g. `pods/log` (`opts.params`: `container`, `tailLines` …). */
  getSubresourceText(name: string, subresource: string, opts?: SubresourceGetOptions): Promise<string>;
  createSubresource<I, R>(name: string, subresource: string, body: I, opts?: CreateOptions): Promise<R>;
  updateSubresource<I, R>(name: string, subresource: string, body: I, opts?: UpdateOptions): Promise<R>;
}

/** The verbs of `ResourceClient`, as `+genclient:onlyVerbs` names them (plus the runtime's extras). */
export type ResourceVerb = keyof ResourceClient<KubeObject, KubeList<KubeObject>>;
