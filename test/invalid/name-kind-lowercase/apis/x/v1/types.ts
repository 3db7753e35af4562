import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 */
export interface widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: widgetSpec;
}

export interface widgetSpec {
  size: int32;
}
