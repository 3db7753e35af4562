import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /** +kubebuilder:validation:XValidation:rule="self.all(a, self.exists(b, a != b))",message="no list without a second value" */
  hosts?: string[];
  /**
   * +kubebuilder:validation:MaxItems=10
   * +kubebuilder:validation:items:MaxLength=64
   * +kubebuilder:validation:XValidation:rule="self.all(a, self.exists(b, a != b))",message="bounded: within budget"
   */
  bounded?: string[];
}
