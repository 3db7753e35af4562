import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /**
   * +kubebuilder:validation:Pattern=`^(a+)\1$`
   * +kubebuilder:default="aa"
   */
  twice?: string;
}
