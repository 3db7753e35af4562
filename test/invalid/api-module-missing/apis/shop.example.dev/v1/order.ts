import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { PodTemplateSpec } from '@kubegen/api/cor/v1';
import type * as apps from '@kubegen/api/apps/v9';

export interface OrderSpec {
  template: PodTemplateSpec;
  strategy?: apps.DeploymentStrategy;
}

/** Order is a sample kind. */
export interface Order extends TypeMeta {
  metadata?: ObjectMeta;
  spec: OrderSpec;
}
