import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Policy exercises CEL validation rules: XValidation with every argument, the one-of markers and
 * `+k8s:immutable`.
 * +kubebuilder:validation:XValidation:rule="self.metadata.name.size() <= 40",message="name must be at most 40 characters"
 */
export interface Policy extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: PolicySpec;
}

/**
 * PolicySpec carries type-level rules.
 * +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
 * +kubebuilder:validation:XValidation:rule="self.maxReplicas <= 100",messageExpression="self.maxReplicas > 1000 ? 'maxReplicas is far above 100' : 'maxReplicas is above 100'",reason=FieldValueForbidden,fieldPath=".maxReplicas"
 */
export interface PolicySpec {
  /** minReplicas is the lower bound. */
  minReplicas: int32;
  /** maxReplicas is the upper bound. */
  maxReplicas: int32;
  /**
   * name cannot change after creation.
   * +k8s:immutable
   */
  name: string;
  /**
   * region cannot change once set, and cannot be removed.
   * +k8s:immutable
   */
  region?: string;
  /**
   * level may only grow; the rule sees oldSelf as an optional.
   * +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self >= oldSelf.value()",message="level may not decrease",optionalOldSelf=true
   */
  level?: int32;
  /**
   * tier has two field rules with different reasons.
   * +kubebuilder:validation:XValidation:rule="self != 'forbidden'",message="tier must not be forbidden",reason=FieldValueInvalid
   * +kubebuilder:validation:XValidation:rule="self.size() > 0",message="tier is required",reason=FieldValueRequired
   */
  tier?: string;
  // path is written with line comments because its rule contains a star followed by a slash,
  // which would end a JSDoc block.
  // +kubebuilder:validation:XValidation:rule="self.matches('^/.*/$')",message="path must start and end with a slash"
  path?: string;
  /** source is a one-of union. */
  source?: Source;
  /**
   * mirror adds a field-level rule to the rules of its type Source.
   * +kubebuilder:validation:XValidation:rule="!has(self.tag)",message="mirrors track branches, not tags"
   */
  mirror?: Source;
}

/**
 * Source is a union expressed with the one-of markers.
 * +kubebuilder:validation:XValidation:rule="!has(self.git) || self.git != ''",message="git must not be empty"
 * +kubebuilder:validation:ExactlyOneOf=git;image;archive
 * +kubebuilder:validation:AtMostOneOf=branch;tag
 * +kubebuilder:validation:AtLeastOneOf=owner;team
 */
export interface Source {
  /** git is a repository URL. */
  git?: string;
  /** image is a container image. */
  image?: string;
  /** archive is a tarball URL. */
  archive?: string;
  /** branch to check out. */
  branch?: string;
  /** tag to check out. */
  tag?: string;
  /** owner is a person. */
  owner?: string;
  /** team is a group of people. */
  team?: string;
}
