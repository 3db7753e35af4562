import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:selectablefield:JSONPath=`.spec.sise`
 * +kubebuilder:selectablefield:JSONPath=`.spec.tags`
 * +kubebuilder:selectablefield:JSONPath=`.spec['size']`
 * +kubebuilder:selectablefield:JSONPath=`.spec.size`
 * +kubebuilder:selectablefield:JSONPath=`.spec.size`
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export interface WidgetSpec {
  size: int32;
  tags: string[];
}
