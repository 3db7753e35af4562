// Imported by kubegen import; edit freely: this is now API source.

import type { int32 } from '@kubegen/runtime';

/** TopologyConstraint defines a topology constraint for a PodGroup. */
export interface TopologyConstraint {
  /** key specifies the key of the node label representing the topology domain. All pods within the PodGroup must be colocated within the same domain instance. Different PodGroups can land on different domain instances even if they derive from the same PodGroupTemplate. Examples: "topology.kubernetes.io/rack" */
  key: string;
}

/** WorkloadPodGroupAllDisruptionMode indicates that all pods in the group must be disrupted together. */
export type WorkloadPodGroupAllDisruptionMode = WorkloadPodGroupAllDisruptionMode2;

export interface WorkloadPodGroupAllDisruptionMode2 {}

/** WorkloadPodGroupBasicSchedulingPolicy indicates standard Kubernetes scheduling behavior. */
export type WorkloadPodGroupBasicSchedulingPolicy = WorkloadPodGroupAllDisruptionMode2;

/** WorkloadPodGroupDisruptionMode defines how individual pods within a group can be disrupted. Exactly one mode must be set. */
export interface WorkloadPodGroupDisruptionMode {
  /** all specifies that all pods in the group must be disrupted together. */
  all?: WorkloadPodGroupAllDisruptionMode;
  /** single specifies that pods can be disrupted independently from each other. */
  single?: WorkloadPodGroupSingleDisruptionMode;
}

/** WorkloadPodGroupGangSchedulingPolicy defines the parameters for gang (all-or-nothing) scheduling. */
export interface WorkloadPodGroupGangSchedulingPolicy {
  /** minCount is the minimum number of pods that must be scheduled at the same time for the scheduler to admit the entire group. This field is optional. If it is not specified, the controller should inject a context-specific sane default (e.g., parallelism for a Job). If set, it must be a positive integer. */
  minCount?: int32;
}

/** WorkloadPodGroupResourceClaim references a dynamic resource claim that is shared across pods in the group. */
export interface WorkloadPodGroupResourceClaim {
  /** name uniquely identifies this resource claim inside the group. This field is required. It must be a DNS_LABEL. */
  name: string;
  /** resourceClaimName is the name of a ResourceClaim object in the same namespace. This field is optional. If it is not specified, no resource claim is used. If set, it must be a DNS subdomain. */
  resourceClaimName?: string;
  /** resourceClaimTemplateName is the name of a ResourceClaimTemplate object in the same namespace. This field is optional. If it is not specified, no resource claim template is used. If set, it must be a DNS subdomain. */
  resourceClaimTemplateName?: string;
}

/** WorkloadPodGroupSchedulingConstraints defines leaf-level scheduling constraints, such as topology. */
export interface WorkloadPodGroupSchedulingConstraints {
  /**
   * topology specifies desired topological placements for all pods within the pod group. If unset, no topology placement is requested.
   * +listType=atomic
   */
  topology?: TopologyConstraint[];
}

/** WorkloadPodGroupSchedulingPolicy defines the scheduling policy for a group of pods managed by a workload controller. Exactly one policy must be set. */
export interface WorkloadPodGroupSchedulingPolicy {
  /** basic specifies that standard, pod-by-pod Kubernetes scheduling behavior should be used. */
  basic?: WorkloadPodGroupBasicSchedulingPolicy;
  /** gang specifies all-or-nothing scheduling semantics. */
  gang?: WorkloadPodGroupGangSchedulingPolicy;
}

/** WorkloadPodGroupSingleDisruptionMode indicates that individual pods can be disrupted independently. */
export type WorkloadPodGroupSingleDisruptionMode = WorkloadPodGroupAllDisruptionMode2;
