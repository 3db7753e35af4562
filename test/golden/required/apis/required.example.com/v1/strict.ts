import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** Strict declares metadata without `?` (Go: json tag `metadata` without omitempty). */
export interface Strict extends TypeMeta {
  metadata: ObjectMeta;
  /** value is required. */
  value: string;
}
