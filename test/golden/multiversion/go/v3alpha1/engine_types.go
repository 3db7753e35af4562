package v3alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Engine v3alpha1 is skipped: it appears in no CRD.
// +kubebuilder:skipversion
type Engine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// experimental is only in the skipped version.
	Experimental bool `json:"experimental,omitempty"`
}
