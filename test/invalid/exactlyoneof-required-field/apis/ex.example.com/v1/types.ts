import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

/** +kubebuilder:validation:ExactlyOneOf=a;b */
export interface WidgetSpec {
  a: string;
  b?: string;
}
