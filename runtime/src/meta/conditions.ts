/**
 * metav1.Condition and metav1.LabelSelector (k8s.io/apimachinery/pkg/apis/meta/v1), written in the kubegen input
 * language: the docs and kubebuilder markers are the Go types' own, so that kubegen renders the schema
 * controller-gen renders for the Go type. Optional-ness follows the Go json tags (`omitempty` ↔ `?`).
 *
 * The `type` field of `Condition` carries its doc as `//` lines because its Pattern contains `*` followed by `/`,
 * which would end a JSDoc block.
 */

import type { Time, int64 } from './types';

/**
 * ConditionStatus is the status of a condition: True, False or Unknown (metav1.ConditionStatus). The Go type
 * carries no Enum marker; `Condition.status` carries it on the field.
 */
export type ConditionStatus = 'True' | 'False' | 'Unknown';

/**
 * Condition contains details for one aspect of the current state of this API Resource.
 * ---
 * This struct is intended for direct use as an array at the field path .status.conditions. For example, a
 * `conditions` property of a status type, with a doc that lists the known condition types and the markers
 * `+listType=map` and `+listMapKey=type`.
 */
export interface Condition {
  // type of condition in CamelCase or in foo.example.com/CamelCase.
  // ---
  // Many .condition.type values are consistent across resources like Available, but because arbitrary conditions can be
  // useful (see .node.status.conditions), the ability to deconflict is important.
  // The regex it matches is (dns1123SubdomainFmt/)?(qualifiedNameFmt)
  // +required
  // +kubebuilder:validation:Required
  // +kubebuilder:validation:Pattern=`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`
  // +kubebuilder:validation:MaxLength=316
  type: string;
  /**
   * status of the condition, one of True, False, Unknown.
   * +required
   * +kubebuilder:validation:Required
   * +kubebuilder:validation:Enum=True;False;Unknown
   */
  status: ConditionStatus;
  /**
   * observedGeneration represents the .metadata.generation that the condition was set based upon.
   * For instance, if .metadata.generation is currently 12, but the .status.conditions[x].observedGeneration is 9, the condition is out of date
   * with respect to the current state of the instance.
   * +optional
   * +kubebuilder:validation:Minimum=0
   */
  observedGeneration?: int64;
  /**
   * lastTransitionTime is the last time the condition transitioned from one status to another.
   * This should be when the underlying condition changed.  If that is not known, then using the time when the API field changed is acceptable.
   * +required
   * +kubebuilder:validation:Required
   * +kubebuilder:validation:Type=string
   * +kubebuilder:validation:Format=date-time
   */
  lastTransitionTime: Time;
  /**
   * reason contains a programmatic identifier indicating the reason for the condition's last transition.
   * Producers of specific condition types may define expected values and meanings for this field,
   * and whether the values are considered a guaranteed API.
   * The value should be a CamelCase string.
   * This field may not be empty.
   * +required
   * +kubebuilder:validation:Required
   * +kubebuilder:validation:MaxLength=1024
   * +kubebuilder:validation:MinLength=1
   * +kubebuilder:validation:Pattern=`^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$`
   */
  reason: string;
  /**
   * message is a human readable message indicating details about the transition.
   * This may be an empty string.
   * +required
   * +kubebuilder:validation:Required
   * +kubebuilder:validation:MaxLength=32768
   */
  message: string;
}

/**
 * A label selector operator is the set of operators that can be used in a selector requirement.
 * The known values are In, NotIn, Exists and DoesNotExist; the Go type carries no Enum marker, so the schema is a
 * plain string.
 */
export type LabelSelectorOperator = string;

/**
 * A label selector is a label query over a set of resources. The result of matchLabels and
 * matchExpressions are ANDed. An empty label selector matches all objects. A null
 * label selector matches no objects.
 * +structType=atomic
 */
export interface LabelSelector {
  /**
   * matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels
   * map is equivalent to an element of matchExpressions, whose key field is "key", the
   * operator is "In", and the values array contains only "value". The requirements are ANDed.
   * +optional
   */
  matchLabels?: Record<string, string>;
  /**
   * matchExpressions is a list of label selector requirements. The requirements are ANDed.
   * +optional
   * +listType=atomic
   */
  matchExpressions?: LabelSelectorRequirement[];
}

/**
 * A label selector requirement is a selector that contains values, a key, and an operator that
 * relates the key and values.
 */
export interface LabelSelectorRequirement {
  /** key is the label key that the selector applies to. */
  key: string;
  /**
   * operator represents a key's relationship to a set of values.
   * Valid operators are In, NotIn, Exists and DoesNotExist.
   */
  operator: LabelSelectorOperator;
  /**
   * values is an array of string values. If the operator is In or NotIn,
   * the values array must be non-empty. If the operator is Exists or DoesNotExist,
   * the values array must be empty. This array is replaced during a strategic
   * merge patch.
   * +optional
   * +listType=atomic
   */
  values?: string[];
}
