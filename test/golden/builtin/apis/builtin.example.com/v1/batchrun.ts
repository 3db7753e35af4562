import type { JobSpec, JobStatus } from '@kubegen/api/batch/v1';
import type { ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * BatchRun is a kind whose spec and status are batch/v1's own Job types.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 */
export interface BatchRun extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: JobSpec;
  status?: JobStatus;
}

/**
 * BatchRunList is a list of BatchRuns.
 * +kubebuilder:object:root=true
 */
export interface BatchRunList extends TypeMeta {
  metadata?: ListMeta;
  items: BatchRun[];
}
