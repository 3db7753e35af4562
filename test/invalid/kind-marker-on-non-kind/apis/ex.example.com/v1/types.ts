import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

/**
 * WidgetSpec is not a kind: none of these markers would do anything here.
 * +genclient
 * +kubebuilder:subresource:status
 * +kubebuilder:resource:scope=Cluster
 * +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=`.size`
 */
export interface WidgetSpec {
  size: int32;
}
