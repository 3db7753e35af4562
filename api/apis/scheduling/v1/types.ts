// Imported by kubegen import; edit freely: this is now API source.

import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';
import type { PreemptionPolicy } from '../../core/v1/types.js';

export type { ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * PriorityClass defines mapping from a priority class name to the priority
 * integer value. The value can be any valid integer.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:path=priorityclasses,scope=Cluster
 * +kubebuilder:object:root=true
 */
export interface PriorityClass extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * value represents the integer value of this priority class. This is the actual priority that pods
   * receive when they have the name of this class in their pod spec.
   * +optional
   */
  value: int32;
  /**
   * globalDefault specifies whether this PriorityClass should be considered as
   * the default priority for pods that do not have any priority class.
   * Only one PriorityClass can be marked as `globalDefault`. However, if more than
   * one PriorityClasses exists with their `globalDefault` field set to true,
   * the smallest value of such global default PriorityClasses will be used as the default priority.
   */
  globalDefault?: boolean;
  /**
   * description is an arbitrary string that usually provides guidelines on
   * when this priority class should be used.
   */
  description?: string;
  /**
   * preemptionPolicy is the Policy for preempting pods with lower priority.
   * One of Never, PreemptLowerPriority.
   * Defaults to PreemptLowerPriority if unset.
   */
  preemptionPolicy?: PreemptionPolicy;
}

/**
 * PriorityClassList is a collection of priority classes.
 * +kubebuilder:object:root=true
 */
export interface PriorityClassList extends TypeMeta {
  /**
   * Standard list metadata
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ListMeta;
  /** items is the list of PriorityClasses */
  items: PriorityClass[];
}
