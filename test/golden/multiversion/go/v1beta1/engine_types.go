package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "kubegen.test/cases/multiversion/go/v1"
)

// Engine v1beta1 is deprecated with a warning.
// +kubebuilder:deprecatedversion:warning="multi.example.com/v1beta1 Engine is deprecated; use v1"
type Engine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EngineSpec `json:"spec,omitempty"`
}

// EngineSpec is the beta spec.
type EngineSpec struct {
	// fuel the engine burns.
	Fuel string `json:"fuel,omitempty"`
	// cylinders come from the v1 folder, imported with a `.js` extension.
	Cylinders *v1.Cylinders `json:"cylinders,omitempty"`
}
