import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  inline: Box<{ a: string }>;
  arity: Box<string, string>;
  clash: Box<'int32'>;
  other: Box<int32>;
}

export interface Box<T> {
  value: T;
}
