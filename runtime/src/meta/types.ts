/**
 * Well-known Kubernetes meta types (k8s.io/apimachinery/pkg/apis/meta/v1 and friends) as TypeScript declarations.
 *
 * API files import these type-only from `@kubegen/runtime`. The kubegen generator recognises each one by its
 * declaration in this package (never by its spelling) and renders the schema controller-gen renders for the
 * Go type. Scalar aliases (`int32`, `Time`, `Quantity` …) are plain aliases so that ordinary values are
 * assignable to them.
 */

/** A 32-bit signed integer: `type: integer, format: int32`. */
export type int32 = number;
/** A 64-bit signed integer: `type: integer, format: int64`. Values beyond 2^53 lose precision in JavaScript. */
export type int64 = number;
/** A floating-point number: `type: number`. */
export type float64 = number;
/** An RFC 3339 timestamp with second precision, e.g. `2024-01-02T03:04:05Z` (metav1.Time). */
export type Time = string;
/** An RFC 3339 timestamp with microsecond precision (metav1.MicroTime). */
export type MicroTime = string;
/** A Go duration string such as `1h30m` (metav1.Duration). */
export type Duration = string;
/** A resource quantity such as `100m`, `1Gi` or a plain number (resource.Quantity). */
export type Quantity = string | number;
/** An integer or a string, e.g. a port number or name (intstr.IntOrString). */
export type IntOrString = number | string;
/** Base64-encoded bytes (`[]byte`): `type: string, format: byte`. */
export type Bytes = string;
/** Any JSON value (apiextensions JSON): no type, unknown fields preserved. */
export type JSON = unknown;

/** An embedded object of any kind (runtime.RawExtension): `type: object` with unknown fields preserved. */
export interface RawExtension {
  [key: string]: unknown;
}

/**
 * TypeMeta describes an individual object in an API response or request with strings representing the type of
 * the object and its API schema version. Structures that are versioned or persisted should inline TypeMeta.
 */
export interface TypeMeta {
  /**
   * APIVersion defines the versioned schema of this representation of an object.
   * Servers should convert recognized schemas to the latest internal value, and
   * may reject unrecognized values.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
   */
  apiVersion?: string;
  /**
   * Kind is a string value representing the REST resource this object represents.
   * Servers may infer this from the endpoint the client submits requests to.
   * Cannot be updated.
   * In CamelCase.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  kind?: string;
}

/** OwnerReference contains enough information to let you identify an owning object. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource that the fieldset applies to. */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: 'Apply' | 'Update';
  apiVersion?: string;
  time?: Time;
  fieldsType?: string;
  fieldsV1?: Record<string, unknown>;
  subresource?: string;
}

/** ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  selfLink?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: int64;
  creationTimestamp?: Time;
  deletionTimestamp?: Time;
  deletionGracePeriodSeconds?: int64;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: ManagedFieldsEntry[];
}

/** ListMeta describes metadata that synthetic resources must have, including lists and various status objects. */
export interface ListMeta {
  selfLink?: string;
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: int64;
  /** The shard selector a sharded list was filtered by; present only on such a subset (alpha: ShardedListAndWatch). */
  shardInfo?: ShardInfo;
}

/** ShardInfo describes the shard selector that was applied to produce a list response. */
export interface ShardInfo {
  /** The shard selector of the request, echoed back so that clients can merge the responses of several shards. */
  selector: string;
}
