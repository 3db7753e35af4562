import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 */
export interface Wid_get extends TypeMeta {
  metadata?: ObjectMeta;
  spec: Wid_getSpec;
}

export interface Wid_getSpec {
  size: int32;
}
