import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * Engine v3alpha1 is skipped: it appears in no CRD.
 * +kubebuilder:skipversion
 */
export interface Engine extends TypeMeta {
  metadata?: ObjectMeta;
  /** experimental is only in the skipped version. */
  experimental?: boolean;
}
