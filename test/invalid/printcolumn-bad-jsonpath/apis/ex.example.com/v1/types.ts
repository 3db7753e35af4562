import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=`spec.size`
 * +kubebuilder:printcolumn:name="",type=integer,JSONPath=`.spec.size`
 * +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`,format=time
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  size: int32;
}
