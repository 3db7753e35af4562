import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:resource:shortName=w
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:resource:shortName={g,w}
 */
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
}
