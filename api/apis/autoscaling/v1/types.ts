// Imported by kubegen import; edit freely: this is now API source.

import type { ListMeta, ObjectMeta, Time, TypeMeta, int32, int64 } from '@kubegen/runtime';

export type { ListMeta, ObjectMeta, Time, TypeMeta } from '@kubegen/runtime';

/**
 * configuration of a horizontal pod autoscaler.
 * +genclient
 * +kubebuilder:resource:path=horizontalpodautoscalers,scope=Namespaced
 * +kubebuilder:subresource:status
 * +kubebuilder:object:root=true
 */
export interface HorizontalPodAutoscaler extends TypeMeta {
  /** metadata is the standard object metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata */
  metadata?: ObjectMeta;
  /**
   * spec defines the behaviour of autoscaler. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.
   * +required
   */
  spec?: HorizontalPodAutoscalerSpec;
  /** status is the current information about the autoscaler. */
  status?: HorizontalPodAutoscalerStatus;
}

/**
 * Scale represents a scaling request for a resource.
 * +kubebuilder:object:root=true
 */
export interface Scale extends TypeMeta {
  /** metadata is the standard object metadata; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata. */
  metadata?: ObjectMeta;
  /** spec defines the behavior of the scale. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status. */
  spec?: ScaleSpec;
  /** status is the current status of the scale. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status. Read-only. */
  status?: ScaleStatus;
}

/**
 * list of horizontal pod autoscaler objects.
 * +kubebuilder:object:root=true
 */
export interface HorizontalPodAutoscalerList extends TypeMeta {
  /** Standard list metadata. */
  metadata?: ListMeta;
  /** items is the list of horizontal pod autoscaler objects. */
  items: HorizontalPodAutoscaler[];
}

/**
 * CrossVersionObjectReference contains enough information to let you identify the referred resource.
 * +structType=atomic
 */
export interface CrossVersionObjectReference {
  /** kind is the kind of the referent; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds */
  kind: string;
  /** name is the name of the referent; More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names */
  name: string;
  /** apiVersion is the API version of the referent */
  apiVersion?: string;
}

/** specification of a horizontal pod autoscaler. */
export interface HorizontalPodAutoscalerSpec {
  /**
   * scaleTargetRef is the reference to scaled resource; horizontal pod autoscaler will learn the current resource consumption
   * and will set the desired number of pods by using its Scale subresource.
   */
  scaleTargetRef: CrossVersionObjectReference;
  /**
   * minReplicas is the lower limit for the number of replicas to which the autoscaler
   * can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the
   * alpha feature gate HPAScaleToZero is enabled and at least one Object or External
   * metric is configured.  Scaling is active as long as at least one metric value is
   * available.
   */
  minReplicas?: int32;
  /** maxReplicas is the upper limit for the number of pods that can be set by the autoscaler; cannot be smaller than MinReplicas. */
  maxReplicas: int32;
  /**
   * targetCPUUtilizationPercentage is the target average CPU utilization (represented as a percentage of requested CPU) over all the pods;
   * if not specified the default autoscaling policy will be used.
   */
  targetCPUUtilizationPercentage?: int32;
}

/** current status of a horizontal pod autoscaler */
export interface HorizontalPodAutoscalerStatus {
  /** observedGeneration is the most recent generation observed by this autoscaler. */
  observedGeneration?: int64;
  /**
   * lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods;
   * used by the autoscaler to control how often the number of pods is changed.
   */
  lastScaleTime?: Time;
  /** currentReplicas is the current number of replicas of pods managed by this autoscaler. */
  currentReplicas: int32;
  /** desiredReplicas is the  desired number of replicas of pods managed by this autoscaler. */
  desiredReplicas: int32;
  /**
   * currentCPUUtilizationPercentage is the current average CPU utilization over all pods, represented as a percentage of requested CPU,
   * e.g. 70 means that an average pod is using now 70% of its requested CPU.
   */
  currentCPUUtilizationPercentage?: int32;
}

/** ScaleSpec describes the attributes of a scale subresource. */
export interface ScaleSpec {
  /**
   * replicas is the desired number of instances for the scaled object.
   * +default=0
   */
  replicas?: int32;
}

/** ScaleStatus represents the current status of a scale subresource. */
export interface ScaleStatus {
  /** replicas is the actual number of observed instances of the scaled object. */
  replicas: int32;
  /**
   * selector is the label query over pods that should match the replicas count. This is same
   * as the label selector but in the string format to avoid introspection
   * by clients. The string will be in the same format as the query-param syntax.
   * More info about label selectors: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/
   */
  selector?: string;
}
