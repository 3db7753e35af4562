import type { Condition, LabelSelector, ListMeta, ObjectMeta, Quantity, Time, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:storageversion
 */
export interface CronTab extends TypeMeta {
  metadata?: ObjectMeta;
  spec: CronTabSpec;
  status?: CronTabStatus;
}

/** +kubebuilder:object:root=true */
export interface CronTabList extends TypeMeta {
  metadata?: ListMeta;
  items: CronTab[];
}

export interface CronTabSpec {
  schedule: string;
  image: string;
  /** +kubebuilder:default=1 */
  replicas?: int32;
  timeout?: int32;
  policy?: 'Allow' | 'Forbid' | 'Replace';
  template?: PodTemplate;
  selector?: LabelSelector;
  env?: Record<string, EnvVar>;
  // +k8s:conversion-gen=false
  v1Only?: { a?: string; b?: int32[] };
}

export interface PodTemplate {
  labels?: Record<string, string>;
  containers: Container[];
}

export interface Container {
  name: string;
  image: string;
  resources?: Record<string, Quantity>;
}

export interface EnvVar {
  name: string;
  value?: string;
}

export interface CronTabStatus {
  conditions?: Condition[];
  lastScheduleTime?: Time;
}
