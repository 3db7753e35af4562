/**
 * Object references from k8s.io/api/core/v1, written in the kubegen input language: the docs and markers are the
 * Go types' own, so that kubegen renders the schema controller-gen renders for the Go type. Optional-ness follows
 * the Go fields as `@kubegen/api` does (`omitempty`, `omitzero` or a pointer ↔ `?`); Go inline embedding becomes
 * `extends`.
 *
 * The Go `ObjectReference` also carries `+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object`, a
 * deepcopy-gen tag with no effect on its schema; it is left out here. `TypedLocalObjectReference.apiGroup` is a Go
 * `*string` with json tag `apiGroup` (no omitempty): a pointer, so `?`; its schema is optional through its `+optional`
 * marker and not nullable (the Go field has no `+nullable`), as controller-gen renders it.
 */

/**
 * LocalObjectReference contains enough information to let you locate the
 * referenced object inside the same namespace.
 * ---
 * New uses of this type are discouraged because of difficulty describing its usage when embedded in APIs.
 *  1. Invalid usage help.  It is impossible to add specific help for individual usage.  In most embedded usages, there are particular
 *     restrictions like, "must refer only to types A and B" or "UID not honored" or "name must be restricted".
 *     Those cannot be well described when embedded.
 *  2. Inconsistent validation.  Because the usages are different, the validation rules are different by usage, which makes it hard for users to predict what will happen.
 *  3. We cannot easily change it.  Because this type is embedded in many locations, updates to this type
 *     will affect numerous schemas.  Don't make new APIs embed an underspecified API type they do not control.
 *
 * Instead of using this type, create a locally provided and used type that is well-focused on your reference.
 * For example, ServiceReferences for admission registration: https://github.com/kubernetes/api/blob/release-1.17/admissionregistration/v1/types.go#L533 .
 * +structType=atomic
 */
export interface LocalObjectReference {
  /**
   * Name of the referent.
   * This field is effectively required, but due to backwards compatibility is
   * allowed to be empty. Instances of this type with an empty value here are
   * almost certainly wrong.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names
   * +optional
   * +default=""
   * +kubebuilder:default=""
   * TODO: Drop `kubebuilder:default` when controller-gen doesn't need it https://github.com/kubernetes-sigs/kubebuilder/issues/3896.
   */
  name?: string;
}

/**
 * SecretKeySelector selects a key of a Secret.
 * +structType=atomic
 */
export interface SecretKeySelector extends LocalObjectReference {
  /** The key of the secret to select from.  Must be a valid secret key. */
  key: string;
  /**
   * Specify whether the Secret or its key must be defined
   * +optional
   */
  optional?: boolean;
}

/**
 * Selects a key from a ConfigMap.
 * +structType=atomic
 */
export interface ConfigMapKeySelector extends LocalObjectReference {
  /**
   * The key to select from the ConfigMap's Data field.
   * Keys in the BinaryData field are not currently propagated to container env vars.
   */
  key: string;
  /**
   * Specify whether the ConfigMap or its key must be defined
   * +optional
   */
  optional?: boolean;
}

/**
 * UID is a type that holds unique ID values, including UUIDs.  Because we
 * don't ONLY use UUIDs, this is an alias to string.  Being a type captures
 * intent and helps make sure that UIDs and names do not get conflated.
 */
export type UID = string;

/**
 * ObjectReference contains enough information to let you inspect or modify the referred object.
 * ---
 * New uses of this type are discouraged because of difficulty describing its usage when embedded in APIs.
 *  1. Ignored fields.  It includes many fields which are not generally honored.  For instance, ResourceVersion and FieldPath are both very rarely valid in actual usage.
 *  2. Invalid usage help.  It is impossible to add specific help for individual usage.  In most embedded usages, there are particular
 *     restrictions like, "must refer only to types A and B" or "UID not honored" or "name must be restricted".
 *     Those cannot be well described when embedded.
 *  3. Inconsistent validation.  Because the usages are different, the validation rules are different by usage, which makes it hard for users to predict what will happen.
 *  4. The fields are both imprecise and overly precise.  Kind is not a precise mapping to a URL. This can produce ambiguity
 *     during interpretation and require a REST mapping.  In most cases, the dependency is on the group,resource tuple
 *     and the version of the actual struct is irrelevant.
 *  5. We cannot easily change it.  Because this type is embedded in many locations, updates to this type
 *     will affect numerous schemas.  Don't make new APIs embed an underspecified API type they do not control.
 *
 * Instead of using this type, create a locally provided and used type that is well-focused on your reference.
 * For example, ServiceReferences for admission registration: https://github.com/kubernetes/api/blob/release-1.17/admissionregistration/v1/types.go#L533 .
 * +structType=atomic
 */
export interface ObjectReference {
  /**
   * Kind of the referent.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   * +optional
   */
  kind?: string;
  /**
   * Namespace of the referent.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/
   * +optional
   */
  namespace?: string;
  /**
   * Name of the referent.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names
   * +optional
   */
  name?: string;
  /**
   * UID of the referent.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#uids
   * +optional
   */
  uid?: UID;
  /**
   * API version of the referent.
   * +optional
   */
  apiVersion?: string;
  /**
   * Specific resourceVersion to which this reference is made, if any.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency
   * +optional
   */
  resourceVersion?: string;

  /**
   * If referring to a piece of an object instead of an entire object, this string
   * should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2].
   * For example, if the object reference is to a container within a pod, this would take on a value like:
   * "spec.containers{name}" (where "name" refers to the name of the container that triggered
   * the event) or if no container name is specified "spec.containers[2]" (container with
   * index 2 in this pod). This syntax is chosen only to have some well-defined way of
   * referencing a part of an object.
   * TODO: this design is not final and this field is subject to change in the future.
   * +optional
   */
  fieldPath?: string;
}

/**
 * TypedLocalObjectReference contains enough information to let you locate the
 * typed referenced object inside the same namespace.
 * ---
 * New uses of this type are discouraged because of difficulty describing its usage when embedded in APIs.
 *  1. Invalid usage help.  It is impossible to add specific help for individual usage.  In most embedded usages, there are particular
 *     restrictions like, "must refer only to types A and B" or "UID not honored" or "name must be restricted".
 *     Those cannot be well described when embedded.
 *  2. Inconsistent validation.  Because the usages are different, the validation rules are different by usage, which makes it hard for users to predict what will happen.
 *  3. The fields are both imprecise and overly precise.  Kind is not a precise mapping to a URL. This can produce ambiguity
 *     during interpretation and require a REST mapping.  In most cases, the dependency is on the group,resource tuple
 *     and the version of the actual struct is irrelevant.
 *  4. We cannot easily change it.  Because this type is embedded in many locations, updates to this type
 *     will affect numerous schemas.  Don't make new APIs embed an underspecified API type they do not control.
 *
 * Instead of using this type, create a locally provided and used type that is well-focused on your reference.
 * For example, ServiceReferences for admission registration: https://github.com/kubernetes/api/blob/release-1.17/admissionregistration/v1/types.go#L533 .
 * +structType=atomic
 */
export interface TypedLocalObjectReference {
  /**
   * APIGroup is the group for the resource being referenced.
   * If APIGroup is not specified, the specified Kind must be in the core API group.
   * For any other third-party types, APIGroup is required.
   * +optional
   */
  apiGroup?: string;
  /** Kind is the type of resource being referenced */
  kind: string;
  /** Name is the name of resource being referenced */
  name: string;
}
