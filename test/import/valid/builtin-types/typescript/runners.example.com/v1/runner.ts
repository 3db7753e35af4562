// Imported by kubegen import; edit freely: this is now API source.

import type { PodTemplateSpec, ResourceRequirements, Toleration } from '@kubegen/api/core/v1';
import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Runner runs a pod template on a schedule.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 */
export interface Runner extends TypeMeta {
  metadata?: ObjectMeta;
  /** RunnerSpec is what a Runner runs. */
  spec: RunnerSpec;
  /** RunnerStatus reports the last run. */
  status?: RunnerStatus;
}

/**
 * RunnerList is a list of Runner.
 * +kubebuilder:object:root=true
 */
export interface RunnerList extends TypeMeta {
  metadata?: ListMeta;
  items: Runner[];
}

export interface RunnerSpec {
  /** budgets bound each named phase of a run. */
  budgets?: Record<string, ResourceRequirements>;
  /**
   * runs is how many runs are kept.
   * +kubebuilder:validation:Minimum=1
   */
  runs?: int32;
  /** template is the pod every run creates. */
  template: PodTemplateSpec;
  tolerations?: Toleration[];
}

export interface RunnerStatus {
  /** lastRun is the name of the last run's pod. */
  lastRun?: string;
}
