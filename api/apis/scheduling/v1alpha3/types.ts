// Imported by kubegen import; edit freely: this is now API source.

import type { int32 } from '@kubegen/runtime';

/** TopologyConstraint defines a topology constraint for a PodGroup. */
export interface TopologyConstraint {
  /**
   * key specifies the key of the node label representing the topology domain.
   * All pods within the PodGroup must be colocated within the same domain instance.
   * Different PodGroups can land on different domain instances even if they derive from the same PodGroupTemplate.
   * Examples: "topology.kubernetes.io/rack"
   */
  key: string;
}

/**
 * WorkloadPodGroupAllDisruptionMode indicates that all pods in the
 * group must be disrupted together.
 */
export type WorkloadPodGroupAllDisruptionMode = WorkloadPodGroupAllDisruptionMode2;

export interface WorkloadPodGroupAllDisruptionMode2 {}

/**
 * WorkloadPodGroupBasicSchedulingPolicy indicates standard Kubernetes
 * scheduling behavior.
 */
export type WorkloadPodGroupBasicSchedulingPolicy = WorkloadPodGroupAllDisruptionMode2;

/**
 * WorkloadPodGroupDisruptionMode defines how individual pods within a
 * group can be disrupted. Exactly one mode must be set.
 *
 * ---
 *
 * This is a reusable building block meant to be embedded in a controller's own
 * API, next to its other scheduling fields (for example, in a Job's
 * spec.scheduling). It's recommended to freeze the field after creation
 * (+k8s:immutable), since the selected mode is immutable in the compiled
 * Workload. For example,
 *
 * 	type JobSchedulingConfiguration struct {
 * 		// DisruptionMode defines the mode in which the Job's pods can be disrupted.
 * 		// One of Single, All.
 * 		// This field is immutable after creation: it may not be added or removed,
 * 		// and the selected mode may not be changed.
 * 		// +optional
 * 		// +k8s:optional
 * 		// +k8s:immutable
 * 		DisruptionMode *schedulingv1alpha3.WorkloadPodGroupDisruptionMode `json:"disruptionMode,omitempty" protobuf:"bytes,N,opt,name=disruptionMode"`
 *
 * 		// other scheduling fields
 * 	}
 */
export interface WorkloadPodGroupDisruptionMode {
  /** single specifies that pods can be disrupted independently from each other. */
  single?: WorkloadPodGroupSingleDisruptionMode;
  /** all specifies that all pods in the group must be disrupted together. */
  all?: WorkloadPodGroupAllDisruptionMode;
}

/**
 * WorkloadPodGroupGangSchedulingPolicy defines the parameters for gang
 * (all-or-nothing) scheduling.
 */
export interface WorkloadPodGroupGangSchedulingPolicy {
  /**
   * minCount is the minimum number of pods that must be scheduled
   * at the same time for the scheduler to admit the entire group.
   * This field is optional. If it is not specified, the controller
   * should inject a context-specific sane default (e.g.,
   * parallelism for a Job).
   * If set, it must be a positive integer.
   */
  minCount?: int32;
}

/**
 * WorkloadPodGroupResourceClaim references a dynamic resource claim
 * that is shared across pods in the group.
 *
 * ---
 *
 * This is a reusable building block meant to be embedded in a controller's own
 * API as a list, next to its other scheduling fields (for example, in a Job's
 * spec.scheduling). It's recommended to freeze the whole list after creation
 * (+k8s:immutable), since the list is immutable in the compiled Workload. For
 * example,
 *
 * 	type JobSchedulingConfiguration struct {
 * 		// ResourceClaims lists the ResourceClaims shared among the group's pods.
 * 		// At most 4 claims may be set, matching the limit on the resulting PodGroup.
 * 		// This list is immutable after creation: entries may neither be added,
 * 		// removed, nor modified.
 * 		// +optional
 * 		// +patchMergeKey=name
 * 		// +patchStrategy=merge
 * 		// +listType=map
 * 		// +listMapKey=name
 * 		// +k8s:optional
 * 		// +k8s:listType=map
 * 		// +k8s:listMapKey=name
 * 		// +k8s:maxItems=4
 * 		// +k8s:immutable
 * 		ResourceClaims []schedulingv1alpha3.WorkloadPodGroupResourceClaim `json:"resourceClaims,omitempty" protobuf:"bytes,N,rep,name=resourceClaims"`
 *
 * 		// other scheduling fields
 * 	}
 */
