// Imported by kubegen import; edit freely: this is now API source.

import type { Condition, ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

export type { Condition, ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * CompositePodGroup represents a runtime instance of pod groups grouped together.
 * CompositePodGroups are created by workload controllers (LWS, JobSet, etc...) from
 * Workload.compositePodGroupTemplates.
 * CompositePodGroup API enablement is toggled by the CompositePodGroup feature gate.
 * +genclient
 * +kubebuilder:resource:path=compositepodgroups,scope=Namespaced
 * +kubebuilder:subresource:status
 * +kubebuilder:object:root=true
 */
export interface CompositePodGroup extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** spec defines the desired state of the CompositePodGroup. */
  spec: CompositePodGroupSpec;
  /** status represents the current observed state of the CompositePodGroup. */
  status?: CompositePodGroupStatus;
}

/**
 * PodGroup represents a runtime instance of pods grouped together.
 * PodGroups are created by workload controllers (Job, LWS, JobSet, etc...) from
 * Workload.podGroupTemplates.
 * PodGroup API enablement is toggled by the GenericWorkload feature gate.
 * +genclient
 * +kubebuilder:resource:path=podgroups,scope=Namespaced
 * +kubebuilder:subresource:status
 * +kubebuilder:object:root=true
 */
export interface PodGroup extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** spec defines the desired state of the PodGroup. */
  spec: PodGroupSpec;
  /** status represents the current observed state of the PodGroup. */
  status?: PodGroupStatus;
}

/**
 * Workload allows for expressing scheduling constraints that should be used
 * when managing the lifecycle of workloads from the scheduling perspective,
 * including scheduling, preemption, eviction and other phases.
 * Workload API enablement is toggled by the GenericWorkload feature gate.
 * +genclient
 * +kubebuilder:resource:path=workloads,scope=Namespaced
 * +kubebuilder:object:root=true
 */
export interface Workload extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** spec defines the desired behavior of a Workload. */
  spec: WorkloadSpec;
}

/**
 * CompositePodGroupList contains a list of CompositePodGroup resources.
 * +kubebuilder:object:root=true
 */
export interface CompositePodGroupList extends TypeMeta {
  /** Standard list metadata. */
  metadata?: ListMeta;
  /** Items is the list of CompositePodGroups. */
  items: CompositePodGroup[];
}

/**
 * PodGroupList contains a list of PodGroup resources.
 * +kubebuilder:object:root=true
 */
export interface PodGroupList extends TypeMeta {
  /** Standard list metadata. */
  metadata?: ListMeta;
  /** Items is the list of PodGroups. */
  items: PodGroup[];
}

/**
 * WorkloadList contains a list of Workload resources.
 * +kubebuilder:object:root=true
 */
export interface WorkloadList extends TypeMeta {
  /** Standard list metadata. */
  metadata?: ListMeta;
  /** Items is the list of Workloads. */
  items: Workload[];
}

/**
 * AllCompositeDisruptionMode means that children of a CompositePodGroup can only be
 * disrupted or preempted together.
 */
export type AllCompositeDisruptionMode = AllCompositeDisruptionMode2;

export interface AllCompositeDisruptionMode2 {}

/** AllDisruptionMode specifies that children can only be disrupted together. */
export type AllDisruptionMode = AllCompositeDisruptionMode2;

/**
 * BasicSchedulingPolicy indicates that standard Kubernetes
 * scheduling behavior should be used.
 */
export type BasicSchedulingPolicy = AllCompositeDisruptionMode2;

/**
 * CompositeBasicSchedulingPolicy indicates that the groups belonging to the composite group
 * should be scheduled independently.
 */
export type CompositeBasicSchedulingPolicy = AllCompositeDisruptionMode2;

/**
 * CompositeDisruptionMode defines how individual entities within a composite pod group can be disrupted.
 * Exactly one mode must be set.
 */
export interface CompositeDisruptionMode {
  /** single specifies that children groups can be disrupted independently from each other. */
  single?: SingleCompositeDisruptionMode;
  /** all specifies that all children groups can only be disrupted together. */
  all?: AllCompositeDisruptionMode;
}

