import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** Form exercises which properties are required, and the precedence of the required/optional markers. */
export interface Form extends TypeMeta {
  metadata?: ObjectMeta;
  /** spec is required because it has no `?`. */
  spec: FormSpec;
}

/** FormSpec holds one property per rule. */
export interface FormSpec {
  /** plain has no `?` and no marker: required. */
  plain: string;
  /** question has `?`: optional. */
  question?: string;
  /** undefinedUnion has `?` and `| undefined`: optional. */
  undefinedUnion?: string | undefined;
  /**
   * optionalMarker has no `?` but `+optional`: optional.
   * +optional
   */
  optionalMarker: string;
  /**
   * k8sOptional has no `?` but `+k8s:optional`: optional.
   * +k8s:optional
   */
  k8sOptional: string;
  /**
   * kubebuilderOptional has no `?` but `+kubebuilder:validation:Optional`: optional.
   * +kubebuilder:validation:Optional
   */
  kubebuilderOptional: string;
  /**
   * requiredMarker has `?` but `+required`: required.
   * +required
   */
  requiredMarker?: string;
  /**
   * k8sRequired has `?` but `+k8s:required`: required.
   * +k8s:required
   */
  k8sRequired?: string;
  /**
   * kubebuilderRequired has `?` but `+kubebuilder:validation:Required`: required.
   * +kubebuilder:validation:Required
   */
  kubebuilderRequired?: string;
  /**
   * kubebuilderBoth carries both kubebuilder markers: Optional wins.
   * +kubebuilder:validation:Required
   * +kubebuilder:validation:Optional
   */
  kubebuilderBoth: string;
  /**
   * kubebuilderRequiredOverOptional: `+kubebuilder:validation:Required` wins over `+optional`.
   * +optional
   * +kubebuilder:validation:Required
   */
  kubebuilderRequiredOverOptional?: string;
  /**
   * optionalOverRequired: `+optional` wins over `+required`.
   * +required
   * +optional
   */
  optionalOverRequired: string;
  /**
   * k8sOptionalOverRequired: `+k8s:optional` wins over `+k8s:required`.
   * +k8s:required
   * +k8s:optional
   */
  k8sOptionalOverRequired: string;
  /**
   * kubebuilderOptionalOverRequired: `+kubebuilder:validation:Optional` wins over `+required`.
   * +required
   * +kubebuilder:validation:Optional
   */
  kubebuilderOptionalOverRequired: string;
  /** +optional */
  onlyMarker: string;
  /** nested is an optional object whose own properties follow the same rules. */
  nested?: Nested;
}

/** Nested has a required and an optional property. */
export interface Nested {
  /** id is required. */
  id: string;
  /** note is optional. */
  note?: string;
}
