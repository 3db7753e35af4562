// Imported by kubegen import; edit freely: this is now API source.

import type { IntOrString, LabelSelector, ListMeta, ObjectMeta, RawExtension, Time, TypeMeta, int32, int64 } from '@kubegen/runtime';
import type { ConditionStatus, PersistentVolumeClaim, PodTemplateSpec } from '../../core/v1/types.js';

export type { IntOrString, LabelSelector, ListMeta, ObjectMeta, RawExtension, Time, TypeMeta } from '@kubegen/runtime';

/**
 * ControllerRevision implements an immutable snapshot of state data. Clients
 * are responsible for serializing and deserializing the objects that contain
 * their internal state.
 * Once a ControllerRevision has been successfully created, it can not be updated.
 * The API Server will fail validation of all requests that attempt to mutate
 * the Data field. ControllerRevisions may, however, be deleted. Note that, due to its use by both
 * the DaemonSet and StatefulSet controllers for update and rollback, this object is beta. However,
 * it may be subject to name and representation changes in future releases, and clients should not
 * depend on its stability. It is primarily for internal use by controllers.
 * +genclient
 * +kubebuilder:resource:path=controllerrevisions,scope=Namespaced
 * +kubebuilder:object:root=true
 */
export interface ControllerRevision extends TypeMeta {
  /**
   * Standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** Data is the serialized representation of the state. */
  data: RawExtension;
  /**
   * Revision indicates the revision of the state represented by Data.
   * +optional
   */
  revision: int64;
}

/**
 * DaemonSet represents the configuration of a daemon set.
 * +genclient
 * +kubebuilder:resource:path=daemonsets,scope=Namespaced
 * +kubebuilder:subresource:status
 * +kubebuilder:object:root=true
 */
export interface DaemonSet extends TypeMeta {
  /**
   * Standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * The desired behavior of this daemon set.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status
   * +required
   */
  spec?: DaemonSetSpec;
  /**
   * The current status of this daemon set. This data may be
   * out of date by some window of time.
   * Populated by the system.
   * Read-only.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status
   */
  status?: DaemonSetStatus;
}

/**
 * Deployment enables declarative updates for Pods and ReplicaSets.
 * +genclient
 * +kubebuilder:resource:path=deployments,scope=Namespaced
 * +kubebuilder:subresource:status
 * +genclient:method=GetScale,verb=get,subresource=scale,result=autoscaling/v1.Scale
 * +genclient:method=UpdateScale,verb=update,subresource=scale,input=autoscaling/v1.Scale,result=autoscaling/v1.Scale
 * +kubebuilder:object:root=true
 */
export interface Deployment extends TypeMeta {
  /**
   * Standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * Specification of the desired behavior of the Deployment.
   * +required
   */
  spec?: DeploymentSpec;
  /** Most recently observed status of the Deployment. */
  status?: DeploymentStatus;
}

/**
 * ReplicaSet ensures that a specified number of pod replicas are running at any given time.
 * +genclient
 * +kubebuilder:resource:path=replicasets,scope=Namespaced
 * +kubebuilder:subresource:status
 * +genclient:method=GetScale,verb=get,subresource=scale,result=autoscaling/v1.Scale
 * +genclient:method=UpdateScale,verb=update,subresource=scale,input=autoscaling/v1.Scale,result=autoscaling/v1.Scale
 * +kubebuilder:object:root=true
 */
export interface ReplicaSet extends TypeMeta {
  /**
   * If the Labels of a ReplicaSet are empty, they are defaulted to
   * be the same as the Pod(s) that the ReplicaSet manages.
   * Standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * Spec defines the specification of the desired behavior of the ReplicaSet.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status
   * +required
   */
  spec?: ReplicaSetSpec;
  /**
   * Status is the most recently observed status of the ReplicaSet.
   * This data may be out of date by some window of time.
   * Populated by the system.
   * Read-only.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status
   */
  status?: ReplicaSetStatus;
}

