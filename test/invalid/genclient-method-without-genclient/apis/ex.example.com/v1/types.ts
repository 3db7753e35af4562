import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}
