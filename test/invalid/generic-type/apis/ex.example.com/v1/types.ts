import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  size: Size<int32>;
  box: Box;
}

export interface Size {
  value: string;
}

export interface Box<T> {
  value: T;
}
