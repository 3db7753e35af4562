import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:ac
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}
