import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}

/**
 * Gadget claims Widget's plural.
 * +kubebuilder:object:root=true
 * +kubebuilder:resource:path=widgets
 */
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
}
