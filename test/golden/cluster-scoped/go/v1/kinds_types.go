package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ClusterPolicy is cluster-scoped and has a printer column but no subresource.
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:scope=Cluster,shortName=cpol
// +kubebuilder:printcolumn:name="Mode",type=string,JSONPath=`.spec.mode`
type ClusterPolicy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PolicySpec `json:"spec,omitempty"`
}

// PolicySpec is shared by several kinds.
type PolicySpec struct {
	// mode of the policy.
	Mode string `json:"mode,omitempty"`
}

// Proxy is namespaced by default; its plural comes from controller-gen's pluralisation.
// +genclient
// +genclient:noStatus
// +kubebuilder:resource:scope=Namespaced
type Proxy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PolicySpec `json:"spec,omitempty"`
}

// Index has an irregular plural and no CRD markers.
// +genclient
// +genclient:noVerbs
type Index struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PolicySpec `json:"spec,omitempty"`
}

// Person has an irregular plural and is cluster-scoped.
// +genclient
// +genclient:nonNamespaced
// +genclient:onlyVerbs=get,list,watch
// +kubebuilder:resource:scope=Cluster
type Person struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PolicySpec `json:"spec,omitempty"`
}
