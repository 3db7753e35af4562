package hidden

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Survey in a skipped package: no CRD version is generated from it.
type Survey struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// draft is only here to differ from the served Survey.
	Draft bool `json:"draft,omitempty"`
}
