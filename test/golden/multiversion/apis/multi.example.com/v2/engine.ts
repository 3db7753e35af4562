import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';
import type { Cylinders, EngineStatus } from '../v1/common';

/**
 * Engine v2 is deprecated without a warning, and has the status subresource.
 * +kubebuilder:deprecatedversion
 * +kubebuilder:subresource:status
 * +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
 */
export interface Engine extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: EngineSpec;
  status?: EngineStatus;
}

/** EngineSpec is the v2 spec. */
export interface EngineSpec {
  /** replicas is the desired number of engines. */
  replicas?: int32;
  /** fuels the engine can burn. */
  fuels?: string[];
  /** cylinders come from the v1 folder, imported without an extension. */
  cylinders?: Cylinders;
}
