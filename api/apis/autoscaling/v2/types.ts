// Imported by kubegen import; edit freely: this is now API source.

import type { LabelSelector, ListMeta, ObjectMeta, Quantity, Time, TypeMeta, int32, int64 } from '@kubegen/runtime';
import type { ConditionStatus, ResourceName } from '../../core/v1/types.js';

export type { LabelSelector, ListMeta, ObjectMeta, Quantity, Time, TypeMeta } from '@kubegen/runtime';

/**
 * HorizontalPodAutoscaler is the configuration for a horizontal pod
 * autoscaler, which automatically manages the replica count of any resource
 * implementing the scale subresource based on the metrics specified.
 * +genclient
 * +kubebuilder:resource:path=horizontalpodautoscalers,scope=Namespaced
 * +kubebuilder:subresource:status
 * +kubebuilder:storageversion
 * +kubebuilder:object:root=true
 */
export interface HorizontalPodAutoscaler extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * spec is the specification for the behaviour of the autoscaler.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.
   * +required
   */
  spec?: HorizontalPodAutoscalerSpec;
  /** status is the current information about the autoscaler. */
  status?: HorizontalPodAutoscalerStatus;
}

/**
 * HorizontalPodAutoscalerList is a list of horizontal pod autoscaler objects.
 * +kubebuilder:object:root=true
 */
export interface HorizontalPodAutoscalerList extends TypeMeta {
  /** metadata is the standard list metadata. */
  metadata?: ListMeta;
  /** items is the list of horizontal pod autoscaler objects. */
  items: HorizontalPodAutoscaler[];
}

/**
 * ContainerResourceMetricSource indicates how to scale on a resource metric known to
 * Kubernetes, as specified in requests and limits, describing each pod in the
 * current scale target (e.g. CPU or memory).  The values will be averaged
 * together before being compared to the target.  Such metrics are built in to
 * Kubernetes, and have special scaling options on top of those available to
 * normal per-pod metrics using the "pods" source.  Only one "target" type
 * should be set.
 */
export interface ContainerResourceMetricSource {
  /** name is the name of the resource in question. */
  name: ResourceName;
  /** target specifies the target value for the given metric */
  target: MetricTarget;
  /** container is the name of the container in the pods of the scaling target */
  container: string;
}

/**
 * ContainerResourceMetricStatus indicates the current value of a resource metric known to
 * Kubernetes, as specified in requests and limits, describing a single container in each pod in the
 * current scale target (e.g. CPU or memory).  Such metrics are built in to
 * Kubernetes, and have special scaling options on top of those available to
 * normal per-pod metrics using the "pods" source.
 */
export interface ContainerResourceMetricStatus {
  /** name is the name of the resource in question. */
  name: ResourceName;
  /** current contains the current value for the given metric */
  current: MetricValueStatus;
  /** container is the name of the container in the pods of the scaling target */
  container: string;
}

/** CrossVersionObjectReference contains enough information to let you identify the referred resource. */
export interface CrossVersionObjectReference {
  /** kind is the kind of the referent; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds */
  kind: string;
  /** name is the name of the referent; More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names */
  name: string;
  /** apiVersion is the API version of the referent */
  apiVersion?: string;
}

/**
 * ExternalMetricSource indicates how to scale on a metric not associated with
 * any Kubernetes object (for example length of queue in cloud
 * messaging service, or QPS from loadbalancer running outside of cluster).
 */
export interface ExternalMetricSource {
  /** metric identifies the target metric by name and selector */
  metric: MetricIdentifier;
  /** target specifies the target value for the given metric */
  target: MetricTarget;
}

/**
 * ExternalMetricStatus indicates the current value of a global metric
 * not associated with any Kubernetes object.
 */
export interface ExternalMetricStatus {
  /** metric identifies the target metric by name and selector */
  metric: MetricIdentifier;
  /** current contains the current value for the given metric */
  current: MetricValueStatus;
}

/** HPAScalingPolicy is a single policy which must hold true for a specified past interval. */
export interface HPAScalingPolicy {
  /** type is used to specify the scaling policy. */
  type: HPAScalingPolicyType;
  /**
   * value contains the amount of change which is permitted by the policy.
   * It must be greater than zero
   */
  value: int32;
  /**
   * periodSeconds specifies the window of time for which the policy should hold true.
   * PeriodSeconds must be greater than zero and less than or equal to 1800 (30 min).
   */
  periodSeconds: int32;
}

/** HPAScalingPolicyType is the type of the policy which could be used while making scaling decisions. */
export type HPAScalingPolicyType = string;

