import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  tree?: Branch;
}

export interface Branch {
  leaves?: Record<string, { next?: Branch }>;
}
