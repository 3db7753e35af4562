// Imported by kubegen import; edit freely: this is now API source.

import type { ListMeta, RawExtension, Time, int32, int64 } from '@kubegen/runtime';
import type { UID } from '../../io.k8s.apimachinery.pkg.types/types.js';

export type { Condition, Duration, LabelSelector, LabelSelectorRequirement, ListMeta, MicroTime, ObjectMeta, RawExtension, Time, TypeMeta } from '@kubegen/runtime';

/** APIResource specifies the name of a resource and whether it is namespaced. */
export interface APIResource {
  /** name is the plural name of the resource. */
  name: string;
  /**
   * singularName is the singular name of the resource.  This allows clients to handle plural and singular opaquely.
   * The singularName is more correct for reporting status on a single item and both singular and plural are allowed
   * from the kubectl CLI interface.
   */
  singularName: string;
  /** namespaced indicates if a resource is namespaced or not. */
  namespaced: boolean;
  /**
   * group is the preferred group of the resource.  Empty implies the group of the containing resource list.
   * For subresources, this may have a different value, for example: Scale".
   */
  group?: string;
  /**
   * version is the preferred version of the resource.  Empty implies the version of the containing resource list
   * For subresources, this may have a different value, for example: v1 (while inside a v1beta1 version of the core resource's group)".
   */
  version?: string;
  /** kind is the kind for the resource (e.g. 'Foo' is the kind for a resource 'foo') */
  kind: string;
  /**
   * verbs is a list of supported kube verbs (this includes get, list, watch, create,
   * update, patch, delete, deletecollection, and proxy)
   */
  verbs: string[];
  /**
   * shortNames is a list of suggested short names of the resource.
   * +listType=atomic
   */
  shortNames?: string[];
  /**
   * categories is a list of the grouped resources this resource belongs to (e.g. 'all')
   * +listType=atomic
   */
  categories?: string[];
  /**
   * The hash value of the storage version, the version this resource is
   * converted to when written to the data store. Value must be treated
   * as opaque by clients. Only equality comparison on the value is valid.
   * This is an alpha feature and may change or be removed in the future.
   * The field is populated by the apiserver only if the
   * StorageVersionHash feature gate is enabled.
   * This field will remain optional even if it graduates.
   */
  storageVersionHash?: string;
}

/**
 * APIResourceList is a list of APIResource, it is used to expose the name of the
 * resources supported in a specific group and version, and if the resource
 * is namespaced.
 */
export interface APIResourceList {
  /**
   * Kind is a string value representing the REST resource this object represents.
   * Servers may infer this from the endpoint the client submits requests to.
   * Cannot be updated.
   * In CamelCase.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  kind?: string;
  /**
   * APIVersion defines the versioned schema of this representation of an object.
   * Servers should convert recognized schemas to the latest internal value, and
   * may reject unrecognized values.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
   */
  apiVersion?: string;
  /** groupVersion is the group and version this APIResourceList is for. */
  groupVersion: string;
  /**
   * resources contains the name of the resources and if they are namespaced.
   * +listType=atomic
   */
  resources: APIResource[];
}

/**
 * CauseType is a machine readable value providing more detail about what
 * occurred in a status response. An operation may have multiple causes for a
 * status (whether Failure or Success).
 */
export type CauseType = string;

export type ConditionStatus = string;

