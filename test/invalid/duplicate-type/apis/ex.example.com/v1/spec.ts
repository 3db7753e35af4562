import type { int32 } from '@kubegen/runtime';

export interface WidgetSpec {
  replicas: int32;
}
