import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { Cylinders, EngineStatus } from '../v1/common';

/**
 * Engine v2 is deprecated without a warning, and has the status subresource.
 * +kubebuilder:deprecatedversion
 * +kubebuilder:subresource:status
 */
export interface Engine extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: EngineSpec;
  status?: EngineStatus;
}

/** EngineSpec is the v2 spec. */
export interface EngineSpec {
  /** fuels the engine can burn. */
  fuels?: string[];
  /** cylinders come from the v1 folder, imported without an extension. */
  cylinders?: Cylinders;
}
