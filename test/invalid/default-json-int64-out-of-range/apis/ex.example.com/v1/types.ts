import type { ObjectMeta, TypeMeta, int64 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  /** +default={"limits": [1, -99999999999999999999]} */
  size?: Record<string, int64[]>;
}
