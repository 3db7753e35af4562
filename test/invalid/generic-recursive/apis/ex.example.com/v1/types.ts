import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  tree: Tree<string>;
  nest?: Nest<int32>;
}

export interface Tree<T> {
  value: T;
  children?: Array<Tree<T>>;
}

export interface Nest<T> {
  inner?: Nest<T[]>;
}
