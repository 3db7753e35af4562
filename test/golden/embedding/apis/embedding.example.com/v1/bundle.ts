import type { LocalObjectReference, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** Bundle exercises `extends` and `&`, which merge like Go inline embedding. */
export interface Bundle extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: BundleSpec;
}

/**
 * Identity is embedded in several places; its own doc never reaches an embedding type.
 * +kubebuilder:validation:XValidation:rule="self.name != self.owner",message="name and owner must differ"
 */
export interface Identity {
  /** name is required in every type that embeds Identity. */
  name: string;
  /** owner is optional. */
  owner?: string;
}

/**
 * Sizing is embedded too and brings a type-level object validation with it.
 * +kubebuilder:validation:MinProperties=1
 */
export interface Sizing {
  /**
   * replicas is bounded.
   * +kubebuilder:validation:Minimum=0
   */
  replicas?: int32;
  /** memory is a free-form size. */
  memory?: string;
}

/** Versioned extends Identity, so embedding Versioned embeds Identity as well. */
export interface Versioned extends Identity {
  /** version is required. */
  version: string;
}

/**
 * BundleSpec extends two interfaces and adds its own properties and rule.
 * +kubebuilder:validation:XValidation:rule="!has(self.replicas) || self.replicas <= self.limit",message="replicas must not exceed limit"
 */
export interface BundleSpec extends Versioned, Sizing {
  /** limit is the spec's own property. */
  limit: int32;
  /** combo is an intersection of two named types and an object literal. */
  combo?: Combo;
  /** pair is an intersection of two named types only. */
  pair?: Pair;
  /** inline is an intersection written inline on the property. */
  inline?: Identity & {
    /** note is only in the inline intersection. */
    note?: string;
  };
  /** identity uses Identity as a plain property: its type doc is not used because this doc wins. */
  identity?: Identity;
  sizing?: Sizing;
  /** ref extends a well-known type. */
  ref?: NamespacedRef;
}

/** NamespacedRef extends the well-known LocalObjectReference, which is atomic, with a namespace. */
export interface NamespacedRef extends LocalObjectReference {
  /** namespace of the referent. */
  namespace?: string;
}

/**
 * Combo is `Identity & Sizing & { ... }`.
 * +kubebuilder:validation:XValidation:rule="has(self.tag)",message="tag is required"
 */
export type Combo = Identity &
  Sizing & {
    /** tag is Combo's own property. */
    tag?: string;
  };

/** Pair is `Identity & Sizing`. */
export type Pair = Identity & Sizing;
