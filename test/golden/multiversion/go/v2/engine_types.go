package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "kubegen.test/cases/multiversion/go/v1"
)

// Engine v2 is deprecated without a warning, and has the status subresource.
// +kubebuilder:deprecatedversion
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
type Engine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   EngineSpec      `json:"spec,omitempty"`
	Status v1.EngineStatus `json:"status,omitempty"`
}

// EngineSpec is the v2 spec.
type EngineSpec struct {
	// replicas is the desired number of engines.
	Replicas int32 `json:"replicas,omitempty"`
	// fuels the engine can burn.
	Fuels []string `json:"fuels,omitempty"`
	// cylinders come from the v1 folder, imported without an extension.
	Cylinders *v1.Cylinders `json:"cylinders,omitempty"`
}
