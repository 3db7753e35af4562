import type { ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface CronTab extends TypeMeta {
  metadata?: ObjectMeta;
  spec: CronTabSpec;
}

/** +kubebuilder:object:root=true */
export interface CronTabList extends TypeMeta {
  metadata?: ListMeta;
  items: CronTab[];
}

export interface CronTabSpec {
  cronSpec: string;
  image: string;
  // +k8s:conversion-gen=false
  alphaOnly?: Container[];
}

export interface Container {
  name: string;
  image: string;
}