/**
 * HPAScalingRules configures the scaling behavior for one direction via
 * scaling Policy Rules and a configurable metric tolerance.
 *
 * Scaling Policy Rules are applied after calculating DesiredReplicas from metrics for the HPA.
 * They can limit the scaling velocity by specifying scaling policies.
 * They can prevent flapping by specifying the stabilization window, so that the
 * number of replicas is not set instantly, instead, the safest value from the stabilization
 * window is chosen.
 *
 * The tolerance is applied to the metric values and prevents scaling too
 * eagerly for small metric variations.
 */
export interface HPAScalingRules {
  /**
   * stabilizationWindowSeconds is the number of seconds for which past recommendations should be
   * considered while scaling up or scaling down.
   * StabilizationWindowSeconds must be greater than or equal to zero and less than or equal to 3600 (one hour).
   * If not set, use the default values:
   * - For scale up: 0 (i.e. no stabilization is done).
   * - For scale down: 300 (i.e. the stabilization window is 300 seconds long).
   */
  stabilizationWindowSeconds?: int32;
  /**
   * selectPolicy is used to specify which policy should be used.
   * If not set, the default value Max is used.
   */
  selectPolicy?: ScalingPolicySelect;
  /**
   * policies is a list of potential scaling polices which can be used during scaling.
   * If not set, use the default values:
   * - For scale up: allow doubling the number of pods, or an absolute change of 4 pods in a 15s window.
   * - For scale down: allow all pods to be removed in a 15s window.
   * +listType=atomic
   */
  policies?: HPAScalingPolicy[];
  /**
   * tolerance is the tolerance on the ratio between the current and desired
   * metric value under which no updates are made to the desired number of
   * replicas (e.g. 0.01 for 1%). Must be greater than or equal to zero. If not
   * set, the default cluster-wide tolerance is applied (by default 10%).
   *
   * For example, if autoscaling is configured with a memory consumption target of 100Mi,
   * and scale-down and scale-up tolerances of 5% and 1% respectively, scaling will be
   * triggered when the actual consumption falls below 95Mi or exceeds 101Mi.
   */
  tolerance?: Quantity;
}

/**
 * HorizontalPodAutoscalerBehavior configures the scaling behavior of the target
 * in both Up and Down directions (scaleUp and scaleDown fields respectively).
 */
export interface HorizontalPodAutoscalerBehavior {
  /**
   * scaleUp is scaling policy for scaling Up.
   * If not set, the default value is the higher of:
   *   * increase no more than 4 pods per 60 seconds
   *   * double the number of pods per 60 seconds
   * No stabilization is used.
   */
  scaleUp?: HPAScalingRules;
  /**
   * scaleDown is scaling policy for scaling Down.
   * If not set, the default value is to allow to scale down to minReplicas pods, with a
   * 300 second stabilization window (i.e., the highest recommendation for
   * the last 300sec is used).
   */
  scaleDown?: HPAScalingRules;
}

/**
 * HorizontalPodAutoscalerCondition describes the state of
 * a HorizontalPodAutoscaler at a certain point.
 */
export interface HorizontalPodAutoscalerCondition {
  /** type describes the current condition */
  type: HorizontalPodAutoscalerConditionType;
  /** status is the status of the condition (True, False, Unknown) */
  status: ConditionStatus;
  /**
   * lastTransitionTime is the last time the condition transitioned from
   * one status to another
   */
  lastTransitionTime?: Time;
  /** reason is the reason for the condition's last transition. */
  reason?: string;
  /**
   * message is a human-readable explanation containing details about
   * the transition
   */
  message?: string;
  /**
   * observedGeneration represents the .metadata.generation that the condition was set based upon.
   * For instance, if .metadata.generation is currently 12, but the .status.conditions[x].observedGeneration is 9, the condition is out of date
   * with respect to the current state of the instance.
   */
  observedGeneration?: int64;
}

/**
 * HorizontalPodAutoscalerConditionType are the valid conditions of
 * a HorizontalPodAutoscaler.
 */
export type HorizontalPodAutoscalerConditionType = string;

/** HorizontalPodAutoscalerSpec describes the desired functionality of the HorizontalPodAutoscaler. */
export interface HorizontalPodAutoscalerSpec {
  /**
   * scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics
   * should be collected, as well as to actually change the replica count.
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
  /**
   * maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up.
   * It cannot be less that minReplicas.
   */
  maxReplicas: int32;
  /**
   * metrics contains the specifications for which to use to calculate the
   * desired replica count (the maximum replica count across all metrics will
   * be used).  The desired replica count is calculated multiplying the
   * ratio between the target value and the current value by the current
   * number of pods.  Ergo, metrics used must decrease as the pod count is
   * increased, and vice-versa.  See the individual metric source types for
   * more information about how each type of metric must respond.
   * If not set, the default metric will be set to 80% average CPU utilization.
   * +listType=atomic
   */
  metrics?: MetricSpec[];
  /**
   * behavior configures the scaling behavior of the target
   * in both Up and Down directions (scaleUp and scaleDown fields respectively).
   * If not set, the default HPAScalingRules for scale up and scale down are used.
   */
  behavior?: HorizontalPodAutoscalerBehavior;
}

