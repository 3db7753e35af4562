import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { Cylinders } from '../v1/common.js';

/**
 * Engine v1beta1 is deprecated with a warning.
 * +kubebuilder:deprecatedversion:warning="multi.example.com/v1beta1 Engine is deprecated; use v1"
 */
export interface Engine extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: EngineSpec;
}

/** EngineSpec is the beta spec. */
export interface EngineSpec {
  /** fuel the engine burns. */
  fuel?: string;
  /** cylinders come from the v1 folder, imported with a `.js` extension. */
  cylinders?: Cylinders;
}