/**
 * StatefulSet represents a set of pods with consistent identities.
 * Identities are defined as:
 *   - Network: A single stable DNS and hostname.
 *   - Storage: As many VolumeClaims as requested.
 *
 * The StatefulSet guarantees that a given network identity will always
 * map to the same storage identity.
 * +genclient
 * +kubebuilder:resource:path=statefulsets,scope=Namespaced
 * +kubebuilder:subresource:status
 * +genclient:method=GetScale,verb=get,subresource=scale,result=autoscaling/v1.Scale
 * +genclient:method=UpdateScale,verb=update,subresource=scale,input=autoscaling/v1.Scale,result=autoscaling/v1.Scale
 * +kubebuilder:object:root=true
 */
export interface StatefulSet extends TypeMeta {
  /**
   * Standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * Spec defines the desired identities of pods in this set.
   * +required
   */
  spec?: StatefulSetSpec;
  /**
   * Status is the current status of Pods in this StatefulSet. This data
   * may be out of date by some window of time.
   */
  status?: StatefulSetStatus;
}

/**
 * ControllerRevisionList is a resource containing a list of ControllerRevision objects.
 * +kubebuilder:object:root=true
 */
export interface ControllerRevisionList extends TypeMeta {
  /** More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata */
  metadata?: ListMeta;
  /** Items is the list of ControllerRevisions */
  items: ControllerRevision[];
}

/**
 * DaemonSetList is a collection of daemon sets.
 * +kubebuilder:object:root=true
 */
export interface DaemonSetList extends TypeMeta {
  /**
   * Standard list metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ListMeta;
  /** A list of daemon sets. */
  items: DaemonSet[];
}

/**
 * DeploymentList is a list of Deployments.
 * +kubebuilder:object:root=true
 */
export interface DeploymentList extends TypeMeta {
  /** Standard list metadata. */
  metadata?: ListMeta;
  /** Items is the list of Deployments. */
  items: Deployment[];
}

/**
 * ReplicaSetList is a collection of ReplicaSets.
 * +kubebuilder:object:root=true
 */
export interface ReplicaSetList extends TypeMeta {
  /**
   * Standard list metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
   */
  metadata?: ListMeta;
  /**
   * List of ReplicaSets.
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset
   */
  items: ReplicaSet[];
}

/**
 * StatefulSetList is a collection of StatefulSets.
 * +kubebuilder:object:root=true
 */
export interface StatefulSetList extends TypeMeta {
  /**
   * Standard list's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ListMeta;
  /** Items is the list of stateful sets. */
  items: StatefulSet[];
}

/** DaemonSetCondition describes the state of a DaemonSet at a certain point. */
export interface DaemonSetCondition {
  /**
   * Type of DaemonSet condition.
   * +optional
   */
  type: DaemonSetConditionType;
  /**
   * Status of the condition, one of True, False, Unknown.
   * +optional
   */
  status: ConditionStatus;
  /** Last time the condition transitioned from one status to another. */
  lastTransitionTime?: Time;
  /** The reason for the condition's last transition. */
  reason?: string;
  /** A human readable message indicating details about the transition. */
  message?: string;
}

export type DaemonSetConditionType = string;

/** DaemonSetSpec is the specification of a daemon set. */
export interface DaemonSetSpec {
  /**
   * A label query over pods that are managed by the daemon set.
   * Must match in order to be controlled.
   * It must match the pod template's labels.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors
   * +required
   */
  selector?: LabelSelector;
  /**
   * An object that describes the pod that will be created.
   * The DaemonSet will create exactly one copy of this pod on every node
   * that matches the template's node selector (or on every node if no node
   * selector is specified).
   * The only allowed template.spec.restartPolicy value is "Always".
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#pod-template
   */
  template: PodTemplateSpec;
  /** An update strategy to replace existing DaemonSet pods with new pods. */
  updateStrategy?: DaemonSetUpdateStrategy;
  /**
   * The minimum number of seconds for which a newly created DaemonSet pod should
   * be ready without any of its container crashing, for it to be considered
   * available. Defaults to 0 (pod will be considered available as soon as it
   * is ready).
   */
  minReadySeconds?: int32;
  /**
   * The number of old history to retain to allow rollback.
   * This is a pointer to distinguish between explicit zero and not specified.
   * Defaults to 10.
   */
  revisionHistoryLimit?: int32;
}

