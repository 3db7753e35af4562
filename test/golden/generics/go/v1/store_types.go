package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// The TypeScript input declares Ref<T>, Page<Item, Size = int32>, Pair<K, V> and Labelled<T> once; kubegen names each
// instantiation <Generic><Argument>… and gives it the generic's schema with the arguments substituted. Go has no
// generic API types in controller-gen (controller-tools #756), so this twin spells every instantiation out.

// Ref names an object of one kind.
type RefSecret struct {
	// The object's name.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// The object's kind.
	Kind RefSecretKind `json:"kind,omitempty"`
}

// +kubebuilder:validation:Enum=Secret
type RefSecretKind string

// Ref names an object of one kind.
type RefConfigMap struct {
	// The object's name.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// The object's kind.
	Kind RefConfigMapKind `json:"kind,omitempty"`
}

// +kubebuilder:validation:Enum=ConfigMap
type RefConfigMapKind string

// Ref names an object of one kind.
type RefSecretOrConfigMap struct {
	// The object's name.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// The object's kind.
	Kind RefSecretOrConfigMapKind `json:"kind,omitempty"`
}

// +kubebuilder:validation:Enum=Secret;ConfigMap
type RefSecretOrConfigMapKind string

// Page holds a list of items and its size.
type PageEndpointInt32 struct {
	Items []Endpoint `json:"items,omitempty"`
	// +kubebuilder:validation:Minimum=0
	Total int32 `json:"total,omitempty"`
}

// Page holds a list of items and its size.
type PageStringNumber struct {
	Items []string `json:"items,omitempty"`
	// +kubebuilder:validation:Minimum=0
	Total float64 `json:"total,omitempty"`
}

// Pair is two values.
type PairStringInt32 struct {
	Key   string `json:"key"`
	Value int32  `json:"value"`
}

// Labelled wraps a value with labels.
type LabelledRefSecret struct {
	Labels map[string]string `json:"labels,omitempty"`
	Value  RefSecret         `json:"value,omitempty"`
}

// Endpoint is a host and a port.
type Endpoint struct {
	Host string `json:"host"`
	Port int32  `json:"port,omitempty"`
}

// StoreSpec uses generic types instantiated with literals, named types, primitives and other instantiations.
type StoreSpec struct {
	// The credentials.
	SecretRef RefSecret `json:"secretRef"`
	// The configuration.
	ConfigRef RefConfigMap `json:"configRef,omitempty"`
	// Another secret, reusing the same instantiation.
	BackupSecretRef RefSecret         `json:"backupSecretRef,omitempty"`
	Endpoints       PageEndpointInt32 `json:"endpoints,omitempty"`
	// A page of names, with a float64 size.
	Names       PageStringNumber  `json:"names,omitempty"`
	Pairs       []PairStringInt32 `json:"pairs,omitempty"`
	LabelledRef LabelledRefSecret `json:"labelledRef,omitempty"`
	// A reference to either kind.
	AnyRef RefSecretOrConfigMap `json:"anyRef,omitempty"`
}

// Store is a kind whose spec instantiates generic types.
// +kubebuilder:object:root=true
// +genclient
// +kubebuilder:ac:generate=true
type Store struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec StoreSpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true
type StoreList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Store `json:"items"`
}
