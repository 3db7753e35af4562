import type { ObjectMeta, TypeMeta, int64 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /** +kubebuilder:default=9223372036854775808 */
  size?: int64;
}
