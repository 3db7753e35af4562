import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

/** +kubebuilder:object:root=true
 * +kubebuilder:resource:shortNames=wd
 */
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
}

export interface WidgetSpec {
  size: int32;
}
