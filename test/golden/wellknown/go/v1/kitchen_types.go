package v1

import (
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Kitchen uses every well-known type of the runtime package.
type Kitchen struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   KitchenSpec   `json:"spec,omitempty"`
	Status KitchenStatus `json:"status,omitempty"`
}

// KitchenSpec holds one property per well-known type.
type KitchenSpec struct {
	// small is an int32.
	Small int32 `json:"small"`
	// large is an int64.
	Large int64 `json:"large,omitempty"`
	// ratio is a float64.
	Ratio float64 `json:"ratio,omitempty"`
	// plain is a plain number, which is a float64 too.
	Plain float64 `json:"plain,omitempty"`
	// memory is a resource quantity.
	Memory *resource.Quantity `json:"memory,omitempty"`
	// storage is a resource quantity with a default.
	// +kubebuilder:default="1Gi"
	Storage *resource.Quantity `json:"storage,omitempty"`
	// limits maps resource names to quantities.
	Limits map[string]resource.Quantity `json:"limits,omitempty"`
	// port is an int-or-string.
	Port *intstr.IntOrString `json:"port,omitempty"`
	// targetPort is an int-or-string with a default and string validations.
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^[a-z0-9-]+$`
	// +kubebuilder:default=8080
	TargetPort *intstr.IntOrString `json:"targetPort,omitempty"`
	// raw is an embedded object of any kind.
	Raw *runtime.RawExtension `json:"raw,omitempty"`
	// config is any JSON value.
	Config *apiextensionsv1.JSON `json:"config,omitempty"`
	// anything is `unknown`, which is any JSON value too.
	Anything *apiextensionsv1.JSON `json:"anything,omitempty"`
	// settings maps names to any JSON values.
	Settings map[string]apiextensionsv1.JSON `json:"settings,omitempty"`
	// documents is a list of any JSON values.
	Documents []apiextensionsv1.JSON `json:"documents,omitempty"`
	// data is base64-encoded bytes.
	Data []byte `json:"data,omitempty"`
	// startAt is a timestamp.
	StartAt *metav1.Time `json:"startAt,omitempty"`
	// precise is a timestamp with microseconds.
	Precise *metav1.MicroTime `json:"precise,omitempty"`
	// lastSeen is a nullable timestamp.
	// +nullable
	LastSeen *metav1.Time `json:"lastSeen,omitempty"`
	// timeout is a duration.
	Timeout *metav1.Duration `json:"timeout,omitempty"`
	// template is an embedded ObjectMeta, which renders as a bare object.
	Template *metav1.ObjectMeta `json:"template,omitempty"`
	// selector is a label selector.
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// requirement is a single label selector requirement.
	Requirement *metav1.LabelSelectorRequirement `json:"requirement,omitempty"`
	// localRef refers to an object in the same namespace.
	LocalRef *corev1.LocalObjectReference `json:"localRef,omitempty"`
	// secretRef selects a key of a Secret.
	SecretRef *corev1.SecretKeySelector `json:"secretRef,omitempty"`
	// configMapRef selects a key of a ConfigMap.
	ConfigMapRef *corev1.ConfigMapKeySelector `json:"configMapRef,omitempty"`
	// objectRef refers to any object.
	ObjectRef *corev1.ObjectReference `json:"objectRef,omitempty"`
	// typedRef refers to a typed object in the same namespace.
	TypedRef           *corev1.TypedLocalObjectReference `json:"typedRef,omitempty"`
	SelectorWithoutDoc *metav1.LabelSelector             `json:"selectorWithoutDoc,omitempty"`
	SecretRefs         []corev1.SecretKeySelector        `json:"secretRefs,omitempty"`
}

// KitchenStatus holds the conditions.
type KitchenStatus struct {
	// conditions represent the latest available observations of the kitchen's state.
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// observedGeneration is the generation last seen.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}
