import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  suspend?: boolean;
  image?: string;
  ports?: Port[];
  cron?: string;
}

export interface Port {
  port?: number;
  name?: string;
}
