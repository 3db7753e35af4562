package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Vault holds values that are hard to keep exact: big integers, keys JavaScript treats specially, RE2 patterns.
type Vault struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec VaultSpec `json:"spec,omitempty"`
}

// Secrets has fields whose JSON names are `__proto__`, `constructor` and `prototype`.
type Secrets struct {
	// __proto__ is an ordinary JSON field name.
	Proto string `json:"__proto__,omitempty"`
	// constructor is an ordinary JSON field name.
	Constructor string `json:"constructor,omitempty"`
	// prototype is an ordinary JSON field name.
	Prototype string `json:"prototype,omitempty"`
}

// VaultSpec holds the fields.
type VaultSpec struct {
	// big defaults to 2^53 + 1, which a double cannot hold.
	// +kubebuilder:default=9007199254740993
	Big int64 `json:"big,omitempty"`
	// negative defaults to -(2^53 + 1).
	// +kubebuilder:default=-9007199254740993
	Negative int64 `json:"negative,omitempty"`
	// max defaults to the largest int64.
	// +kubebuilder:default=9223372036854775807
	Max int64 `json:"max,omitempty"`
	// min defaults to the smallest int64.
	// +kubebuilder:default=-9223372036854775808
	Min int64 `json:"min,omitempty"`
	// sizes defaults to a list of big integers.
	// +kubebuilder:default={9007199254740993, 1}
	Sizes []int64 `json:"sizes,omitempty"`
	// secrets has fields named like JavaScript's special properties.
	Secrets *Secrets `json:"secrets,omitempty"`
	// protoDefault defaults to an object with a `__proto__` key.
	// +default={"__proto__": "kept", "prototype": "kept too"}
	ProtoDefault *Secrets `json:"protoDefault,omitempty"`
	// labels defaults to a map with a `__proto__` key.
	// +kubebuilder:default={__proto__: "a", constructor: "b"}
	Labels map[string]string `json:"labels,omitempty"`
	// caseless matches case-insensitively, RE2's `(?i)`.
	// +kubebuilder:validation:Pattern=`(?i)^[a-z]+$`
	// +kubebuilder:default="ABC"
	Caseless string `json:"caseless,omitempty"`
	// letters matches whole text of letters of any script, RE2's `\A`, `\pL`, `\z`.
	// +kubebuilder:validation:Pattern=`\A\pL+\z`
	// +kubebuilder:default="Größe"
	Letters string `json:"letters,omitempty"`
	// greek matches Greek letters, RE2's `\p{Greek}`.
	// +kubebuilder:validation:Pattern=`^\p{Greek}+$`
	// +kubebuilder:default="Ωμέγα"
	Greek string `json:"greek,omitempty"`
	// named uses a named group and a POSIX class, RE2's `(?P<name>…)` and `[[:alpha:]]`.
	// +kubebuilder:validation:Pattern=`^(?P<word>[[:alpha:]]+)-[[:digit:]]+$`
	// +kubebuilder:default="abc-123"
	Named string `json:"named,omitempty"`
	// quoted matches literal text, RE2's `\Q…\E`.
	// +kubebuilder:validation:Pattern=`^\Q1.5*\E$`
	// +kubebuilder:default="1.5*"
	Quoted string `json:"quoted,omitempty"`
	// nested is a pattern with nested repetition, linear time in RE2.
	// +kubebuilder:validation:Pattern=`^(a+)+$`
	// +kubebuilder:default="aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	Nested string `json:"nested,omitempty"`
}
