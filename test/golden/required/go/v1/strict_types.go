package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Strict declares metadata without `?` (Go: json tag `metadata` without omitempty).
type Strict struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`

	// value is required.
	Value string `json:"value"`
}