/**
 * CompositeGangSchedulingPolicy indicates that the groups belonging to the composite group
 * should be scheduled using all-or-nothing semantics.
 */
export interface CompositeGangSchedulingPolicy {
  /**
   * minGroupCount is the minimum number of child groups that must be schedulable
   * or scheduled at the same time for the scheduler to admit the entire group.
   * It must be a positive integer.
   */
  minGroupCount: int32;
}

/** CompositePodGroupSchedulingConstraints defines scheduling constraints (e.g. topology) for a CompositePodGroup. */
export interface CompositePodGroupSchedulingConstraints {
  /**
   * topology defines the topology constraints for the composite pod group.
   * Currently only a single topology constraint can be specified. This may change in the future.
   * +listType=atomic
   */
  topology?: TopologyConstraint[];
}

/**
 * CompositePodGroupSchedulingPolicy defines the scheduling configuration for a CompositePodGroup.
 * Exactly one policy must be set.
 */
export interface CompositePodGroupSchedulingPolicy {
  /**
   * basic specifies that the groups of this composite group should be scheduled independently.
   * This field is immutable.
   * +k8s:immutable
   */
  basic?: CompositeBasicSchedulingPolicy;
  /**
   * gang specifies that the groups of this composite group should be scheduled using
   * all-or-nothing semantics.
   */
  gang?: CompositeGangSchedulingPolicy;
}

/** CompositePodGroupSpec defines the desired state of CompositePodGroup. */
export interface CompositePodGroupSpec {
  /**
   * parentCompositePodGroupName contains the name of the parent composite pod group
   * within the same namespace as this composite pod group. It must be a DNS name.
   * If it's nil, then this composite pod group is a root of a workload's hierarchy.
   * This field is immutable.
   * +k8s:immutable
   */
  parentCompositePodGroupName?: string;
  /**
   * workloadRef references an optional CompositePodGroup template within the
   * Workload object that was used to create the CompositePodGroup.
   * This field is required.
   * This field is immutable.
   * +k8s:immutable
   * +required
   */
  workloadRef?: WorkloadReference;
  /**
   * schedulingPolicy defines the scheduling policy for this instance of the CompositePodGroup.
   * Controllers are expected to fill this field by copying it from a CompositePodGroupTemplate.
   * This field is immutable.
   * +k8s:immutable
   */
  schedulingPolicy: CompositePodGroupSchedulingPolicy;
  /**
   * schedulingConstraints defines optional scheduling constraints (e.g. topology) for this CompositePodGroup.
   * Controllers are expected to fill this field by copying it from a CompositePodGroupTemplate.
   * This field is immutable.
   * +k8s:immutable
   */
  schedulingConstraints?: CompositePodGroupSchedulingConstraints;
  /**
   * disruptionMode defines the mode in which a given CompositePodGroup can be disrupted.
   * Controllers are expected to fill this field by copying it from a CompositePodGroupTemplate.
   * One of Single, All. Defaults to Single if unset.
   * This field is immutable.
   * +default={"single":{}}
   * +k8s:immutable
   */
  disruptionMode?: CompositeDisruptionMode;
  /**
   * priorityClassName defines the priority that should be considered when scheduling this CompositePodGroup.
   * Controllers are expected to fill this field by copying it from a CompositePodGroupTemplate.
   * If left unspecified, it is validated and resolved similarly to the PriorityClassName field in Pods
   * (i.e. if no priority class is specified, admission control can set this to the global default
   * priority class if it exists. Otherwise, the composite pod group's priority will be zero).
   * This field is immutable.
   * +k8s:immutable
   */
  priorityClassName?: string;
  /**
   * priority is the value of priority of this composite pod group. Various system components
   * use this field to find the priority of the composite pod group. When Priority Admission
   * Controller is enabled, it prevents users from setting this field. The admission
   * controller populates this field from PriorityClassName.
   * The higher the value, the higher the priority.
   * This field is immutable.
   * +k8s:immutable
   */
  priority?: int32;
  /**
   * preemptionPolicy is the Policy for preempting pods/podgroups with lower priority.
   * One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.
   * When Priority Admission Controller is enabled, it populates this field from PriorityClassName,
   * and defaults to PreemptLowerPriority if value is unset in PriorityClass.
   * This field is immutable.
   * This field is available only when the PodGroupPreemptionPolicy feature gate is enabled.
   * +k8s:immutable
   */
  preemptionPolicy?: PreemptionPolicy;
}

