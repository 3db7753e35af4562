import type { ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * Flunder is a namespaced example kind of the wardle API server.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:storageversion
 */
export interface Flunder extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: FlunderSpec;
  status?: FlunderStatus;
}

/**
 * FlunderList is a list of Flunder.
 * +kubebuilder:object:root=true
 */
export interface FlunderList extends TypeMeta {
  metadata?: ListMeta;
  items: Flunder[];
}

/** FlunderSpec is the specification of a Flunder. */
export interface FlunderSpec {
  /** reference is the name of a Flunder or Fischer this one refers to. */
  reference?: string;
  /** referenceType says what kind of object reference names. */
  referenceType?: 'Flunder' | 'Fischer';
}

/** FlunderStatus is the observed state of a Flunder. */
export interface FlunderStatus {
  /** observedGeneration is the last generation the controller acted on. */
  observedGeneration?: number;
}

/**
 * Fischer is a cluster-scoped example kind of the wardle API server.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:object:root=true
 * +kubebuilder:resource:scope=Cluster
 * +kubebuilder:storageversion
 */
export interface Fischer extends TypeMeta {
  metadata?: ObjectMeta;
  /** disallowedFlunders lists names of Flunders that may not be created. */
  disallowedFlunders?: string[];
}

/**
 * FischerList is a list of Fischer.
 * +kubebuilder:object:root=true
 */
export interface FischerList extends TypeMeta {
  metadata?: ListMeta;
  items: Fischer[];
}
