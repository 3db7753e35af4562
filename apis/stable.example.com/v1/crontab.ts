import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * CronTab runs a container image on a cron schedule.
 * +genclient
 * +kubebuilder:storageversion
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:resource:shortName=ct
 * +kubebuilder:printcolumn:name="Schedule",type=string,JSONPath=`.spec.schedule`
 * +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`
 */
export interface CronTab extends TypeMeta {
  metadata?: ObjectMeta;
  spec: CronTabSpec;
  status?: CronTabStatus;
}

/**
 * CronTabList is a list of CronTab.
 * +kubebuilder:object:root=true
 */
export interface CronTabList extends TypeMeta {
  metadata?: ListMeta;
  items: CronTab[];
}

/** CronTabSpec is the desired state of a CronTab. */
export interface CronTabSpec {
  /**
   * schedule is the schedule in cron format (`cronSpec` in v1beta1).
   * +kubebuilder:validation:Pattern=`^(\S+\s+){4}\S+$`
   */
  schedule: string;
  /** image is the container image to run. */
  image: string;
  /**
   * replicas is the number of pods to run per schedule.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:default=1
   */
  replicas?: int32;
  /**
   * timeZone names the time zone of the schedule, e.g. `Etc/UTC` (v1 only; kept through v1beta1 in an annotation).
   * +k8s:conversion-gen=false
   */
  timeZone?: string;
}

/** CronTabStatus is the observed state of a CronTab. */
export interface CronTabStatus {
  /** lastScheduleTime is when the job last ran. */
  lastScheduleTime?: string;
}
