import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';
import type { Cylinders, EngineStatus } from './common.js';

/**
 * Engine v1 is the storage version.
 * +kubebuilder:storageversion
 * +kubebuilder:resource:shortName=eng
 * +kubebuilder:subresource:status
 * +kubebuilder:printcolumn:name="Fuel",type=string,JSONPath=`.spec.fuel`
 */
export interface Engine extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: EngineSpec;
  status?: EngineStatus;
}

/** EngineSpec is the desired state of an Engine. */
export interface EngineSpec {
  /** fuel the engine burns. */
  fuel: string;
  /** cylinders of the engine, from another file of this folder. */
  cylinders?: Cylinders;
  /** replicas is the desired number of engines; stored here for v2's scale subresource. */
  replicas?: int32;
}
