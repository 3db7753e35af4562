import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** Survey lives in a package whose properties are optional by default. */
export interface Survey extends TypeMeta {
  metadata?: ObjectMeta;
  spec: SurveySpec;
}

/** SurveySpec mixes unmarked and explicitly required properties. */
export interface SurveySpec {
  /** title has no `?` but the package default makes it optional. */
  title: string;
  /** subtitle has `?`: optional. */
  subtitle?: string;
  /**
   * owner is required through `+required`.
   * +required
   */
  owner: string;
  /**
   * deadline is required through `+kubebuilder:validation:Required`, despite its `?`.
   * +kubebuilder:validation:Required
   */
  deadline?: string;
  /**
   * audience is required through `+k8s:required`.
   * +k8s:required
   */
  audience: string;
  /**
   * notes is explicitly optional, as the package default already makes it.
   * +optional
   */
  notes: string;
  /** questions is a list of objects whose properties follow the package default too. */
  questions: Question[];
}

/** Question is one survey question. */
export interface Question {
  /** text has no `?` and is still optional. */
  text: string;
  /** weight has no `?` and is still optional. */
  weight: int32;
}
