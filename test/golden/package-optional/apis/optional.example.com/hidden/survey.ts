import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** Survey in a skipped package: no CRD version is generated from it. */
export interface Survey extends TypeMeta {
  metadata?: ObjectMeta;
  /** draft is only here to differ from the served Survey. */
  draft?: boolean;
}
