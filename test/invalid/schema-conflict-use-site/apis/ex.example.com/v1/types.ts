import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface Limits { cpu?: string }

export interface WidgetSpec {
  /** +kubebuilder:validation:Type=string */
  limits: Limits;
}
