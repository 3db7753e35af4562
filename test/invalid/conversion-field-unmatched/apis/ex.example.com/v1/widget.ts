import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:storageversion
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  /** Was `suspend` in v1beta1: optional in both, so no required-field error catches the rename. */
  paused?: boolean;
  image?: string;
  ports?: Port[];
  /** Was `cron` in v1beta1: converted by the hand-written functions, so no warning. */
  schedule?: string;
  /**
   * New in v1, meant to be missing from v1beta1 (kept in the annotation there), so no warning.
   * +k8s:conversion-gen=false
   */
  timeZone?: string;
}

export interface Port {
  /** Was `port` in v1beta1. */
  containerPort?: number;
  name?: string;
}
