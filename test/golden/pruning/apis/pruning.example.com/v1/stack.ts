import type { JSON, ObjectMeta, RawExtension, TypeMeta, int32, int64 } from '@kubegen/runtime';

/** Stack exercises Schemaless, embedded resources, preserved unknown fields and Type/Format overrides. */
export interface Stack extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: StackSpec;
}

/** Extra is an ordinary struct that the markers below open up or replace. */
export interface Extra {
  /** name of the extra. */
  name?: string;
  /** size of the extra. */
  size?: int32;
}

/**
 * Manifest is an embedded resource by its type's markers.
 * +kubebuilder:validation:XEmbeddedResource
 * +kubebuilder:pruning:PreserveUnknownFields
 */
export interface Manifest {
  /** apiVersion of the manifest. */
  apiVersion?: string;
  /** kind of the manifest. */
  kind?: string;
}

/**
 * Open keeps unknown fields, by the pruning marker on the type.
 * +kubebuilder:pruning:PreserveUnknownFields
 */
export interface Open {
  /** known is the one declared property. */
  known?: string;
}

/**
 * Bag is a map type that keeps unknown fields, by the deprecated spelling on the type.
 * +kubebuilder:validation:XPreserveUnknownFields
 */
export type Bag = Record<string, string>;

/**
 * Stamp is an int64 whose type marker renders it as a string, without its int64 format.
 * +kubebuilder:validation:Type=string
 * +kubebuilder:validation:Format=""
 * +kubebuilder:validation:XValidation:rule="self.matches('^[0-9]+$')",message="stamp must be digits"
 */
export type Stamp = int64;

/** StackSpec holds the fields. */
export interface StackSpec {
  /**
   * template is any object, left without a schema.
   * +kubebuilder:validation:Schemaless
   * +kubebuilder:validation:Type=object
   * +kubebuilder:pruning:PreserveUnknownFields
   */
  template?: Extra;
  /**
   * resource is an embedded resource by the field-only marker.
   * +kubebuilder:validation:EmbeddedResource
   */
  resource?: RawExtension;
  /**
   * resource2 is an embedded resource by the X marker on a field.
   * +kubebuilder:validation:XEmbeddedResource
   */
  resource2?: RawExtension;
  /** manifest is an embedded resource by its type. */
  manifest?: Manifest;
  /**
   * open keeps unknown fields by the field's pruning marker.
   * +kubebuilder:pruning:PreserveUnknownFields
   */
  open?: Extra;
  /**
   * openDeprecated keeps unknown fields by the deprecated X marker on the field.
   * +kubebuilder:validation:XPreserveUnknownFields
   */
  openDeprecated?: Extra;
  /** openType keeps unknown fields by its type's marker. */
  openType?: Open;
  /** bag keeps unknown fields by its map type's marker. */
  bag?: Bag;
  /**
   * config is any JSON value whose type is forced to object.
   * +kubebuilder:validation:Type=object
   */
  config?: JSON;
  /**
   * version is an int64 rendered as a string without format.
   * +kubebuilder:validation:Type=string
   * +kubebuilder:validation:Format=""
   */
  version?: int64;
  /**
   * blob is a string with the byte format.
   * +kubebuilder:validation:Format=byte
   */
  blob?: string;
  /** stamp takes its type, format and rule from the type Stamp. */
  stamp?: Stamp;
}
