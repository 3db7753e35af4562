/**
 * Kinds known only by group, version and kind (controller-runtime's `unstructured.Unstructured` and
 * `metav1.PartialObjectMetadata` with their TypeMeta set): what the manager's client and the builder take besides a
 * typed `ResourceDescriptor`. The resource, its version and scope come from the manager's RESTMapper when first used.
 *
 * - `unstructuredKind('example.com/v1', 'Widget')`: whole objects, as `Unstructured`;
 * - `metadataKind('example.com/v1', 'Widget')`: their metadata only, as `PartialObjectMetadata` (the cache holds
 *   nothing else: the informer lists and watches with the PartialObjectMetadata media type);
 * - `unstructuredKindOf(obj)`: the kind an unstructured object says it is (a `TypeMetaError` naming what is missing
 *   when it lacks apiVersion or kind).
 */

import { groupVersionKindOf, type PartialObjectMetadata, type Unstructured } from '../client/dynamic';
import type { KubeList, KubeObject, ResourceDescriptor } from '../client/types';
import { formatGroupVersion, type GroupVersionKind } from '../discovery/restmapper';

/** A kind known by GVK; `T` (phantom, as a descriptor's) is the form objects are handed out in. */
export interface GVKKind<T extends KubeObject = KubeObject> extends GroupVersionKind {
  /** `unstructured`: whole objects; `metadata`: PartialObjectMetadata. */
  readonly form: 'unstructured' | 'metadata';
  readonly '~types'?: { readonly object: T };
}

/** What the manager's client and the builder take: a typed descriptor, or a kind known by GVK. */
export type KindRef<T extends KubeObject = KubeObject> = ResourceDescriptor<T, KubeList<T>> | GVKKind<T>;

/** Whether `k` is a kind known by GVK (not a descriptor). */
export function isGVKKind(k: object): k is GVKKind {
  return Object.hasOwn(k, 'form') && !Object.hasOwn(k, 'resource');
}

function gvkFrom(apiVersion: string, kind: string, what: string): GroupVersionKind {
  return groupVersionKindOf({ apiVersion, kind }, what);
}

/** Whole objects of a kind known by `apiVersion` and `kind`. */
export function unstructuredKind(apiVersion: string, kind: string): GVKKind<Unstructured> {
  return { ...gvkFrom(apiVersion, kind, 'unstructuredKind'), form: 'unstructured' };
}

/** The metadata of the objects of a kind known by `apiVersion` and `kind`. */
export function metadataKind(apiVersion: string, kind: string): GVKKind<PartialObjectMetadata> {
  return { ...gvkFrom(apiVersion, kind, 'metadataKind'), form: 'metadata' };
}

/** The kind of an unstructured object, from its apiVersion and kind. */
export function unstructuredKindOf(obj: unknown): GVKKind<Unstructured> {
  return { ...groupVersionKindOf(obj, 'unstructuredKindOf'), form: 'unstructured' };
}

/** `example.com/v1, Kind=Widget` (apimachinery's GroupVersionKind.String), with ` (metadata)` for a metadata kind. */
export function describeKind(k: GroupVersionKind | Pick<ResourceDescriptor, 'group' | 'version' | 'kind'>): string {
  const text = `${formatGroupVersion(k.group, k.version)}, Kind=${k.kind}`;
  return isGVKKind(k) && k.form === 'metadata' ? `${text} (metadata)` : text;
}

/**
 * `obj` cut down to its metadata, as the apiserver answers the PartialObjectMetadata media type (`apiVersion:
 * meta.k8s.io/v1`, `kind: PartialObjectMetadata`, `metadata`): a new object; `obj` is never changed.
 */
export function metadataOnly<T extends KubeObject>(obj: T): T {
  const out = { ...obj };
  for (const key of Object.keys(out)) if (key !== 'metadata') Reflect.deleteProperty(out, key);
  Reflect.set(out, 'apiVersion', 'meta.k8s.io/v1');
  Reflect.set(out, 'kind', 'PartialObjectMetadata');
  return out;
}
