import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** Widget is a kind, but nothing in its folder says which API group it belongs to. */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}
