import type { DeploymentStrategy } from '@kubegen/api/apps/v1';
import type { Affinity, Container, EnvVar, PersistentVolumeClaim, PodPhase, PodTemplateSpec, ResourceRequirements, ServicePort, Toleration } from '@kubegen/api/core/v1';
import type { Condition, ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * Workload runs a pod template with the scheduling and storage settings of Kubernetes' own workloads.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 */
export interface Workload extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WorkloadSpec;
  status?: WorkloadStatus;
}

/** WorkloadSpec embeds built-in types as properties, lists, pointers and maps. */
export interface WorkloadSpec {
  /** template is the pod template every replica runs. */
  template: PodTemplateSpec;
  /** resources bound the workload as a whole. */
  resources?: ResourceRequirements;
  /** tolerations are added to every pod. */
  tolerations?: Toleration[];
  /** affinity overrides the template's affinity. */
  affinity?: Affinity;
  /** strategy replaces old pods by new ones. */
  strategy?: DeploymentStrategy;
  /** volumeClaimTemplates are claims every replica gets. */
  volumeClaimTemplates?: PersistentVolumeClaim[];
  /**
   * ports are exposed by the workload's service.
   * +listType=map
   * +listMapKey=port
   * +listMapKey=protocol
   */
  ports?: ServicePort[];
  /** sidecars run next to the template's containers. */
  sidecars?: Sidecar[];
  /** env is shared by every container; it has no doc of its own in EnvVar's place. */
  env?: EnvVar[];
}

/** Sidecar is a container with one setting of its own (Go inline embedding of a built-in type). */
export interface Sidecar extends Container {
  /** critical sidecars stop the workload when they fail. */
  critical?: boolean;
}

/** WorkloadStatus reports per-pod phases. */
export interface WorkloadStatus {
  /** phases maps pod names to their phase. */
  phases?: Record<string, PodPhase>;
  /** phase is the phase of the newest pod. */
  phase?: PodPhase;
  /**
   * conditions of the workload.
   * +listType=map
   * +listMapKey=type
   */
  conditions?: Condition[];
}

/**
 * WorkloadList is a list of Workloads.
 * +kubebuilder:object:root=true
 */
export interface WorkloadList extends TypeMeta {
  metadata?: ListMeta;
  items: Workload[];
}
