package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is the basic example kind.
// +genclient
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetList is a list of Widget.
// +kubebuilder:object:root=true
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// name is a required string.
	Name string `json:"name"`
	// enabled is an optional boolean.
	Enabled bool `json:"enabled,omitempty"`
	// replicas is a 32-bit integer.
	Replicas int32 `json:"replicas,omitempty"`
	// size is a 64-bit integer.
	Size int64 `json:"size,omitempty"`
	// tags is a list of strings written T[].
	Tags []string `json:"tags,omitempty"`
	// ports is a list of integers written Array<T>.
	Ports []int32 `json:"ports,omitempty"`
	// aliases is a read-only list written ReadonlyArray<T>.
	Aliases []string `json:"aliases,omitempty"`
	// matrix is a list of lists.
	Matrix [][]string `json:"matrix,omitempty"`
	// labels is a map written Record<string, T>.
	Labels map[string]string `json:"labels,omitempty"`
	// limits is a map written as an index signature.
	Limits map[string]int64 `json:"limits,omitempty"`
	// groups maps names to lists of strings.
	Groups map[string][]string `json:"groups,omitempty"`
	// owner is a required nested interface.
	Owner Owner `json:"owner"`
	// location is an object type literal.
	Location *WidgetSpecLocation `json:"location,omitempty"`
	// components is a list of nested interfaces.
	Components []Component `json:"components,omitempty"`
	// componentsByName is a map of nested interfaces.
	ComponentsByName map[string]Component `json:"componentsByName,omitempty"`
	// rules is a list of object type literals, one nested in another.
	Rules []WidgetSpecRule `json:"rules,omitempty"`
	// weights maps names to object type literals.
	Weights map[string]WidgetSpecWeight `json:"weights,omitempty"`
}

// The TypeScript writes the next three types as object type literals, without docs.

type WidgetSpecRule struct {
	// host the rule matches.
	Host string `json:"host"`
	// paths the rule matches.
	Paths []string `json:"paths,omitempty"`
	// backend of the rule is a literal inside a literal.
	Backend *WidgetSpecRuleBackend `json:"backend,omitempty"`
}

type WidgetSpecRuleBackend struct {
	// service receiving the traffic.
	Service string `json:"service"`
	// port of the service.
	Port int32 `json:"port,omitempty"`
}

type WidgetSpecWeight struct {
	Value int32 `json:"value"`
}

// The TypeScript writes this as an object type literal, which has no doc of its own
// (so this comment is kept apart from the declaration).

type WidgetSpecLocation struct {
	// region is required inside the literal.
	Region string `json:"region"`
	// zone is optional inside the literal.
	Zone string `json:"zone,omitempty"`
}

// Owner names the team that owns a Widget.
type Owner struct {
	// team is the owning team.
	Team string `json:"team"`
	// contacts are e-mail addresses.
	Contacts []string `json:"contacts,omitempty"`
}

// Component is one part of a Widget.
type Component struct {
	// name of the component.
	Name string `json:"name"`
	// weight of the component.
	Weight int32 `json:"weight,omitempty"`
	// optional marks a component that may be missing.
	Optional bool `json:"optional,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// phase is a free-form string.
	Phase              string `json:"phase,omitempty"`
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
}
