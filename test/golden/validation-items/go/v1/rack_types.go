package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Rack exercises the `+kubebuilder:validation:items:*` markers on fields and on array types.
type Rack struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RackSpec `json:"spec,omitempty"`
}

// PortList is an array type whose items are validated by markers on the type.
// +kubebuilder:validation:items:Minimum=1
// +kubebuilder:validation:items:Maximum=65535
// +kubebuilder:validation:MaxItems=8
type PortList []int32

// NameList is an array type whose item strings are validated by markers on the type.
// +kubebuilder:validation:items:MinLength=1
// +kubebuilder:validation:items:MaxLength=63
// +kubebuilder:validation:items:Pattern=`^[a-z0-9-]+$`
type NameList []string

// Extra is an object used as an array item.
type Extra struct {
	// name of the extra.
	Name string `json:"name,omitempty"`
}

// RackSpec holds the array fields.
type RackSpec struct {
	// ports validates each item's range and excludes the maximum.
	// +kubebuilder:validation:items:Minimum=1
	// +kubebuilder:validation:items:Maximum=1024
	// +kubebuilder:validation:items:ExclusiveMaximum=true
	Ports []int32 `json:"ports,omitempty"`
	// weights validates each float item.
	// +kubebuilder:validation:items:Minimum=0
	// +kubebuilder:validation:items:ExclusiveMinimum=true
	// +kubebuilder:validation:items:MultipleOf=0.5
	Weights []float64 `json:"weights,omitempty"`
	// names validates each string item.
	// +kubebuilder:validation:items:MinLength=2
	// +kubebuilder:validation:items:MaxLength=10
	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	Names []string `json:"names,omitempty"`
	// emails gives each item a format.
	// +kubebuilder:validation:items:Format=email
	Emails []string `json:"emails,omitempty"`
	// modes restricts each item to an enum.
	// +kubebuilder:validation:items:Enum=read;write;admin
	Modes []string `json:"modes,omitempty"`
	// matrix validates the inner lists.
	// +kubebuilder:validation:MaxItems=4
	// +kubebuilder:validation:items:MinItems=1
	// +kubebuilder:validation:items:MaxItems=3
	// +kubebuilder:validation:items:UniqueItems=false
	Matrix [][]string `json:"matrix,omitempty"`
	// labelSets validates the size of each map item.
	// +kubebuilder:validation:items:MinProperties=1
	// +kubebuilder:validation:items:MaxProperties=4
	LabelSets []map[string]string `json:"labelSets,omitempty"`
	// ids overrides each item's type and format.
	// +kubebuilder:validation:items:Type=string
	// +kubebuilder:validation:items:Format=uuid
	IDs []int64 `json:"ids,omitempty"`
	// targets puts string validations on int-or-string items.
	// +kubebuilder:validation:items:XIntOrString
	// +kubebuilder:validation:items:MaxLength=15
	// +kubebuilder:validation:items:Pattern=`^[a-z0-9]+$`
	Targets []intstr.IntOrString `json:"targets,omitempty"`
	// resources marks each item an embedded resource.
	// +kubebuilder:validation:items:XEmbeddedResource
	Resources []runtime.RawExtension `json:"resources,omitempty"`
	// extras keeps unknown fields in each item.
	// +kubebuilder:validation:items:XPreserveUnknownFields
	Extras []Extra `json:"extras,omitempty"`
	// checked runs a CEL rule on each item.
	// +kubebuilder:validation:items:XValidation:rule="self.startsWith('x-')",message="must start with x-"
	Checked []string `json:"checked,omitempty"`
	// portList takes its item validations from the type PortList.
	PortList PortList `json:"portList,omitempty"`
	// nameList takes its item validations from the type NameList.
	NameList NameList `json:"nameList,omitempty"`
}
