import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec extends Base {
  /** size is declared again, with the same type. */
  size: int32;
}

export interface Base {
  size: int32;
}
