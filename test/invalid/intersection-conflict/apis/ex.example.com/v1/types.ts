import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export type WidgetSpec = A & B;

export interface A {
  size: int32;
}

export interface B {
  size: string;
}
