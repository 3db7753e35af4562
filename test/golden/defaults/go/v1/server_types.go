package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Server exercises both default markers and nullable fields.
type Server struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ServerSpec `json:"spec,omitempty"`
}

// Tuning has only optional fields, so `{}` is a valid default for it.
type Tuning struct {
	// workers defaults to 4.
	// +kubebuilder:default=4
	Workers int32 `json:"workers,omitempty"`
	// mode has no default.
	Mode string `json:"mode,omitempty"`
}

// Listener is an item of a defaulted list.
type Listener struct {
	// name of the listener.
	Name string `json:"name,omitempty"`
	// port of the listener.
	Port int32 `json:"port,omitempty"`
}

// ServerSpec holds the defaulted fields.
type ServerSpec struct {
	// logLevel defaults to a bare string.
	// +kubebuilder:default=info
	LogLevel string `json:"logLevel,omitempty"`
	// greeting defaults to a quoted string with spaces.
	// +kubebuilder:default="hello, world"
	Greeting string `json:"greeting,omitempty"`
	// replicas defaults to an integer.
	// +kubebuilder:default=3
	Replicas int32 `json:"replicas,omitempty"`
	// ratio defaults to a fraction.
	// +kubebuilder:default=0.5
	Ratio float64 `json:"ratio,omitempty"`
	// enabled defaults to true.
	// +kubebuilder:default=true
	Enabled bool `json:"enabled,omitempty"`
	// hosts defaults to a list written with braces.
	// +kubebuilder:default={"a.example.com","b.example.com"}
	Hosts []string `json:"hosts,omitempty"`
	// labels defaults to a map.
	// +kubebuilder:default={app: "web", tier: "frontend"}
	Labels map[string]string `json:"labels,omitempty"`
	// tuning defaults to an empty object.
	// +kubebuilder:default={}
	Tuning *Tuning `json:"tuning,omitempty"`
	// emptyList defaults to `{}`, which controller-gen turns into an empty list.
	// +kubebuilder:default={}
	EmptyList []string `json:"emptyList,omitempty"`
	// emptyMap defaults to an empty map.
	// +kubebuilder:default={}
	EmptyMap map[string]string `json:"emptyMap,omitempty"`
	// jsonString defaults through the JSON `+default` marker.
	// +default="json"
	JSONString string `json:"jsonString,omitempty"`
	// jsonNumber defaults through the JSON `+default` marker.
	// +default=8080
	JSONNumber int32 `json:"jsonNumber,omitempty"`
	// jsonObject defaults to a JSON object.
	// +default={"workers": 2, "mode": "fast"}
	JSONObject *Tuning `json:"jsonObject,omitempty"`
	// jsonList defaults to a JSON list of objects.
	// +default=[{"name": "http", "port": 80}]
	JSONList []Listener `json:"jsonList,omitempty"`
	// jsonEmpty defaults to an empty JSON object.
	// +default={}
	JSONEmpty *Tuning `json:"jsonEmpty,omitempty"`
	// both carries both default markers; the kubebuilder one is applied last and wins.
	// +default="from-json"
	// +kubebuilder:default=from-kubebuilder
	Both string `json:"both,omitempty"`
	// nullableName is written `string | null`: nullable, and required because it has no `?`.
	// +nullable
	NullableName *string `json:"nullableName"`
	// nullableTuning is an optional nullable object.
	// +nullable
	NullableTuning *Tuning `json:"nullableTuning,omitempty"`
	// markedNullable is made nullable by the `+nullable` marker instead of `| null`.
	// +nullable
	MarkedNullable []string `json:"markedNullable,omitempty"`
	// nullableDefault is nullable and defaulted.
	// +kubebuilder:default=7
	// +nullable
	NullableDefault *int32 `json:"nullableDefault,omitempty"`
}
