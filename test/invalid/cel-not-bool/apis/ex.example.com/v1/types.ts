import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /**
   * +kubebuilder:validation:XValidation:rule="self + 1",message="not a condition"
   * +kubebuilder:validation:XValidation:rule="self > 0",messageExpression="self"
   */
  replicas?: int32;
}