export interface WorkloadPodGroupResourceClaim {
  /**
   * name uniquely identifies this resource claim inside the group.
   * This field is required. It must be a DNS_LABEL.
   */
  name: string;
  /**
   * resourceClaimName is the name of a ResourceClaim object in the same
   * namespace.
   * This field is optional. If it is not specified, no resource claim
   * is used. If set, it must be a DNS subdomain.
   */
  resourceClaimName?: string;
  /**
   * resourceClaimTemplateName is the name of a ResourceClaimTemplate
   * object in the same namespace.
   * This field is optional. If it is not specified, no resource claim
   * template is used. If set, it must be a DNS subdomain.
   */
  resourceClaimTemplateName?: string;
}

/**
 * WorkloadPodGroupSchedulingConstraints defines leaf-level scheduling
 * constraints, such as topology.
 *
 * ---
 *
 * This is a reusable building block meant to be embedded in a controller's own
 * API, next to its other scheduling fields (for example, in a Job's
 * spec.scheduling). It's recommended to freeze the field after creation
 * (+k8s:immutable), since constraints are immutable in the compiled Workload.
 * For example,
 *
 * 	type JobSchedulingConfiguration struct {
 * 		// SchedulingConstraints defines scheduling constraints (e.g. topology)
 * 		// for the Job's pods.
 * 		// This field is immutable after creation.
 * 		// +optional
 * 		// +k8s:optional
 * 		// +k8s:immutable
 * 		SchedulingConstraints *schedulingv1alpha3.WorkloadPodGroupSchedulingConstraints `json:"schedulingConstraints,omitempty" protobuf:"bytes,N,opt,name=schedulingConstraints"`
 *
 * 		// other scheduling fields
 * 	}
 */
export interface WorkloadPodGroupSchedulingConstraints {
  /**
   * topology specifies desired topological placements for all pods
   * within the pod group.
   * If unset, no topology placement is requested.
   * +listType=atomic
   */
  topology?: TopologyConstraint[];
}

/**
 * WorkloadPodGroupSchedulingPolicy defines the scheduling policy for a
 * group of pods managed by a workload controller.
 * Exactly one policy must be set.
 *
 * ---
 *
 * This is a reusable building block meant to be embedded in a controller's own
 * API, next to its other scheduling fields (for example, in a Job's
 * spec.scheduling). It's recommended to block changing the policy
 * after creation, while still allowing gang.minCount to change. DV cannot
 * express that only gang.minCount is mutable while the basic/gang variant is
 * frozen, so the embedder must enforce variant immutability with hand-written
 * validation. For example,
 *
 * 	type JobSchedulingConfiguration struct {
 * 		// SchedulingPolicy defines the scheduling policy for this Job.
 * 		// Exactly one of Basic or Gang must be set.
 * 		// This field is immutable after creation: the policy may not be added or
 * 		// removed. The policy variant (basic/gang) is frozen by the controller's
 * 		// hand-written validation; only schedulingPolicy.gang.minCount may be changed.
 * 		// +optional
 * 		// +k8s:optional
 * 		// +k8s:update=NoSet
 * 		// +k8s:update=NoUnset
 * 		SchedulingPolicy *schedulingv1alpha3.WorkloadPodGroupSchedulingPolicy `json:"schedulingPolicy,omitempty" protobuf:"bytes,N,opt,name=schedulingPolicy"`
 *
 * 		// other scheduling fields
 * 	}
 */
export interface WorkloadPodGroupSchedulingPolicy {
  /**
   * basic specifies that standard, pod-by-pod Kubernetes scheduling
   * behavior should be used.
   */
  basic?: WorkloadPodGroupBasicSchedulingPolicy;
  /** gang specifies all-or-nothing scheduling semantics. */
  gang?: WorkloadPodGroupGangSchedulingPolicy;
}

/**
 * WorkloadPodGroupSingleDisruptionMode indicates that individual pods
 * can be disrupted independently.
 */
export type WorkloadPodGroupSingleDisruptionMode = WorkloadPodGroupAllDisruptionMode2;