/** HorizontalPodAutoscalerStatus describes the current status of a horizontal pod autoscaler. */
export interface HorizontalPodAutoscalerStatus {
  /** observedGeneration is the most recent generation observed by this autoscaler. */
  observedGeneration?: int64;
  /**
   * lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods,
   * used by the autoscaler to control how often the number of pods is changed.
   */
  lastScaleTime?: Time;
  /**
   * currentReplicas is current number of replicas of pods managed by this autoscaler,
   * as last seen by the autoscaler.
   */
  currentReplicas?: int32;
  /**
   * desiredReplicas is the desired number of replicas of pods managed by this autoscaler,
   * as last calculated by the autoscaler.
   */
  desiredReplicas: int32;
  /**
   * currentMetrics is the last read state of the metrics used by this autoscaler.
   * +listType=atomic
   * +optional
   */
  currentMetrics: MetricStatus[];
  /**
   * conditions is the set of conditions required for this autoscaler to scale its target,
   * and indicates whether or not those conditions are met.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: HorizontalPodAutoscalerCondition[];
}

/** MetricIdentifier defines the name and optionally selector for a metric */
export interface MetricIdentifier {
  /** name is the name of the given metric */
  name: string;
  /**
   * selector is the string-encoded form of a standard kubernetes label selector for the given metric
   * When set, it is passed as an additional parameter to the metrics server for more specific metrics scoping.
   * When unset, just the metricName will be used to gather metrics.
   */
  selector?: LabelSelector;
}

/** MetricSourceType indicates the type of metric. */
export type MetricSourceType = string;

/**
 * MetricSpec specifies how to scale based on a single metric
 * (only `type` and one other matching field should be set at once).
 */
export interface MetricSpec {
  /**
   * type is the type of metric source.  It should be one of "ContainerResource", "External",
   * "Object", "Pods" or "Resource", each mapping to a matching field in the object.
   */
  type: MetricSourceType;
  /**
   * object refers to a metric describing a single kubernetes object
   * (for example, hits-per-second on an Ingress object).
   */
  object?: ObjectMetricSource;
  /**
   * pods refers to a metric describing each pod in the current scale target
   * (for example, transactions-processed-per-second).  The values will be
   * averaged together before being compared to the target value.
   */
  pods?: PodsMetricSource;
  /**
   * resource refers to a resource metric (such as those specified in
   * requests and limits) known to Kubernetes describing each pod in the
   * current scale target (e.g. CPU or memory). Such metrics are built in to
   * Kubernetes, and have special scaling options on top of those available
   * to normal per-pod metrics using the "pods" source.
   */
  resource?: ResourceMetricSource;
  /**
   * containerResource refers to a resource metric (such as those specified in
   * requests and limits) known to Kubernetes describing a single container in
   * each pod of the current scale target (e.g. CPU or memory). Such metrics are
   * built in to Kubernetes, and have special scaling options on top of those
   * available to normal per-pod metrics using the "pods" source.
   */
  containerResource?: ContainerResourceMetricSource;
  /**
   * external refers to a global metric that is not associated
   * with any Kubernetes object. It allows autoscaling based on information
   * coming from components running outside of cluster
   * (for example length of queue in cloud messaging service, or
   * QPS from loadbalancer running outside of cluster).
   */
  external?: ExternalMetricSource;
}

/** MetricStatus describes the last-read state of a single metric. */
export interface MetricStatus {
  /**
   * type is the type of metric source.  It will be one of "ContainerResource", "External",
   * "Object", "Pods" or "Resource", each corresponds to a matching field in the object.
   */
  type: MetricSourceType;
  /**
   * object refers to a metric describing a single kubernetes object
   * (for example, hits-per-second on an Ingress object).
   */
  object?: ObjectMetricStatus;
  /**
   * pods refers to a metric describing each pod in the current scale target
   * (for example, transactions-processed-per-second).  The values will be
   * averaged together before being compared to the target value.
   */
  pods?: PodsMetricStatus;
  /**
   * resource refers to a resource metric (such as those specified in
   * requests and limits) known to Kubernetes describing each pod in the
   * current scale target (e.g. CPU or memory). Such metrics are built in to
   * Kubernetes, and have special scaling options on top of those available
   * to normal per-pod metrics using the "pods" source.
   */
  resource?: ResourceMetricStatus;
  /**
   * containerResource refers to a resource metric (such as those specified in
   * requests and limits) known to Kubernetes describing a single container in each pod in the
   * current scale target (e.g. CPU or memory). Such metrics are built in to
   * Kubernetes, and have special scaling options on top of those available
   * to normal per-pod metrics using the "pods" source.
   */
  containerResource?: ContainerResourceMetricStatus;
  /**
   * external refers to a global metric that is not associated
   * with any Kubernetes object. It allows autoscaling based on information
   * coming from components running outside of cluster
   * (for example length of queue in cloud messaging service, or
   * QPS from loadbalancer running outside of cluster).
   */
  external?: ExternalMetricStatus;
}

/** MetricTarget defines the target value, average value, or average utilization of a specific metric */
export interface MetricTarget {
  /** type represents whether the metric type is Utilization, Value, or AverageValue */
  type: MetricTargetType;
  /** value is the target value of the metric (as a quantity). */
  value?: Quantity;
  /**
   * averageValue is the target value of the average of the
   * metric across all relevant pods (as a quantity)
   */
  averageValue?: Quantity;
  /**
   * averageUtilization is the target value of the average of the
   * resource metric across all relevant pods, represented as a percentage of
   * the requested value of the resource for the pods.
   * Currently only valid for Resource metric source type
   */
  averageUtilization?: int32;
}

/**
 * MetricTargetType specifies the type of metric being targeted, and should be either
 * "Value", "AverageValue", or "Utilization"
 */
export type MetricTargetType = string;

/** MetricValueStatus holds the current value for a metric */
export interface MetricValueStatus {
  /** value is the current value of the metric (as a quantity). */
  value?: Quantity;
  /**
   * averageValue is the current value of the average of the
   * metric across all relevant pods (as a quantity)
   */
  averageValue?: Quantity;
  /**
   * averageUtilization is the current value of the average of the
   * resource metric across all relevant pods, represented as a percentage of
   * the requested value of the resource for the pods.
   */
  averageUtilization?: int32;
}

/**
 * ObjectMetricSource indicates how to scale on a metric describing a
 * kubernetes object (for example, hits-per-second on an Ingress object).
 */
export interface ObjectMetricSource {
  /** describedObject specifies the descriptions of a object,such as kind,name apiVersion */
  describedObject: CrossVersionObjectReference;
  /** target specifies the target value for the given metric */
  target: MetricTarget;
  /** metric identifies the target metric by name and selector */
  metric: MetricIdentifier;
}

/**
 * ObjectMetricStatus indicates the current value of a metric describing a
 * kubernetes object (for example, hits-per-second on an Ingress object).
 */
export interface ObjectMetricStatus {
  /** metric identifies the target metric by name and selector */
  metric: MetricIdentifier;
  /** current contains the current value for the given metric */
  current: MetricValueStatus;
  /** describedObject specifies the descriptions of a object,such as kind,name apiVersion */
  describedObject: CrossVersionObjectReference;
}

/**
 * PodsMetricSource indicates how to scale on a metric describing each pod in
 * the current scale target (for example, transactions-processed-per-second).
 * The values will be averaged together before being compared to the target
 * value.
 */
export interface PodsMetricSource {
  /** metric identifies the target metric by name and selector */
  metric: MetricIdentifier;
  /** target specifies the target value for the given metric */
  target: MetricTarget;
}

/**
 * PodsMetricStatus indicates the current value of a metric describing each pod in
 * the current scale target (for example, transactions-processed-per-second).
 */
export interface PodsMetricStatus {
  /** metric identifies the target metric by name and selector */
  metric: MetricIdentifier;
  /** current contains the current value for the given metric */
  current: MetricValueStatus;
}

/**
 * ResourceMetricSource indicates how to scale on a resource metric known to
 * Kubernetes, as specified in requests and limits, describing each pod in the
 * current scale target (e.g. CPU or memory).  The values will be averaged
 * together before being compared to the target.  Such metrics are built in to
 * Kubernetes, and have special scaling options on top of those available to
 * normal per-pod metrics using the "pods" source.  Only one "target" type
 * should be set.
 */
export interface ResourceMetricSource {
  /** name is the name of the resource in question. */
  name: ResourceName;
  /** target specifies the target value for the given metric */
  target: MetricTarget;
}

/**
 * ResourceMetricStatus indicates the current value of a resource metric known to
 * Kubernetes, as specified in requests and limits, describing each pod in the
 * current scale target (e.g. CPU or memory).  Such metrics are built in to
 * Kubernetes, and have special scaling options on top of those available to
 * normal per-pod metrics using the "pods" source.
 */
export interface ResourceMetricStatus {
  /** name is the name of the resource in question. */
  name: ResourceName;
  /** current contains the current value for the given metric */
  current: MetricValueStatus;
}

/** ScalingPolicySelect is used to specify which policy should be used while scaling in a certain direction */
export type ScalingPolicySelect = string;
