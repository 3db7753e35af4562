import type { Condition, ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * EtcdCluster is an etcd cluster managed by the etcd operator.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:subresource:scale:specpath=.spec.size,statuspath=.status.size,selectorpath=.status.selector
 * +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=`.spec.size`
 * +kubebuilder:printcolumn:name="Version",type=string,JSONPath=`.spec.version`
 */
export interface EtcdCluster extends TypeMeta {
  metadata?: ObjectMeta;
  spec: ClusterSpec;
  status?: ClusterStatus;
}

/**
 * EtcdClusterList is a list of EtcdCluster.
 * +kubebuilder:object:root=true
 */
export interface EtcdClusterList extends TypeMeta {
  metadata?: ListMeta;
  items: EtcdCluster[];
}

/** ClusterSpec is the desired state of an etcd cluster. */
export interface ClusterSpec {
  /**
   * size is the expected number of members.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=9
   */
  size: int32;
  /**
   * version is the etcd version to run.
   * +kubebuilder:validation:Pattern=`^3\.\d+\.\d+$`
   */
  version?: string;
  /**
   * repository is the image repository of etcd.
   * +kubebuilder:default="quay.io/coreos/etcd"
   */
  repository?: string;
}

/** ClusterStatus is the observed state of an etcd cluster. */
export interface ClusterStatus {
  /** size is the current number of members. */
  size?: int32;
  /** selector selects the member pods, for the scale subresource. */
  selector?: string;
  /** phase of the cluster. */
  phase?: 'Creating' | 'Running' | 'Failed';
  /**
   * conditions are the latest observations of the cluster's state: `Available` and `Progressing`.
   * +listType=map
   * +listMapKey=type
   */
  conditions?: Condition[];
}
