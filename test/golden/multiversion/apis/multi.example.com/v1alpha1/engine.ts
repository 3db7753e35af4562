import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * Engine v1alpha1 is no longer served.
 * +kubebuilder:unservedversion
 */
export interface Engine extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: EngineSpec;
}

/** EngineSpec is the alpha spec. */
export interface EngineSpec {
  /** fuelType is the alpha name of fuel. */
  fuelType?: string;
}
