import type { Condition, LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
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
  /** Renamed to `schedule` in v1. */
  cronSpec: string;
  image: string;
  replicas?: int32;
  /**
   * A duration in seconds such as `30s`; an int32 number of seconds in v1.
   * +kubebuilder:validation:Pattern=`^(0|[1-9][0-9]{0,3})s$`
   */
  timeout?: string;
  policy?: 'Allow' | 'Forbid';
  template?: Template;
  selector?: LabelSelector;
  env?: Record<string, EnvVar>;
  /**
   * Only in v1beta1.
   * +k8s:conversion-gen=false
   */
  betaOnly?: string;
}

export interface Template {
  labels?: Record<string, string>;
  containers: Container[];
}

export interface Container {
  name: string;
  image: string;
  // +k8s:conversion-gen=false
  betaNote?: string;
}

export interface EnvVar {
  name: string;
  value?: string;
}

export interface CronTabStatus {
  conditions?: Condition[];
  lastScheduleTime?: Time;
}
