// Imported by kubegen import; edit freely: this is now API source.

import type { ListMeta, ObjectMeta, Time, TypeMeta, int64 } from '@kubegen/runtime';

export type { ListMeta, ObjectMeta, Time, TypeMeta } from '@kubegen/runtime';

/**
 * Storage version of a specific resource.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:path=storageversions,scope=Cluster
 * +kubebuilder:subresource:status
 * +kubebuilder:object:root=true
 */
export interface StorageVersion extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * The name is <group>.<resource>.
   * +required
   */
  metadata?: ObjectMeta;
  /**
   * spec is an empty spec. It is here to comply with Kubernetes API style.
   * +optional
   */
  spec: StorageVersionSpec;
  /**
   * status on the version the API server instance can decode from and
   * encode objects to when persisting objects in the backend.
   * +optional
   */
  status: StorageVersionStatus;
}

/**
 * A list of StorageVersions.
 * +kubebuilder:object:root=true
 */
export interface StorageVersionList extends TypeMeta {
  /**
   * Standard list metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ListMeta;
  /** Items holds a list of StorageVersion */
  items: StorageVersion[];
}

export type ConditionStatus = string;

/**
 * An API server instance reports the version it can decode and the version it
 * encodes objects to when persisting objects in the backend.
 */
export interface ServerStorageVersion {
  /**
   * apiServerID is the ID of the reporting API server.
   * +required
   */
  apiServerID?: string;
  /**
   * encodingVersion the API server encodes the object to when persisting it in
   * the backend (e.g., etcd).
   * +required
   */
  encodingVersion?: string;
  /**
   * decodableVersions are the encoding versions the API server can handle to decode.
   * The API server can decode objects encoded in these versions.
   * The encodingVersion must be included in the decodableVersions.
   * +listType=set
   * +required
   */
  decodableVersions?: string[];
  /**
   * servedVersions lists all versions the API server can serve.
   * DecodableVersions must include all ServedVersions.
   * +listType=set
   */
  servedVersions?: string[];
}

/** Describes the state of the storageVersion at a certain point. */
export interface StorageVersionCondition {
  /** type of the condition. */
  type: StorageVersionConditionType;
  /** status of the condition, one of True, False, Unknown. */
  status: ConditionStatus;
  /** observedGeneration represents the .metadata.generation that the condition was set based upon, if field is set. */
  observedGeneration?: int64;
  /** lastTransitionTime is the last time the condition transitioned from one status to another. */
  lastTransitionTime?: Time;
  /** reason for the condition's last transition. */
  reason: string;
  /**
   * message is a human readable string indicating details about the transition.
   * +required
   */
  message?: string;
}

export type StorageVersionConditionType = string;

/** StorageVersionSpec is an empty spec. */
export type StorageVersionSpec = StorageVersionSpec2;

export interface StorageVersionSpec2 {}

/**
 * API server instances report the versions they can decode and the version they
 * encode objects to when persisting objects in the backend.
 */
export interface StorageVersionStatus {
  /**
   * storageVersions lists the reported versions per API server instance.
   * +listMapKey=apiServerID
   * +listType=map
   */
  storageVersions?: ServerStorageVersion[];
  /**
   * commonEncodingVersion is set to an encoding storage version if all API server
   * instances share that same version. If they don't share one storage version, this
   * field is left empty.
   * API servers should finish updating its storageVersionStatus entry before
   * serving write operations, so that this field will be in sync with the reality.
   */
  commonEncodingVersion?: string;
  /**
   * conditions lists the latest available observations of the storageVersion's state.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: StorageVersionCondition[];
}