/** CompositePodGroupStatus represents information about the status of a composite pod group. */
export interface CompositePodGroupStatus {
  /**
   * conditions represent the latest observations of the CompositePodGroup's state.
   *
   * Known condition types:
   * - "CompositePodGroupInitiallyScheduled": Indicates whether the overall scheduling requirement
   *   for the subtree under this CompositePodGroup has been satisfied. Once this condition
   *   transitions to True, it serves as a terminal state and will never revert to False,
   *   even if pods are subsequently deleted and group constraints are no longer met.
   * - "DisruptionTarget": Indicates whether the CompositePodGroup is about to be terminated
   *   due to disruption such as preemption.
   *
   * Known reasons for the CompositePodGroupInitiallyScheduled condition:
   * - "Unschedulable": The CompositePodGroup's subtree could not be placed due to resource constraints,
   *   affinity/anti-affinity, or topological constraints.
   * - "SchedulerError": The CompositePodGroup cannot be scheduled due to some internal error
   *   that occurred during scheduling.
   * - "Invalid": Set to True when kube-scheduler detects an invalid group layout during
   *   runtime validation. The `message` field details the specific layout violation (such as
   *   a detected cycle, exceeding the maximum depth of 4, or referencing multiple distinct Workloads).
   *
   * Known reasons for the DisruptionTarget condition:
   * - "PreemptionByScheduler": The CompositePodGroup was targeted by the scheduler's preemption loop
   *   to free up capacity for higher-priority preemptors.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: Condition[];
}

/** CompositePodGroupTemplate represents a template for a CompositePodGroup with a scheduling policy. */
export interface CompositePodGroupTemplate {
  /**
   * name is a unique identifier for the CompositePodGroupTemplate within the Workload.
   * It must be a DNS label. This field is required.
   */
  name: string;
  /** schedulingPolicy defines the scheduling policy for this template. */
  schedulingPolicy: CompositePodGroupSchedulingPolicy;
  /**
   * schedulingConstraints defines optional scheduling constraints (e.g. topology) for this CompositePodGroupTemplate.
   * This field is immutable.
   * +k8s:immutable
   */
  schedulingConstraints?: CompositePodGroupSchedulingConstraints;
  /**
   * disruptionMode defines the mode in which a given CompositePodGroup can be disrupted.
   * One of Single, All.
   * This field is immutable.
   * +k8s:immutable
   */
  disruptionMode?: CompositeDisruptionMode;
  /**
   * priorityClassName indicates the priority that should be considered when scheduling
   * a composite pod group created from this template. If no priority class is specified,
   * admission control can set this to the global default priority class if it exists.
   * Otherwise, composite pod groups created from this template will have the priority set
   * to zero.
   * This field is immutable.
   * +k8s:immutable
   */
  priorityClassName?: string;
  /**
   * priority is the value of priority of composite pod groups created from this template.
   * Various system components use this field to find the priority of the composite pod group.
   * When Priority Admission Controller is enabled, it prevents users from setting this field.
   * The admission controller populates this field from PriorityClassName.
   * The higher the value, the higher the priority.
   * This field is immutable.
   * +k8s:immutable
   */
  priority?: int32;
  /**
   * preemptionPolicy is the Policy for preempting pods/podgroups with lower priority.
   * One of Never, PreemptLowerPriority.
   * This field is immutable.
   * This field is available only when the PodGroupPreemptionPolicy feature gate is enabled.
   * +k8s:immutable
   */
  preemptionPolicy?: PreemptionPolicy;
  /**
   * podGroupTemplates is the list of templates for children PodGroups.
   * The maximum number of templates is 8. At least one entry in CompositePodGroupTemplates
   * or PodGroupTemplates must be set.
   * +listMapKey=name
   * +listType=map
   */
  podGroupTemplates?: PodGroupTemplate[];
  /**
   * compositePodGroupTemplates is the list of templates for children CompositePodGroups.
   * The maximum number of templates is 8. At least one entry in CompositePodGroupTemplates
   * or PodGroupTemplates must be set.
   * +listMapKey=name
   * +listType=map
   */
  compositePodGroupTemplates?: unknown[];
}

/**
 * DisruptionMode defines how individual entities within a group can be disrupted.
 * Exactly one mode can be set.
 */
export interface DisruptionMode {
  /** single specifies that children can be disrupted independently from each other. */
  single?: SingleDisruptionMode;
  /** all specifies that all children can only be disrupted together. */
  all?: AllDisruptionMode;
}

/** GangSchedulingPolicy defines the parameters for gang scheduling. */
export interface GangSchedulingPolicy {
  /**
   * minCount is the minimum number of pods that must be schedulable or scheduled
   * at the same time for the scheduler to admit the entire group.
   * It must be a positive integer. This field is mutable to support workload scaling.
   *
   * Note that the scheduler operates on an eventually consistent model. Updates
   * to minCount may not be immediately reflected in scheduling decisions due to
   * propagation delays. If minCount is updated while a scheduling cycle is in
   * progress for that group, the new value may not take effect until the next
   * cycle. Moreover, minCount is only enforced during scheduling, meaning that
   * modifications to this field do not affect already-scheduled pods, applying
   * only to those evaluated in future cycles.
   */
  minCount: int32;
}

/**
 * PodGroupResourceClaim references exactly one ResourceClaim, either directly
 * or by naming a ResourceClaimTemplate which is then turned into a ResourceClaim
 * for the PodGroup.
 *
 * It adds a name to it that uniquely identifies the ResourceClaim inside the PodGroup.
 * Pods that need access to the ResourceClaim define a matching reference in its
 * own Spec.ResourceClaims. The Pod's claim must match all fields of the
 * PodGroup's claim exactly.
 */
export interface PodGroupResourceClaim {
  /**
   * name uniquely identifies this resource claim inside the PodGroup.
   * This must be a DNS_LABEL.
   */
  name: string;
  /**
   * resourceClaimName is the name of a ResourceClaim object in the same
   * namespace as this PodGroup. The ResourceClaim will be reserved for the
   * PodGroup instead of its individual pods.
   *
   * Exactly one of ResourceClaimName and ResourceClaimTemplateName must
   * be set.
   */
  resourceClaimName?: string;
  /**
   * resourceClaimTemplateName is the name of a ResourceClaimTemplate
   * object in the same namespace as this PodGroup.
   *
   * The template will be used to create a new ResourceClaim, which will
   * be bound to this PodGroup. When this PodGroup is deleted, the ResourceClaim
   * will also be deleted. The PodGroup name and resource name, along with a
   * generated component, will be used to form a unique name for the
   * ResourceClaim, which will be recorded in podgroup.status.resourceClaimStatuses.
   *
   * This field is immutable and no changes will be made to the
   * corresponding ResourceClaim by the control plane after creating the
   * ResourceClaim.
   *
   * Exactly one of ResourceClaimName and ResourceClaimTemplateName must
   * be set.
   */
  resourceClaimTemplateName?: string;
}

/**
 * PodGroupResourceClaimStatus is stored in the PodGroupStatus for each
 * PodGroupResourceClaim which references a ResourceClaimTemplate. It stores the
 * generated name for the corresponding ResourceClaim.
 */
export interface PodGroupResourceClaimStatus {
  /**
   * name uniquely identifies this resource claim inside the PodGroup. This
   * must match the name of an entry in podgroup.spec.resourceClaims, which
   * implies that the string must be a DNS_LABEL.
   */
  name: string;
  /**
   * resourceClaimName is the name of the ResourceClaim that was generated for
   * the PodGroup in the namespace of the PodGroup. If this is unset, then
   * generating a ResourceClaim was not necessary. The
   * podgroup.spec.resourceClaims entry can be ignored in this case.
   */
  resourceClaimName?: string;
}

/** PodGroupSchedulingConstraints defines scheduling constraints (e.g. topology) for a PodGroup. */
export interface PodGroupSchedulingConstraints {
  /**
   * topology defines the topology constraints for the pod group.
   * Currently only a single topology constraint can be specified. This may change in the future.
   * +listType=atomic
   */
  topology?: TopologyConstraint[];
}

/**
 * PodGroupSchedulingPolicy defines the scheduling configuration for a PodGroup.
 * Exactly one policy must be set. The policy is chosen at creation time by setting either the
 * Basic or Gang field. The PodGroup may not change policy after creation.
 * Fields within chosen policy may be updated after creation when their individual fields allow it.
 */
export interface PodGroupSchedulingPolicy {
  /**
   * basic specifies that the pods in this group should be scheduled using
   * standard Kubernetes scheduling behavior. Setting this field at group creation time
   * opts this group to basic scheduling; this field cannot be changed afterward.
   * +k8s:immutable
   */
  basic?: BasicSchedulingPolicy;
  /**
   * gang specifies that the pods in this group should be scheduled using
   * all-or-nothing semantics. Setting this field at group creation time
   * opts this group to gang scheduling; this field cannot be set or unset afterward.
   * The minCount field within Gang scheduling policy remains mutable after group creation.
   */
  gang?: GangSchedulingPolicy;
}

/** PodGroupSpec defines the desired state of a PodGroup. */
export interface PodGroupSpec {
  /**
   * parentCompositePodGroupName contains the name of the parent composite pod group
   * within the same namespace as this pod group.
   * If it's nil, then this pod group is a root of a workload's hierarchy.
   * This field is used only when the CompositePodGroup feature gate is enabled.
   * This field is immutable.
   * +k8s:immutable
   */
  parentCompositePodGroupName?: string;
  /**
   * workloadRef references an optional PodGroup template within the Workload
   * object that was used to create the PodGroup.
   * This field is immutable.
   * +k8s:immutable
   */
  workloadRef?: WorkloadReference;
  /**
   * schedulingPolicy defines the scheduling policy for this instance of the PodGroup.
   * Controllers are expected to fill this field by copying it from a PodGroupTemplate.
   */
  schedulingPolicy: PodGroupSchedulingPolicy;
  /**
   * schedulingConstraints defines optional scheduling constraints (e.g. topology) for this PodGroup.
   * Controllers are expected to fill this field by copying it from a PodGroupTemplate.
   * This field is immutable.
   * This field is only available when the TopologyAwareWorkloadScheduling feature gate is enabled.
   */
  schedulingConstraints?: PodGroupSchedulingConstraints;
  /**
   * resourceClaims defines which ResourceClaims may be shared among Pods in
   * the group. Pods consume the devices allocated to a PodGroup's claim by
   * defining a claim in its own Spec.ResourceClaims that matches the
   * PodGroup's claim exactly. The claim must have the same name and refer to
   * the same ResourceClaim or ResourceClaimTemplate.
   *
   * This is a beta-level field and requires that the
   * DRAWorkloadResourceClaims feature gate is enabled.
   *
   * This field is immutable.
   * +listMapKey=name
   * +listType=map
   * +k8s:immutable
   */
  resourceClaims?: PodGroupResourceClaim[];
  /**
   * disruptionMode defines the mode in which a given PodGroup can be disrupted.
   * Controllers are expected to fill this field by copying it from a PodGroupTemplate.
   * One of Single, All. Defaults to Single if unset.
   * This field is immutable.
   * +default={"single":{}}
   * +k8s:immutable
   */
  disruptionMode?: DisruptionMode;
  /**
   * priorityClassName defines the priority that should be considered when scheduling this pod group.
   * Controllers are expected to fill this field by copying it from a PodGroupTemplate.
   * Otherwise, it is validated and resolved similarly to the PriorityClassName on PodGroupTemplate
   * (i.e. if no priority class is specified, admission control can set this to the global default
   * priority class if it exists. Otherwise, the pod group's priority will be zero).
   * This field is immutable.
   * +k8s:immutable
   */
  priorityClassName?: string;
  /**
   * priority is the value of priority of this pod group. Various system components
   * use this field to find the priority of the pod group. When Priority Admission
   * Controller is enabled, it prevents users from setting this field. The admission
   * controller populates this field from PriorityClassName.
   * The higher the value, the higher the priority.
   * This field is immutable.
   * +k8s:immutable
   */
  priority?: int32;
  /**
   * preemptionPolicy is the Policy for preempting pods/podgroups with lower priority.
   * One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.
   * When Priority Admission Controller is enabled, it populates this field from PriorityClassName,
   * and defaults to PreemptLowerPriority if value is unset in PriorityClass.
   * This field is immutable.
   * This field is available only when the PodGroupPreemptionPolicy feature gate is enabled.
   * +k8s:immutable
   */
  preemptionPolicy?: PreemptionPolicy;
}

/** PodGroupStatus represents information about the status of a pod group. */
export interface PodGroupStatus {
  /**
   * conditions represent the latest observations of the PodGroup's state.
   *
   * Known condition types:
   * - "PodGroupInitiallyScheduled": Indicates whether the scheduling requirement has been satisfied.
   * Once this condition transitions to True, it serves as a terminal state and will never revert to False,
   * even if pods are subsequently evicted and group constraints are no longer met.
   * - "DisruptionTarget": Indicates whether the PodGroup is about to be terminated
   *   due to disruption such as preemption.
   *
   * Known reasons for the PodGroupInitiallyScheduled condition:
   * - "Unschedulable": The PodGroup cannot be scheduled due to resource constraints,
   *   affinity/anti-affinity rules, or insufficient capacity for the gang.
   * - "SchedulerError": The PodGroup cannot be scheduled due to some internal error
   *   that happened during scheduling, for example due to nodeAffinity parsing errors.
   *
   * Known reasons for the DisruptionTarget condition:
   * - "PreemptionByScheduler": The PodGroup was preempted by the scheduler to make room for
   *   higher-priority PodGroups or Pods.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: Condition[];
  /**
   * resourceClaimStatuses is status of resource claims.
   * +listMapKey=name
   * +listType=map
   */
  resourceClaimStatuses?: PodGroupResourceClaimStatus[];
}

/** PodGroupTemplate represents a template for a set of pods with a scheduling policy. */
export interface PodGroupTemplate {
  /**
   * name is a unique identifier for the PodGroupTemplate within the Workload.
   * It must be a DNS label. This field is immutable.
   */
  name: string;
  /** schedulingPolicy defines the scheduling policy for this PodGroupTemplate. */
  schedulingPolicy: PodGroupSchedulingPolicy;
  /**
   * schedulingConstraints defines optional scheduling constraints (e.g. topology) for this PodGroupTemplate.
   * This field is only available when the TopologyAwareWorkloadScheduling feature gate is enabled.
   * This field is immutable.
   * +k8s:immutable
   */
  schedulingConstraints?: PodGroupSchedulingConstraints;
  /**
   * resourceClaims defines which ResourceClaims may be shared among Pods in
   * the group. Pods consume the devices allocated to a PodGroup's claim by
   * defining a claim in its own Spec.ResourceClaims that matches the
   * PodGroup's claim exactly. The claim must have the same name and refer to
   * the same ResourceClaim or ResourceClaimTemplate.
   *
   * This is a beta-level field and requires that the
   * DRAWorkloadResourceClaims feature gate is enabled.
   *
   * This field is immutable.
   * +listMapKey=name
   * +listType=map
   * +k8s:immutable
   */
  resourceClaims?: PodGroupResourceClaim[];
  /**
   * disruptionMode defines the mode in which a given PodGroup can be disrupted.
   * One of Single, All.
   * This field is immutable.
   * +k8s:immutable
   */
  disruptionMode?: DisruptionMode;
  /**
   * priorityClassName indicates the priority that should be considered when scheduling
   * a pod group created from this template.
   * This field is immutable.
   * +k8s:immutable
   */
  priorityClassName?: string;
  /**
   * priority is the value of priority of pod groups created from this template. Various
   * system components use this field to find the priority of the pod group.
   * The higher the value, the higher the priority.
   * This field is immutable.
   * +k8s:immutable
   */
  priority?: int32;
  /**
   * preemptionPolicy is the Policy for preempting pods/podgroups with lower priority.
   * One of Never, PreemptLowerPriority.
   * This field is immutable.
   * This field is available only when the PodGroupPreemptionPolicy feature gate is enabled.
   * +k8s:immutable
   */
  preemptionPolicy?: PreemptionPolicy;
}

/** PreemptionPolicy describes a policy for if/when to preempt a pod. */
export type PreemptionPolicy = 'Never' | 'PreemptLowerPriority';

/**
 * SingleCompositeDisruptionMode means that individual children of a CompositePodGroup
 * can be disrupted or preempted independently.
 */
export type SingleCompositeDisruptionMode = AllCompositeDisruptionMode2;

/** SingleDisruptionMode specifies that children can be disrupted independently. */
export type SingleDisruptionMode = AllCompositeDisruptionMode2;

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

/** TypedLocalObjectReference allows to reference typed object inside the same namespace. */
export interface TypedLocalObjectReference {
  /**
   * apiGroup is the group for the resource being referenced.
   * If APIGroup is empty, the specified Kind must be in the core API group.
   * For any other third-party types, setting APIGroup is required.
   * It must be a DNS subdomain.
   */
  apiGroup?: string;
  /**
   * kind is the type of resource being referenced.
   * It must be a path segment name.
   */
  kind: string;
  /**
   * name is the name of resource being referenced.
   * It must be a path segment name.
   */
  name: string;
}

/**
 * WorkloadPodGroupAllDisruptionMode indicates that all pods in the
 * group must be disrupted together.
 */
export type WorkloadPodGroupAllDisruptionMode = AllCompositeDisruptionMode2;

/**
 * WorkloadPodGroupBasicSchedulingPolicy indicates standard Kubernetes
 * scheduling behavior.
 */
export type WorkloadPodGroupBasicSchedulingPolicy = AllCompositeDisruptionMode2;

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
export type WorkloadPodGroupSingleDisruptionMode = AllCompositeDisruptionMode2;

/**
 * WorkloadReference references the Workload object together with the template
 * that was used to create a particular PodGroup.
 */
export interface WorkloadReference {
  /**
   * workloadName is the name of the Workload object that contains a template
   * that was used when creating a pod group. It must
   * be a DNS name.
   * This field is required.
   */
  workloadName: string;
  /**
   * templateName is the name of a template within the Workload object that
   * was used to create a pod group. It must be a DNS label.
   * This field is required.
   */
  templateName: string;
}

/** WorkloadSpec defines the desired state of a Workload. */
export interface WorkloadSpec {
  /**
   * controllerRef is an optional reference to the controlling object, such as a
   * Deployment or Job. This field is intended for use by tools like CLIs
   * to provide a link back to the original workload definition.
   * This field is immutable.
   * +k8s:immutable
   */
  controllerRef?: TypedLocalObjectReference;
  /**
   * podGroupTemplates is the list of templates that make up the Workload.
   * The maximum number of templates is 8. Templates cannot be added or removed after the workload is created.
   * Existing templates may still be updated where their individual fields allow it.
   * Exactly one of CompositePodGroupTemplates and PodGroupTemplates must be set.
   * +listMapKey=name
   * +listType=map
   * +optional
   */
  podGroupTemplates: PodGroupTemplate[];
  /**
   * compositePodGroupTemplates is the list of CompositePodGroup templates that make up the Workload.
   * The maximum number of templates is 8. This field is immutable.
   * Exactly one of CompositePodGroupTemplates and PodGroupTemplates must be set.
   *
   * This field is used only when the CompositePodGroup feature gate is enabled.
   * +listMapKey=name
   * +listType=map
   */
  compositePodGroupTemplates?: CompositePodGroupTemplate[];
}
