// Imported by kubegen import; edit freely: this is now API source.

import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

export type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

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
