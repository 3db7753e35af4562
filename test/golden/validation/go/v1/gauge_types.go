package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gauge exercises every scalar, string, array and object validation marker.
type Gauge struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GaugeSpec `json:"spec,omitempty"`
}

// Port is a TCP port; its markers sit on the type and apply wherever it is used.
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
// +kubebuilder:title="TCP port"
type Port int32

// DNSLabel is a lower-case RFC 1123 label.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=63
// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
type DNSLabel string

// Hosts is a list type with its own validations.
// +kubebuilder:validation:MinItems=1
// +kubebuilder:validation:MaxItems=16
// +kubebuilder:validation:UniqueItems=false
type Hosts []string

// Selector is a struct with type-level object validations.
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=2
// +kubebuilder:externalDocs:url="https://example.com/docs/selector",description="How selectors work"
type Selector struct {
	// app selects by application name.
	App string `json:"app,omitempty"`
	// tier selects by tier.
	Tier string `json:"tier,omitempty"`
	// track selects by release track.
	Track string `json:"track,omitempty"`
}

// Score is a float with an exclusive lower bound and a step, all on the type.
// +kubebuilder:validation:Minimum=0
// +kubebuilder:validation:ExclusiveMinimum=true
// +kubebuilder:validation:Maximum=10
// +kubebuilder:validation:ExclusiveMaximum=true
// +kubebuilder:validation:MultipleOf=0.5
type Score float64

// Email is a string with a format on the type.
// +kubebuilder:validation:Format=email
type Email string

// GaugeSpec holds the validated fields.
type GaugeSpec struct {
	// count is bounded inclusively on both ends.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	Count int32 `json:"count,omitempty"`
	// level is bounded exclusively on both ends.
	// +kubebuilder:validation:Minimum=-10
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:ExclusiveMaximum=true
	Level int64 `json:"level,omitempty"`
	// ratio is a float64 with fractional bounds and a fractional multiple.
	// +kubebuilder:validation:Minimum=-0.5
	// +kubebuilder:validation:Maximum=1.5
	// +kubebuilder:validation:MultipleOf=0.25
	Ratio float64 `json:"ratio,omitempty"`
	// step is a multiple of five.
	// +kubebuilder:validation:MultipleOf=5
	Step int32 `json:"step,omitempty"`
	// name has string length and pattern validations.
	// +kubebuilder:validation:MinLength=3
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^[a-z][a-z0-9-]*$`
	Name string `json:"name"`
	// email has a format.
	// +kubebuilder:validation:Format=email
	Email string `json:"email,omitempty"`
	// mode is restricted to a fixed list of strings, written with braces.
	// +kubebuilder:validation:Enum={"fast","slow","off"}
	Mode string `json:"mode,omitempty"`
	// level2 is restricted to a fixed list of numbers, written with semicolons.
	// +kubebuilder:validation:Enum=1;2;3
	Level2 int32 `json:"level2,omitempty"`
	// items has array validations; `UniqueItems=true` is rejected by the apiserver, so false here.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=10
	// +kubebuilder:validation:UniqueItems=false
	Items []string `json:"items,omitempty"`
	// settings has map validations.
	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=8
	Settings map[string]string `json:"settings,omitempty"`
	// port takes its validations and title from its type Port.
	Port Port `json:"port,omitempty"`
	// adminPort adds an exclusive maximum and its own title to the type's markers.
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:title="Admin port"
	AdminPort Port `json:"adminPort,omitempty"`
	// host takes its validations from the type DNSLabel.
	Host DNSLabel `json:"host"`
	// shortHost narrows the type's MaxLength on the field.
	// +kubebuilder:validation:MaxLength=15
	ShortHost DNSLabel `json:"shortHost,omitempty"`
	// hosts takes its list validations from the type Hosts.
	Hosts Hosts `json:"hosts,omitempty"`
	// selector takes its object validations and external docs from the type Selector.
	Selector *Selector `json:"selector,omitempty"`
	// docs links to external documentation from a field.
	// +kubebuilder:externalDocs:url="https://example.com/docs/gauge"
	Docs string `json:"docs,omitempty"`
	// ownDocs overrides the type's external docs with its own.
	// +kubebuilder:externalDocs:url="https://example.com/docs/own",description="Field-level docs"
	OwnDocs *Selector `json:"ownDocs,omitempty"`
	// titled has a title.
	// +kubebuilder:title="A titled field"
	Titled string `json:"titled,omitempty"`
	// sample has an example value.
	// +kubebuilder:example="sample-value"
	Sample string `json:"sample,omitempty"`
	// sampleCount has a numeric example value.
	// +kubebuilder:example=42
	SampleCount int32 `json:"sampleCount,omitempty"`
	// sampleMap has an object example value.
	// +kubebuilder:example={a: "b", c: 1}
	SampleMap map[string]string `json:"sampleMap,omitempty"`
	// score takes its bounds and step from the type Score.
	Score Score `json:"score,omitempty"`
	// contact takes its format from the type Email.
	Contact Email `json:"contact,omitempty"`
	// contacts is a list of the type Email.
	Contacts []Email `json:"contacts,omitempty"`
}
