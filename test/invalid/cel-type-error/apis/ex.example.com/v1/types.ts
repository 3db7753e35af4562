import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /** +kubebuilder:validation:XValidation:rule="self == 3",message="mode is a string" */
  mode?: 'Fast' | 'Slow';
}
