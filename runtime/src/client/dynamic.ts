/**
 * Unstructured access (client-go `dynamic`) behind the same interface as the typed clients: a `TypedClient` of
 * plain objects bound to a kind's {@link RESTMapping}.
 */

import type { RestClient } from '../rest/client';
import { TypedClient } from './typed';
import type { KubeList, KubeObject, ResourceDescriptor } from './types';
import type { RESTMapping } from '../discovery/restmapper';

/** An object known only by its apiVersion and kind: any other field is kept as it is. */
export interface Unstructured extends KubeObject {
  [field: string]: unknown;
}

export type UnstructuredList = KubeList<Unstructured>;

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
