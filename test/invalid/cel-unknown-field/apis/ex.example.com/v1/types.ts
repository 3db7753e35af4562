import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

/**
 * +kubebuilder:validation:XValidation:rule="self.replicaz >= 1",message="at least one replica"
 */
export interface WidgetSpec {
  replicas?: int32;
  /** +kubebuilder:validation:XValidation:rule="!has(self.inner.valeu)" */
  nested?: { inner?: { value?: string } };
}
