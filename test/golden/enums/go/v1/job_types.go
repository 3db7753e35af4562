package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Job exercises string literal unions, string enums and numeric literal unions.
type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec JobSpec `json:"spec,omitempty"`
}

// Phase is a string literal union declared as a type alias.
// +kubebuilder:validation:Enum=Pending;Running;Succeeded;Failed
type Phase string

// Protocol is a TypeScript string enum; the schema lists its values in declaration order.
// +kubebuilder:validation:Enum=TCP;UDP;SCTP
type Protocol string

// Color is a string enum whose member names differ from their values.
// +kubebuilder:validation:Enum=red;green;blue
type Color string

// Level is a numeric literal union declared as a type alias.
// +kubebuilder:validation:Enum=0;10;20
type Level int32

// Answer has values that YAML must quote and values that controller-gen's marker grammar must quote.
// +kubebuilder:validation:Enum={"True","False","1x","on hold"}
type Answer string

// JobSize is the inline union of JobSpec.size; the TypeScript type has no name and no doc.
// (kept apart from the declaration so it is not its doc)

// +kubebuilder:validation:Enum=small;medium;large
type JobSize string

// Only is a union of one literal.
// +kubebuilder:validation:Enum=only
type Only string

// JobSpec holds the enum fields.
type JobSpec struct {
	// phase uses the alias.
	Phase           Phase `json:"phase"`
	PhaseWithoutDoc Phase `json:"phaseWithoutDoc,omitempty"`
	// size is an inline string literal union.
	Size JobSize `json:"size,omitempty"`
	// protocol uses the string enum.
	Protocol Protocol `json:"protocol,omitempty"`
	// color uses the string enum with differing member names.
	Color Color `json:"color,omitempty"`
	// priority is an inline numeric literal union.
	// +kubebuilder:validation:Enum=1;2;3
	Priority int32 `json:"priority,omitempty"`
	// level uses the numeric alias.
	Level Level `json:"level,omitempty"`
	// answer uses values that need quoting.
	Answer Answer `json:"answer,omitempty"`
	// history is a list of enum values.
	History []Phase `json:"history,omitempty"`
	// previous is a nullable enum value.
	// +nullable
	Previous *Phase `json:"previous,omitempty"`
	// narrowed puts its own Enum marker on a property of the union type Phase.
	// +kubebuilder:validation:Enum=Pending;Running
	Narrowed Phase `json:"narrowed,omitempty"`
	// only has a single allowed value.
	Only Only `json:"only,omitempty"`
	// direction is a numeric union with a negative member.
	// +kubebuilder:validation:Enum=-1;0;1
	Direction int32 `json:"direction,omitempty"`
	// byColor maps names to enum values.
	ByColor map[string]Color `json:"byColor,omitempty"`
}
