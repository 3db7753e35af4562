import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /** +kubebuilder:validation:XValidation:rule="self.all(k, v, v.size() < 64)" */
  labels: Record<string, string>;
  /** +kubebuilder:validation:XValidation:rule="self.size() > 'a'" */
  name: string;
}
