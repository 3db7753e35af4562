package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Policy exercises CEL validation rules: XValidation with every argument, the one-of markers and
// `+k8s:immutable`.
// +kubebuilder:validation:XValidation:rule="self.metadata.name.size() <= 40",message="name must be at most 40 characters"
type Policy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PolicySpec `json:"spec,omitempty"`
}

// PolicySpec carries type-level rules.
// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
// +kubebuilder:validation:XValidation:rule="self.maxReplicas <= 100",messageExpression="self.maxReplicas > 1000 ? 'maxReplicas is far above 100' : 'maxReplicas is above 100'",reason=FieldValueForbidden,fieldPath=".maxReplicas"
type PolicySpec struct {
	// minReplicas is the lower bound.
	MinReplicas int32 `json:"minReplicas"`
	// maxReplicas is the upper bound.
	MaxReplicas int32 `json:"maxReplicas"`
	// name cannot change after creation.
	// +k8s:immutable
	Name string `json:"name"`
	// region cannot change once set, and cannot be removed.
	// +k8s:immutable
	Region string `json:"region,omitempty"`
	// level may only grow; the rule sees oldSelf as an optional.
	// +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self >= oldSelf.value()",message="level may not decrease",optionalOldSelf=true
	Level int32 `json:"level,omitempty"`
	// tier has two field rules with different reasons.
	// +kubebuilder:validation:XValidation:rule="self != 'forbidden'",message="tier must not be forbidden",reason=FieldValueInvalid
	// +kubebuilder:validation:XValidation:rule="self.size() > 0",message="tier is required",reason=FieldValueRequired
	Tier string `json:"tier,omitempty"`
	// path is written with line comments because its rule contains a star followed by a slash,
	// which would end a JSDoc block.
	// +kubebuilder:validation:XValidation:rule="self.matches('^/.*/$')",message="path must start and end with a slash"
	Path string `json:"path,omitempty"`
	// source is a one-of union.
	Source *Source `json:"source,omitempty"`
	// mirror adds a field-level rule to the rules of its type Source.
	// +kubebuilder:validation:XValidation:rule="!has(self.tag)",message="mirrors track branches, not tags"
	Mirror *Source `json:"mirror,omitempty"`
}

// Source is a union expressed with the one-of markers.
// +kubebuilder:validation:XValidation:rule="!has(self.git) || self.git != ''",message="git must not be empty"
// +kubebuilder:validation:ExactlyOneOf=git;image;archive
// +kubebuilder:validation:AtMostOneOf=branch;tag
// +kubebuilder:validation:AtLeastOneOf=owner;team
type Source struct {
	// git is a repository URL.
	Git string `json:"git,omitempty"`
	// image is a container image.
	Image string `json:"image,omitempty"`
	// archive is a tarball URL.
	Archive string `json:"archive,omitempty"`
	// branch to check out.
	Branch string `json:"branch,omitempty"`
	// tag to check out.
	Tag string `json:"tag,omitempty"`
	// owner is a person.
	Owner string `json:"owner,omitempty"`
	// team is a group of people.
	Team string `json:"team,omitempty"`
}
