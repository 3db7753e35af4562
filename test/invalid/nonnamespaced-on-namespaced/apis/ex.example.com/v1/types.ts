import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:object:root=true
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  size: int32;
}
