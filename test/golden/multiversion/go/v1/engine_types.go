package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Engine v1 is the storage version.
// +kubebuilder:storageversion
// +kubebuilder:resource:shortName=eng
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Fuel",type=string,JSONPath=`.spec.fuel`
type Engine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   EngineSpec   `json:"spec,omitempty"`
	Status EngineStatus `json:"status,omitempty"`
}

// EngineSpec is the desired state of an Engine.
type EngineSpec struct {
	// fuel the engine burns.
	Fuel string `json:"fuel"`
	// cylinders of the engine, from another file of this folder.
	Cylinders *Cylinders `json:"cylinders,omitempty"`
	// replicas is the desired number of engines; stored here for v2's scale subresource.
	Replicas int32 `json:"replicas,omitempty"`
}
