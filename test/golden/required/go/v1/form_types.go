package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Form exercises which properties are required, and the precedence of the required/optional markers.
type Form struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// spec is required because it has no `?`.
	Spec FormSpec `json:"spec"`
}

// FormSpec holds one property per rule.
type FormSpec struct {
	// plain has no `?` and no marker: required.
	Plain string `json:"plain"`
	// question has `?`: optional.
	Question string `json:"question,omitempty"`
	// undefinedUnion has `?` and `| undefined`: optional.
	UndefinedUnion string `json:"undefinedUnion,omitempty"`
	// optionalMarker has no `?` but `+optional`: optional.
	// +optional
	OptionalMarker string `json:"optionalMarker"`
	// k8sOptional has no `?` but `+k8s:optional`: optional.
	// +k8s:optional
	K8sOptional string `json:"k8sOptional"`
	// kubebuilderOptional has no `?` but `+kubebuilder:validation:Optional`: optional.
	// +kubebuilder:validation:Optional
	KubebuilderOptional string `json:"kubebuilderOptional"`
	// requiredMarker has `?` but `+required`: required.
	// +required
	RequiredMarker string `json:"requiredMarker,omitempty"`
	// k8sRequired has `?` but `+k8s:required`: required.
	// +k8s:required
	K8sRequired string `json:"k8sRequired,omitempty"`
	// kubebuilderRequired has `?` but `+kubebuilder:validation:Required`: required.
	// +kubebuilder:validation:Required
	KubebuilderRequired string `json:"kubebuilderRequired,omitempty"`
	// kubebuilderBoth carries both kubebuilder markers: Optional wins.
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:Optional
	KubebuilderBoth string `json:"kubebuilderBoth"`
	// kubebuilderRequiredOverOptional: `+kubebuilder:validation:Required` wins over `+optional`.
	// +optional
	// +kubebuilder:validation:Required
	KubebuilderRequiredOverOptional string `json:"kubebuilderRequiredOverOptional,omitempty"`
	// optionalOverRequired: `+optional` wins over `+required`.
	// +required
	// +optional
	OptionalOverRequired string `json:"optionalOverRequired"`
	// k8sOptionalOverRequired: `+k8s:optional` wins over `+k8s:required`.
	// +k8s:required
	// +k8s:optional
	K8sOptionalOverRequired string `json:"k8sOptionalOverRequired"`
	// kubebuilderOptionalOverRequired: `+kubebuilder:validation:Optional` wins over `+required`.
	// +required
	// +kubebuilder:validation:Optional
	KubebuilderOptionalOverRequired string `json:"kubebuilderOptionalOverRequired"`
	// +optional
	OnlyMarker string `json:"onlyMarker"`
	// nested is an optional object whose own properties follow the same rules.
	Nested *Nested `json:"nested,omitempty"`
}

// Nested has a required and an optional property.
type Nested struct {
	// id is required.
	ID string `json:"id"`
	// note is optional.
	Note string `json:"note,omitempty"`
}
