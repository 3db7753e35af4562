package current

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Survey lives in a package whose properties are optional by default.
type Survey struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SurveySpec `json:"spec"`
}

// SurveySpec mixes unmarked and explicitly required properties.
type SurveySpec struct {
	// title has no `?` but the package default makes it optional.
	Title string `json:"title"`
	// subtitle has `?`: optional.
	Subtitle string `json:"subtitle,omitempty"`
	// owner is required through `+required`.
	// +required
	Owner string `json:"owner"`
	// deadline is required through `+kubebuilder:validation:Required`, despite its `?`.
	// +kubebuilder:validation:Required
	Deadline string `json:"deadline,omitempty"`
	// audience is required through `+k8s:required`.
	// +k8s:required
	Audience string `json:"audience"`
	// notes is explicitly optional, as the package default already makes it.
	// +optional
	Notes string `json:"notes"`
	// questions is a list of objects whose properties follow the package default too.
	Questions []Question `json:"questions"`
}

// Question is one survey question.
type Question struct {
	// text has no `?` and is still optional.
	Text string `json:"text"`
	// weight has no `?` and is still optional.
	Weight int32 `json:"weight"`
}
