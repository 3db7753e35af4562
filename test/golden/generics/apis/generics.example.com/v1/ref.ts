import type { int32 } from '@kubegen/runtime';

/** Ref names an object of one kind. */
export interface Ref<T> {
  /**
   * The object's name.
   * +kubebuilder:validation:MinLength=1
   */
  name: string;
  /** The object's kind. */
  kind?: T;
}

/** Page holds a list of items and its size. */
export interface Page<Item, Size = int32> {
  items?: Item[];
  /** +kubebuilder:validation:Minimum=0 */
  total?: Size;
}

/** Pair is two values. */
export type Pair<K, V> = {
  key: K;
  value: V;
};

/** Labelled wraps a value with labels. */
export interface Labelled<T> {
  labels?: Record<string, string>;
  value?: T;
}
