import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}

export enum Mode { Fast = 'fast', Slow = 2 }

export interface WidgetSpec {
  mode: Mode;
}
