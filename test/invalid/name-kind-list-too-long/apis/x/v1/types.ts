import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 */
export interface WidgetWithAVeryLongNameThatGoesOnAndOnAndOnForeverAndEverAndEv extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetWithAVeryLongNameThatGoesOnAndOnAndOnForeverAndEverAndEvSpec;
}

export interface WidgetWithAVeryLongNameThatGoesOnAndOnAndOnForeverAndEverAndEvSpec {
  size: int32;
}
