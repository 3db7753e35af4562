package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Bundle exercises `extends` and `&`, which merge like Go inline embedding.
type Bundle struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BundleSpec `json:"spec,omitempty"`
}

// Identity is embedded in several places; its own doc never reaches an embedding type.
// +kubebuilder:validation:XValidation:rule="self.name != self.owner",message="name and owner must differ"
type Identity struct {
	// name is required in every type that embeds Identity.
	Name string `json:"name"`
	// owner is optional.
	Owner string `json:"owner,omitempty"`
}

// Sizing is embedded too and brings a type-level object validation with it.
// +kubebuilder:validation:MinProperties=1
type Sizing struct {
	// replicas is bounded.
	// +kubebuilder:validation:Minimum=0
	Replicas int32 `json:"replicas,omitempty"`
	// memory is a free-form size.
	Memory string `json:"memory,omitempty"`
}

// Versioned extends Identity, so embedding Versioned embeds Identity as well.
type Versioned struct {
	Identity `json:",inline"`
	// version is required.
	Version string `json:"version"`
}

// BundleSpec extends two interfaces and adds its own properties and rule.
// +kubebuilder:validation:XValidation:rule="!has(self.replicas) || self.replicas <= self.limit",message="replicas must not exceed limit"
type BundleSpec struct {
	Versioned `json:",inline"`
	Sizing    `json:",inline"`
	// limit is the spec's own property.
	Limit int32 `json:"limit"`
	// combo is an intersection of two named types and an object literal.
	Combo *Combo `json:"combo,omitempty"`
	// pair is an intersection of two named types only.
	Pair *Pair `json:"pair,omitempty"`
	// inline is an intersection written inline on the property.
	Inline *BundleSpecInline `json:"inline,omitempty"`
	// identity uses Identity as a plain property: its type doc is not used because this doc wins.
	Identity *Identity `json:"identity,omitempty"`
	Sizing2  *Sizing   `json:"sizing,omitempty"`
	// ref extends a well-known type.
	Ref *NamespacedRef `json:"ref,omitempty"`
}

// NamespacedRef extends the well-known LocalObjectReference, which is atomic, with a namespace.
type NamespacedRef struct {
	corev1.LocalObjectReference `json:",inline"`
	// namespace of the referent.
	Namespace string `json:"namespace,omitempty"`
}

// Combo is `Identity & Sizing & { ... }`.
// +kubebuilder:validation:XValidation:rule="has(self.tag)",message="tag is required"
type Combo struct {
	Identity `json:",inline"`
	Sizing   `json:",inline"`
	// tag is Combo's own property.
	Tag string `json:"tag,omitempty"`
}

// Pair is `Identity & Sizing`.
type Pair struct {
	Identity `json:",inline"`
	Sizing   `json:",inline"`
}

// The TypeScript writes this as an inline intersection, which has no doc of its own.

type BundleSpecInline struct {
	Identity `json:",inline"`
	// note is only in the inline intersection.
	Note string `json:"note,omitempty"`
}