/** DaemonSetStatus represents the current status of a daemon set. */
export interface DaemonSetStatus {
  /**
   * The number of nodes that are running at least 1
   * daemon pod and are supposed to run the daemon pod.
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/
   */
  currentNumberScheduled: int32;
  /**
   * The number of nodes that are running the daemon pod, but are
   * not supposed to run the daemon pod.
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/
   */
  numberMisscheduled: int32;
  /**
   * The total number of nodes that should be running the daemon
   * pod (including nodes correctly running the daemon pod).
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/
   */
  desiredNumberScheduled: int32;
  /**
   * numberReady is the number of nodes that should be running the daemon pod and have one
   * or more of the daemon pod running with a Ready Condition.
   */
  numberReady: int32;
  /** The most recent generation observed by the daemon set controller. */
  observedGeneration?: int64;
  /** The total number of nodes that are running updated daemon pod */
  updatedNumberScheduled?: int32;
  /**
   * The number of nodes that should be running the
   * daemon pod and have one or more of the daemon pod running and
   * available (ready for at least spec.minReadySeconds)
   */
  numberAvailable?: int32;
  /**
   * The number of nodes that should be running the
   * daemon pod and have none of the daemon pod running and available
   * (ready for at least spec.minReadySeconds)
   */
  numberUnavailable?: int32;
  /**
   * Count of hash collisions for the DaemonSet. The DaemonSet controller
   * uses this field as a collision avoidance mechanism when it needs to
   * create the name for the newest ControllerRevision.
   */
  collisionCount?: int32;
  /**
   * Represents the latest available observations of a DaemonSet's current state.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: DaemonSetCondition[];
}

/** DaemonSetUpdateStrategy is a struct used to control the update strategy for a DaemonSet. */
export interface DaemonSetUpdateStrategy {
  /** Type of daemon set update. Can be "RollingUpdate" or "OnDelete". Default is RollingUpdate. */
  type?: DaemonSetUpdateStrategyType;
  /**
   * Rolling update config params. Present only if type = "RollingUpdate".
   * ---
   * TODO: Update this to follow our convention for oneOf, whatever we decide it
   * to be. Same as Deployment `strategy.rollingUpdate`.
   * See https://github.com/kubernetes/kubernetes/issues/35345
   */
  rollingUpdate?: RollingUpdateDaemonSet;
}

export type DaemonSetUpdateStrategyType = string;

/** DeploymentCondition describes the state of a deployment at a certain point. */
export interface DeploymentCondition {
  /**
   * Type of deployment condition.
   * +optional
   */
  type: DeploymentConditionType;
  /**
   * Status of the condition, one of True, False, Unknown.
   * +optional
   */
  status: ConditionStatus;
  /** The last time this condition was updated. */
  lastUpdateTime?: Time;
  /** Last time the condition transitioned from one status to another. */
  lastTransitionTime?: Time;
  /** The reason for the condition's last transition. */
  reason?: string;
  /** A human readable message indicating details about the transition. */
  message?: string;
}

export type DeploymentConditionType = string;

/** DeploymentSpec is the specification of the desired behavior of the Deployment. */
export interface DeploymentSpec {
  /**
   * Number of desired pods. This is a pointer to distinguish between explicit
   * zero and not specified. Defaults to 1.
   */
  replicas?: int32;
  /**
   * Label selector for pods. Existing ReplicaSets whose pods are
   * selected by this will be the ones affected by this deployment.
   * It must match the pod template's labels.
   * +required
   */
  selector?: LabelSelector;
  /**
   * Template describes the pods that will be created.
   * The only allowed template.spec.restartPolicy value is "Always".
   */
  template: PodTemplateSpec;
  /** The deployment strategy to use to replace existing pods with new ones. */
  strategy?: DeploymentStrategy;
  /**
   * Minimum number of seconds for which a newly created pod should be ready
   * without any of its container crashing, for it to be considered available.
   * Defaults to 0 (pod will be considered available as soon as it is ready)
   */
  minReadySeconds?: int32;
  /**
   * The number of old ReplicaSets to retain to allow rollback.
   * This is a pointer to distinguish between explicit zero and not specified.
   * Defaults to 10.
   */
  revisionHistoryLimit?: int32;
  /** Indicates that the deployment is paused. */
  paused?: boolean;
  /**
   * The maximum time in seconds for a deployment to make progress before it
   * is considered to be failed. The deployment controller will continue to
   * process failed deployments and a condition with a ProgressDeadlineExceeded
   * reason will be surfaced in the deployment status. Note that progress will
   * not be estimated during the time a deployment is paused. Defaults to 600s.
   */
  progressDeadlineSeconds?: int32;
}

/** DeploymentStatus is the most recently observed status of the Deployment. */
export interface DeploymentStatus {
  /** The generation observed by the deployment controller. */
  observedGeneration?: int64;
  /** Total number of non-terminating pods targeted by this deployment (their labels match the selector). */
  replicas?: int32;
  /** Total number of non-terminating pods targeted by this deployment that have the desired template spec. */
  updatedReplicas?: int32;
  /** Total number of non-terminating pods targeted by this Deployment with a Ready Condition. */
  readyReplicas?: int32;
  /** Total number of available non-terminating pods (ready for at least minReadySeconds) targeted by this deployment. */
  availableReplicas?: int32;
  /**
   * Total number of unavailable pods targeted by this deployment. This is the total number of
   * pods that are still required for the deployment to have 100% available capacity. They may
   * either be pods that are running but not yet available or pods that still have not been created.
   */
  unavailableReplicas?: int32;
  /**
   * Total number of terminating pods targeted by this deployment. Terminating pods have a non-null
   * .metadata.deletionTimestamp and have not yet reached the Failed or Succeeded .status.phase.
   *
   * This is a beta field and requires enabling DeploymentReplicaSetTerminatingReplicas feature (enabled by default).
   */
  terminatingReplicas?: int32;
  /**
   * Represents the latest available observations of a deployment's current state.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: DeploymentCondition[];
  /**
   * Count of hash collisions for the Deployment. The Deployment controller uses this
   * field as a collision avoidance mechanism when it needs to create the name for the
   * newest ReplicaSet.
   */
  collisionCount?: int32;
}

/** DeploymentStrategy describes how to replace existing pods with new ones. */
export interface DeploymentStrategy {
  /** Type of deployment. Can be "Recreate" or "RollingUpdate". Default is RollingUpdate. */
  type?: DeploymentStrategyType;
  /**
   * Rolling update config params. Present only if DeploymentStrategyType =
   * RollingUpdate.
   * ---
   * TODO: Update this to follow our convention for oneOf, whatever we decide it
   * to be.
   */
  rollingUpdate?: RollingUpdateDeployment;
}

export type DeploymentStrategyType = string;

/**
 * PersistentVolumeClaimRetentionPolicyType is a string enumeration of the policies that will determine
 * when volumes from the VolumeClaimTemplates will be deleted when the controlling StatefulSet is
 * deleted or scaled down.
 */
export type PersistentVolumeClaimRetentionPolicyType = string;

/** PodManagementPolicyType defines the policy for creating pods under a stateful set. */
export type PodManagementPolicyType = string;

/** ReplicaSetCondition describes the state of a replica set at a certain point. */
export interface ReplicaSetCondition {
  /**
   * Type of replica set condition.
   * +optional
   */
  type: ReplicaSetConditionType;
  /**
   * Status of the condition, one of True, False, Unknown.
   * +optional
   */
  status: ConditionStatus;
  /** The last time the condition transitioned from one status to another. */
  lastTransitionTime?: Time;
  /** The reason for the condition's last transition. */
  reason?: string;
  /** A human readable message indicating details about the transition. */
  message?: string;
}

export type ReplicaSetConditionType = string;

/** ReplicaSetSpec is the specification of a ReplicaSet. */
export interface ReplicaSetSpec {
  /**
   * Replicas is the number of desired pods.
   * This is a pointer to distinguish between explicit zero and unspecified.
   * Defaults to 1.
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset
   */
  replicas?: int32;
  /**
   * Minimum number of seconds for which a newly created pod should be ready
   * without any of its container crashing, for it to be considered available.
   * Defaults to 0 (pod will be considered available as soon as it is ready)
   */
  minReadySeconds?: int32;
  /**
   * Selector is a label query over pods that should match the replica count.
   * Label keys and values that must match in order to be controlled by this replica set.
   * It must match the pod template's labels.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors
   * +required
   */
  selector?: LabelSelector;
  /**
   * Template is the object that describes the pod that will be created if
   * insufficient replicas are detected.
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#pod-template
   */
  template?: PodTemplateSpec;
}

/** ReplicaSetStatus represents the current status of a ReplicaSet. */
export interface ReplicaSetStatus {
  /**
   * Replicas is the most recently observed number of non-terminating pods.
   * More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset
   */
  replicas: int32;
  /** The number of non-terminating pods that have labels matching the labels of the pod template of the replicaset. */
  fullyLabeledReplicas?: int32;
  /** The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition. */
  readyReplicas?: int32;
  /** The number of available non-terminating pods (ready for at least minReadySeconds) for this replica set. */
  availableReplicas?: int32;
  /**
   * The number of terminating pods for this replica set. Terminating pods have a non-null .metadata.deletionTimestamp
   * and have not yet reached the Failed or Succeeded .status.phase.
   *
   * This is a beta field and requires enabling DeploymentReplicaSetTerminatingReplicas feature (enabled by default).
   */
  terminatingReplicas?: int32;
  /** ObservedGeneration reflects the generation of the most recently observed ReplicaSet. */
  observedGeneration?: int64;
  /**
   * Represents the latest available observations of a replica set's current state.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: ReplicaSetCondition[];
}

/** Spec to control the desired behavior of daemon set rolling update. */
export interface RollingUpdateDaemonSet {
  /**
   * The maximum number of DaemonSet pods that can be unavailable during the
   * update. Value can be an absolute number (ex: 5) or a percentage of total
   * number of DaemonSet pods at the start of the update (ex: 10%). Absolute
   * number is calculated from percentage by rounding up.
   * This cannot be 0 if MaxSurge is 0
   * Default value is 1.
   * Example: when this is set to 30%, at most 30% of the total number of nodes
   * that should be running the daemon pod (i.e. status.desiredNumberScheduled)
   * can have their pods stopped for an update at any given time. The update
   * starts by stopping at most 30% of those DaemonSet pods and then brings
   * up new DaemonSet pods in their place. Once the new pods are available,
   * it then proceeds onto other DaemonSet pods, thus ensuring that at least
   * 70% of original number of DaemonSet pods are available at all times during
   * the update.
   */
  maxUnavailable?: IntOrString;
  /**
   * The maximum number of nodes with an existing available DaemonSet pod that
   * can have an updated DaemonSet pod during during an update.
   * Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%).
   * This can not be 0 if MaxUnavailable is 0.
   * Absolute number is calculated from percentage by rounding up to a minimum of 1.
   * Default value is 0.
   * Example: when this is set to 30%, at most 30% of the total number of nodes
   * that should be running the daemon pod (i.e. status.desiredNumberScheduled)
   * can have their a new pod created before the old pod is marked as deleted.
   * The update starts by launching new pods on 30% of nodes. Once an updated
   * pod is available (Ready for at least minReadySeconds) the old DaemonSet pod
   * on that node is marked deleted. If the old pod becomes unavailable for any
   * reason (Ready transitions to false, is evicted, or is drained) an updated
   * pod is immediately created on that node without considering surge limits.
   * Allowing surge implies the possibility that the resources consumed by the
   * daemonset on any given node can double if the readiness check fails, and
   * so resource intensive daemonsets should take into account that they may
   * cause evictions during disruption.
   */
  maxSurge?: IntOrString;
}

/** Spec to control the desired behavior of rolling update. */
export interface RollingUpdateDeployment {
  /**
   * The maximum number of pods that can be unavailable during the update.
   * Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%).
   * Absolute number is calculated from percentage by rounding down.
   * This can not be 0 if MaxSurge is 0.
   * Defaults to 25%.
   * Example: when this is set to 30%, the old ReplicaSet can be scaled down to 70% of desired pods
   * immediately when the rolling update starts. Once new pods are ready, old ReplicaSet
   * can be scaled down further, followed by scaling up the new ReplicaSet, ensuring
   * that the total number of pods available at all times during the update is at
   * least 70% of desired pods.
   */
  maxUnavailable?: IntOrString;
  /**
   * The maximum number of pods that can be scheduled above the desired number of
   * pods.
   * Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%).
   * This can not be 0 if MaxUnavailable is 0.
   * Absolute number is calculated from percentage by rounding up.
   * Defaults to 25%.
   * Example: when this is set to 30%, the new ReplicaSet can be scaled up immediately when
   * the rolling update starts, such that the total number of old and new pods do not exceed
   * 130% of desired pods. Once old pods have been killed,
   * new ReplicaSet can be scaled up further, ensuring that total number of pods running
   * at any time during the update is at most 130% of desired pods.
   */
  maxSurge?: IntOrString;
}

/** RollingUpdateStatefulSetStrategy is used to communicate parameter for RollingUpdateStatefulSetStrategyType. */
export interface RollingUpdateStatefulSetStrategy {
  /**
   * Partition indicates the ordinal at which the StatefulSet should be partitioned
   * for updates. During a rolling update, all pods from ordinal Replicas-1 to
   * Partition are updated. All pods from ordinal Partition-1 to 0 remain untouched.
   * This is helpful in being able to do a canary based deployment. The default value is 0.
   */
  partition?: int32;
  /**
   * The maximum number of pods that can be unavailable during the update.
   * Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%).
   * Absolute number is calculated from percentage by rounding up. This can not be 0.
   * Defaults to 1. This field is beta-level and is enabled by default. The field applies to all pods in the range 0 to
   * Replicas-1. That means if there is any unavailable pod in the range 0 to Replicas-1, it
   * will be counted towards MaxUnavailable.
   * This setting might not be effective for the OrderedReady podManagementPolicy. That policy ensures pods are created and become ready one at a time.
   */
  maxUnavailable?: IntOrString;
}

/** StatefulSetCondition describes the state of a statefulset at a certain point. */
export interface StatefulSetCondition {
  /**
   * Type of statefulset condition.
   * +optional
   */
  type: StatefulSetConditionType;
  /**
   * Status of the condition, one of True, False, Unknown.
   * +optional
   */
  status: ConditionStatus;
  /** Last time the condition transitioned from one status to another. */
  lastTransitionTime?: Time;
  /** The reason for the condition's last transition. */
  reason?: string;
  /** A human readable message indicating details about the transition. */
  message?: string;
}

export type StatefulSetConditionType = string;

/**
 * StatefulSetOrdinals describes the policy used for replica ordinal assignment
 * in this StatefulSet.
 */
export interface StatefulSetOrdinals {
  /**
   * start is the number representing the first replica's index. It may be used
   * to number replicas from an alternate index (eg: 1-indexed) over the default
   * 0-indexed names, or to orchestrate progressive movement of replicas from
   * one StatefulSet to another.
   * If set, replica indices will be in the range:
   *   [.spec.ordinals.start, .spec.ordinals.start + .spec.replicas).
   * If unset, defaults to 0. Replica indices will be in the range:
   *   [0, .spec.replicas).
   * +optional
   */
  start: int32;
}

/**
 * StatefulSetPersistentVolumeClaimRetentionPolicy describes the policy used for PVCs
 * created from the StatefulSet VolumeClaimTemplates.
 */
export interface StatefulSetPersistentVolumeClaimRetentionPolicy {
  /**
   * WhenDeleted specifies what happens to PVCs created from StatefulSet
   * VolumeClaimTemplates when the StatefulSet is deleted. The default policy
   * of `Retain` causes PVCs to not be affected by StatefulSet deletion. The
   * `Delete` policy causes those PVCs to be deleted.
   */
  whenDeleted?: PersistentVolumeClaimRetentionPolicyType;
  /**
   * WhenScaled specifies what happens to PVCs created from StatefulSet
   * VolumeClaimTemplates when the StatefulSet is scaled down. The default
   * policy of `Retain` causes PVCs to not be affected by a scaledown. The
   * `Delete` policy causes the associated PVCs for any excess pods above
   * the replica count to be deleted.
   */
  whenScaled?: PersistentVolumeClaimRetentionPolicyType;
}

/** A StatefulSetSpec is the specification of a StatefulSet. */
export interface StatefulSetSpec {
  /**
   * replicas is the desired number of replicas of the given Template.
   * These are replicas in the sense that they are instantiations of the
   * same Template, but individual replicas also have a consistent identity.
   * If unspecified, defaults to 1.
   * TODO: Consider a rename of this field.
   */
  replicas?: int32;
  /**
   * selector is a label query over pods that should match the replica count.
   * It must match the pod template's labels.
   * More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors
   * +required
   */
  selector?: LabelSelector;
  /**
   * template is the object that describes the pod that will be created if
   * insufficient replicas are detected. Each pod stamped out by the StatefulSet
   * will fulfill this Template, but have a unique identity from the rest
   * of the StatefulSet. Each pod will be named with the format
   * <statefulsetname>-<podindex>. For example, a pod in a StatefulSet named
   * "web" with index number "3" would be named "web-3".
   * The only allowed template.spec.restartPolicy value is "Always".
   */
  template: PodTemplateSpec;
  /**
   * volumeClaimTemplates is a list of claims that pods are allowed to reference.
   * The StatefulSet controller is responsible for mapping network identities to
   * claims in a way that maintains the identity of a pod. Every claim in
   * this list must have at least one matching (by name) volumeMount in one
   * container in the template. A claim in this list takes precedence over
   * any volumes in the template, with the same name.
   * TODO: Define the behavior if a claim already exists with the same name.
   * +listType=atomic
   */
  volumeClaimTemplates?: PersistentVolumeClaim[];
  /**
   * serviceName is the name of the service that governs this StatefulSet.
   * This service must exist before the StatefulSet, and is responsible for
   * the network identity of the set. Pods get DNS/hostnames that follow the
   * pattern: pod-specific-string.serviceName.default.svc.cluster.local
   * where "pod-specific-string" is managed by the StatefulSet controller.
   * +optional
   */
  serviceName: string;
  /**
   * podManagementPolicy controls how pods are created during initial scale up,
   * when replacing pods on nodes, or when scaling down. The default policy is
   * `OrderedReady`, where pods are created in increasing order (pod-0, then
   * pod-1, etc) and the controller will wait until each pod is ready before
   * continuing. When scaling down, the pods are removed in the opposite order.
   * The alternative policy is `Parallel` which will create pods in parallel
   * to match the desired scale without waiting, and on scale down will delete
   * all pods at once.
   */
  podManagementPolicy?: PodManagementPolicyType;
  /**
   * updateStrategy indicates the StatefulSetUpdateStrategy that will be
   * employed to update Pods in the StatefulSet when a revision is made to
   * Template.
   */
  updateStrategy?: StatefulSetUpdateStrategy;
  /**
   * revisionHistoryLimit is the maximum number of revisions that will
   * be maintained in the StatefulSet's revision history. The revision history
   * consists of all revisions not represented by a currently applied
   * StatefulSetSpec version. The default value is 10.
   */
  revisionHistoryLimit?: int32;
  /**
   * Minimum number of seconds for which a newly created pod should be ready
   * without any of its container crashing for it to be considered available.
   * Defaults to 0 (pod will be considered available as soon as it is ready)
   */
  minReadySeconds?: int32;
  /**
   * persistentVolumeClaimRetentionPolicy describes the lifecycle of persistent
   * volume claims created from volumeClaimTemplates. By default, all persistent
   * volume claims are created as needed and retained until manually deleted. This
   * policy allows the lifecycle to be altered, for example by deleting persistent
   * volume claims when their stateful set is deleted, or when their pod is scaled
   * down.
   */
  persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;
  /**
   * ordinals controls the numbering of replica indices in a StatefulSet. The
   * default ordinals behavior assigns a "0" index to the first replica and
   * increments the index by one for each additional replica requested.
   */
  ordinals?: StatefulSetOrdinals;
}

/** StatefulSetStatus represents the current state of a StatefulSet. */
export interface StatefulSetStatus {
  /**
   * observedGeneration is the most recent generation observed for this StatefulSet. It corresponds to the
   * StatefulSet's generation, which is updated on mutation by the API Server.
   */
  observedGeneration?: int64;
  /** replicas is the number of Pods created by the StatefulSet controller. */
  replicas: int32;
  /** readyReplicas is the number of pods created for this StatefulSet with a Ready Condition. */
  readyReplicas?: int32;
  /**
   * currentReplicas is the number of Pods created by the StatefulSet controller from the StatefulSet version
   * indicated by currentRevision.
   */
  currentReplicas?: int32;
  /**
   * updatedReplicas is the number of Pods created by the StatefulSet controller from the StatefulSet version
   * indicated by updateRevision.
   */
  updatedReplicas?: int32;
  /**
   * currentRevision, if not empty, indicates the version of the StatefulSet used to generate Pods in the
   * sequence [0,currentReplicas).
   */
  currentRevision?: string;
  /**
   * updateRevision, if not empty, indicates the version of the StatefulSet used to generate Pods in the sequence
   * [replicas-updatedReplicas,replicas)
   */
  updateRevision?: string;
  /**
   * collisionCount is the count of hash collisions for the StatefulSet. The StatefulSet controller
   * uses this field as a collision avoidance mechanism when it needs to create the name for the
   * newest ControllerRevision.
   */
  collisionCount?: int32;
  /**
   * Represents the latest available observations of a statefulset's current state.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: StatefulSetCondition[];
  /**
   * Total number of available pods (ready for at least minReadySeconds) targeted by this statefulset.
   * +optional
   */
  availableReplicas: int32;
}

/**
 * StatefulSetUpdateStrategy indicates the strategy that the StatefulSet
 * controller will use to perform updates. It includes any additional parameters
 * necessary to perform the update for the indicated strategy.
 */
export interface StatefulSetUpdateStrategy {
  /**
   * Type indicates the type of the StatefulSetUpdateStrategy.
   * Default is RollingUpdate.
   */
  type?: StatefulSetUpdateStrategyType;
  /** RollingUpdate is used to communicate parameters when Type is RollingUpdateStatefulSetStrategyType. */
  rollingUpdate?: RollingUpdateStatefulSetStrategy;
}

/**
 * StatefulSetUpdateStrategyType is a string enumeration type that enumerates
 * all possible update strategies for the StatefulSet controller.
 */
export type StatefulSetUpdateStrategyType = string;
