import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:storageversion
 */
export interface CronTab extends TypeMeta {
  metadata?: ObjectMeta;
  spec: CronTabSpec;
}

export interface CronTabSpec {
  schedule: string;
  image: string;
}