/** DeleteOptions may be provided when deleting an API object. */
export interface DeleteOptions {
  /**
   * Kind is a string value representing the REST resource this object represents.
   * Servers may infer this from the endpoint the client submits requests to.
   * Cannot be updated.
   * In CamelCase.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  kind?: string;
  /**
   * APIVersion defines the versioned schema of this representation of an object.
   * Servers should convert recognized schemas to the latest internal value, and
   * may reject unrecognized values.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
   */
  apiVersion?: string;
  /**
   * The duration in seconds before the object should be deleted. Value must be non-negative integer.
   * The value zero indicates delete immediately. If this value is nil, the default grace period for the
   * specified type will be used.
   * Defaults to a per object value if not specified. zero means delete immediately.
   */
  gracePeriodSeconds?: int64;
  /**
   * Must be fulfilled before a deletion is carried out. If not possible, a 409 Conflict status will be
   * returned.
   */
  preconditions?: Preconditions;
  /**
   * Deprecated: please use the PropagationPolicy, this field will be deprecated in 1.7.
   * Should the dependent objects be orphaned. If true/false, the "orphan"
   * finalizer will be added to/removed from the object's finalizers list.
   * Either this field or PropagationPolicy may be set, but not both.
   */
  orphanDependents?: boolean;
  /**
   * Whether and how garbage collection will be performed.
   * Either this field or OrphanDependents may be set, but not both.
   * The default policy is decided by the existing finalizer set in the
   * metadata.finalizers and the resource-specific default policy.
   * Acceptable values are: 'Orphan' - orphan the dependents; 'Background' -
   * allow the garbage collector to delete the dependents in the background;
   * 'Foreground' - a cascading policy that deletes all dependents in the
   * foreground.
   */
  propagationPolicy?: DeletionPropagation;
  /**
   * When present, indicates that modifications should not be
   * persisted. An invalid or unrecognized dryRun directive will
   * result in an error response and no further processing of the
   * request. Valid values are:
   * - All: all dry run stages will be processed
   * +listType=atomic
   */
  dryRun?: string[];
  /**
   * if set to true, it will trigger an unsafe deletion of the resource in
   * case the normal deletion flow fails with a corrupt object error.
   * A resource is considered corrupt if it can not be retrieved from
   * the underlying storage successfully because of a) its data can
   * not be transformed e.g. decryption failure, or b) it fails
   * to decode into an object.
   * NOTE: unsafe deletion ignores finalizer constraints, skips
   * precondition checks, and removes the object from the storage.
   * WARNING: This may potentially break the cluster if the workload
   * associated with the resource being unsafe-deleted relies on normal
   * deletion flow. Use only if you REALLY know what you are doing.
   * The default value is false, and the user must opt in to enable it
   */
  ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

/**
 * DeletionPropagation decides if a deletion will propagate to the dependents of
 * the object, and how the garbage collector will handle the propagation.
 */
export type DeletionPropagation = string;

/** A field selector operator is the set of operators that can be used in a selector requirement. */
export type FieldSelectorOperator = string;

/**
 * FieldSelectorRequirement is a selector that contains values, a key, and an operator that
 * relates the key and values.
 */
export interface FieldSelectorRequirement {
  /** key is the field selector key that the requirement applies to. */
  key: string;
  /**
   * operator represents a key's relationship to a set of values.
   * Valid operators are In, NotIn, Exists, DoesNotExist.
   * The list of operators may grow in the future.
   */
  operator: FieldSelectorOperator;
  /**
   * values is an array of string values.
   * If the operator is In or NotIn, the values array must be non-empty.
   * If the operator is Exists or DoesNotExist, the values array must be empty.
   * +listType=atomic
   */
  values?: string[];
}

/**
 * FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.
 *
 * Each key is either a '.' representing the field itself, and will always map to an empty set,
 * or a string representing a sub-field or item. The string will follow one of these four formats:
 * 'f:<name>', where <name> is the name of a field in a struct, or key in a map
 * 'v:<value>', where <value> is the exact json formatted value of a list item
 * 'i:<index>', where <index> is position of a item in a list
 * 'k:<keys>', where <keys> is a map of  a list item's key fields to their unique values
 * If a key maps to an empty Fields value, the field that key represents is part of the set.
 *
 * The exact format is defined in sigs.k8s.io/structured-merge-diff
 */
export type FieldsV1 = FieldsV12;

export interface FieldsV12 {}

/**
 * GroupResource specifies a Group and a Resource, but does not force a version.  This is useful for identifying
 * concepts during lookup stages without having partially valid types
 */
export interface GroupResource {
  group: string;
  resource: string;
}

/** A label selector operator is the set of operators that can be used in a selector requirement. */
export type LabelSelectorOperator = string;

/**
 * ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource
 * that the fieldset applies to.
 */
export interface ManagedFieldsEntry {
  /** Manager is an identifier of the workflow managing these fields. */
  manager?: string;
  /**
   * Operation is the type of operation which lead to this ManagedFieldsEntry being created.
   * The only valid values for this field are 'Apply' and 'Update'.
   */
  operation?: ManagedFieldsOperationType;
  /**
   * APIVersion defines the version of this resource that this field set
   * applies to. The format is "group/version" just like the top-level
   * APIVersion field. It is necessary to track the version of a field
   * set because it cannot be automatically converted.
   */
  apiVersion?: string;
  /**
   * Time is the timestamp of when the ManagedFields entry was added. The
   * timestamp will also be updated if a field is added, the manager
   * changes any of the owned fields value or removes a field. The
   * timestamp does not update when a field is removed from the entry
   * because another manager took it over.
   */
  time?: Time;
  /**
   * FieldsType is the discriminator for the different fields format and version.
   * There is currently only one possible value: "FieldsV1"
   */
  fieldsType?: string;
  /** FieldsV1 holds the first JSON version format as described in the "FieldsV1" type. */
  fieldsV1?: FieldsV1;
  /**
   * Subresource is the name of the subresource used to update that object, or
   * empty string if the object was updated through the main resource. The
   * value of this field is used to distinguish between managers, even if they
   * share the same name. For example, a status update will be distinct from a
   * regular update using the same manager name.
   * Note that the APIVersion field is not related to the Subresource field and
   * it always corresponds to the version of the main resource.
   */
  subresource?: string;
}

/** ManagedFieldsOperationType is the type of operation which lead to a ManagedFieldsEntry being created. */
export type ManagedFieldsOperationType = string;

/**
 * OwnerReference contains enough information to let you identify an owning
 * object. An owning object must be in the same namespace as the dependent, or
 * be cluster-scoped, so there is no namespace field.
 * +structType=atomic
 */
export interface OwnerReference {
  /** API version of the referent. */
  apiVersion: string;
  /**
   * Kind of the referent.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  kind: string;
  /**
   * Name of the referent.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names
   */
  name: string;
  /**
   * UID of the referent.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids
   */
  uid: UID;
  /** If true, this reference points to the managing controller. */
  controller?: boolean;
  /**
   * If true, AND if the owner has the "foregroundDeletion" finalizer, then
   * the owner cannot be deleted from the key-value store until this
   * reference is removed.
   * See https://kubernetes.io/docs/concepts/architecture/garbage-collection/#foreground-deletion
   * for how the garbage collector interacts with this field and enforces the foreground deletion.
   * Defaults to false.
   * To set this field, a user needs "delete" permission of the owner,
   * otherwise 422 (Unprocessable Entity) will be returned.
   */
  blockOwnerDeletion?: boolean;
}

/** Patch is provided to give a concrete name and type to the Kubernetes PATCH request body. */
export type Patch = FieldsV12;

/** Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out. */
export interface Preconditions {
  /** Specifies the target UID. */
  uid?: UID;
  /** Specifies the target ResourceVersion */
  resourceVersion?: string;
}

/**
 * ShardInfo describes the shard selector that was applied to produce a list response.
 * Its presence on a list response indicates the list is a filtered subset.
 */
export interface ShardInfo {
  /**
   * selector is the shard selector string from the request, echoed back so clients
   * can verify which shard they received and merge responses from multiple shards.
   */
  selector: string;
}

/** Status is a return value for calls that don't return other objects. */
export interface Status {
  /**
   * Kind is a string value representing the REST resource this object represents.
   * Servers may infer this from the endpoint the client submits requests to.
   * Cannot be updated.
   * In CamelCase.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  kind?: string;
  /**
   * APIVersion defines the versioned schema of this representation of an object.
   * Servers should convert recognized schemas to the latest internal value, and
   * may reject unrecognized values.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
   */
  apiVersion?: string;
  /**
   * Standard list metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  metadata?: ListMeta;
  /**
   * Status of the operation.
   * One of: "Success" or "Failure".
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status
   */
  status?: string;
  /** A human-readable description of the status of this operation. */
  message?: string;
  /**
   * A machine-readable description of why this operation is in the
   * "Failure" status. If this value is empty there
   * is no information available. A Reason clarifies an HTTP status
   * code but does not override it.
   */
  reason?: StatusReason;
  /**
   * Extended data associated with the reason.  Each reason may define its
   * own extended details. This field is optional and the data returned
   * is not guaranteed to conform to any schema except that defined by
   * the reason type.
   */
  details?: StatusDetails;
  /** Suggested HTTP return code for this status, 0 if not set. */
  code?: int32;
}

/**
 * StatusCause provides more information about an api.Status failure, including
 * cases when multiple errors are encountered.
 */
export interface StatusCause {
  /**
   * A machine-readable description of the cause of the error. If this value is
   * empty there is no information available.
   */
  reason?: CauseType;
  /**
   * A human-readable description of the cause of the error.  This field may be
   * presented as-is to a reader.
   */
  message?: string;
  /**
   * The field of the resource that has caused this error, as named by its JSON
   * serialization. May include dot and postfix notation for nested attributes.
   * Arrays are zero-indexed.  Fields may appear more than once in an array of
   * causes due to fields having multiple errors.
   * Optional.
   *
   * Examples:
   *   "name" - the field "name" on the current resource
   *   "items[0].name" - the field "name" on the first array entry in "items"
   */
  field?: string;
}

/**
 * StatusDetails is a set of additional properties that MAY be set by the
 * server to provide additional information about a response. The Reason
 * field of a Status object defines what attributes will be set. Clients
 * must ignore fields that do not match the defined type of each attribute,
 * and should assume that any attribute may be empty, invalid, or under
 * defined.
 */
export interface StatusDetails {
  /**
   * The name attribute of the resource associated with the status StatusReason
   * (when there is a single name which can be described).
   */
  name?: string;
  /** The group attribute of the resource associated with the status StatusReason. */
  group?: string;
  /**
   * The kind attribute of the resource associated with the status StatusReason.
   * On some operations may differ from the requested resource Kind.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  kind?: string;
  /**
   * UID of the resource.
   * (when there is a single resource which can be described).
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids
   */
  uid?: UID;
  /**
   * The Causes array includes more details associated with the StatusReason
   * failure. Not all StatusReasons may provide detailed causes.
   * +listType=atomic
   */
  causes?: StatusCause[];
  /**
   * If specified, the time in seconds before the operation should be retried. Some errors may indicate
   * the client must take an alternate action - for those errors this field may indicate how long to wait
   * before taking the alternate action.
   */
  retryAfterSeconds?: int32;
}

/**
 * StatusReason is an enumeration of possible failure causes.  Each StatusReason
 * must map to a single HTTP status code, but multiple reasons may map
 * to the same HTTP status code.
 * TODO: move to apiserver
 */
export type StatusReason = string;

/** Event represents a single event to a watched resource. */
export interface WatchEvent {
  type: string;
  /**
   * Object is:
   *  * If Type is Added or Modified: the new state of the object.
   *  * If Type is Deleted: the state of the object immediately before deletion.
   *  * If Type is Error: *Status is recommended; other types may make sense
   *    depending on context.
   */
  object: RawExtension;
}
