package v1

// Cylinders describes an engine's cylinders; other files and other versions import it.
type Cylinders struct {
	// count of cylinders.
	// +kubebuilder:validation:Minimum=1
	Count int32 `json:"count"`
	// layout of the cylinders, such as V or inline.
	Layout string `json:"layout,omitempty"`
}

// EngineStatus is the observed state of an Engine, shared by every version.
type EngineStatus struct {
	// running reports whether the engine runs.
	Running bool `json:"running,omitempty"`
	// replicas is the observed number of engines.
	Replicas int32 `json:"replicas,omitempty"`
}
