import type { int32 } from '@kubegen/runtime';

/** Cylinders describes an engine's cylinders; other files and other versions import it. */
export interface Cylinders {
  /**
   * count of cylinders.
   * +kubebuilder:validation:Minimum=1
   */
  count: int32;
  /** layout of the cylinders, such as V or inline. */
  layout?: string;
}

/** EngineStatus is the observed state of an Engine, shared by every version. */
export interface EngineStatus {
  /** running reports whether the engine runs. */
  running?: boolean;
  /** replicas is the observed number of engines. */
  replicas?: int32;
}
