import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface CronTab extends TypeMeta {
  metadata?: ObjectMeta;
  spec: CronTabSpec;
}

export interface CronTabSpec {
  /** cronSpec was renamed schedule in v1: without a conversion webhook its value would be lost. */
  cronSpec: string;
  image: string;
}
