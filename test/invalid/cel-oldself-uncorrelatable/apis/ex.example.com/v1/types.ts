import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /** +kubebuilder:validation:MaxItems=8 */
  rules?: Rule[];
}

/** +kubebuilder:validation:XValidation:rule="self.name == oldSelf.name",message="name is immutable" */
export interface Rule {
  /** +kubebuilder:validation:MaxLength=32 */
  name: string;
}
