import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  byName: ByKey<'a', string>;
  byIndex: Indexed<'b'>;
}

export interface ByKey<K extends string, V> {
  entries: Record<K, V>;
}

export interface Indexed<K extends string> {
  values: { [key: K]: string };
}
