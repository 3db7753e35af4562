package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Engine v1alpha1 is no longer served.
// +kubebuilder:unservedversion
type Engine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EngineSpec `json:"spec,omitempty"`
}

// EngineSpec is the alpha spec.
type EngineSpec struct {
	// fuelType is the alpha name of fuel.
	FuelType string `json:"fuelType,omitempty"`
}
