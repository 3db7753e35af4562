import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { Widget } from './widget';

/**
 * Note is a second kind in the package, with its data at the root instead of under spec, like a ConfigMap.
 * +kubebuilder:object:root=true
 */
export interface Note extends TypeMeta {
  metadata?: ObjectMeta;
  /** data holds the note's text by key. */
  data?: Record<string, string>;
  /** immutable forbids updates to data. */
  immutable?: boolean;
  /** author is required at the root. */
  author: string;
  /** widgetTemplate has a kind as its type: its metadata is a bare object too. */
  widgetTemplate?: Widget;
}
