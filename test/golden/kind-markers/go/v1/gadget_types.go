package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget carries every kind-level marker: resource names, subresources, printer columns, CRD metadata and
// selectable fields.
// +genclient
// +genclient:skipVerbs=deleteCollection
// +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=gizmos,singular=gizmo,shortName={gz,gzm},categories={all,toys}
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name="Color",type=string,JSONPath=`.spec.color`
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`,description="Desired number of gadgets",format=int32,priority=0
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`,priority=1
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
// +kubebuilder:metadata:annotations="toys.example.com/owner=team-a"
// +kubebuilder:metadata:annotations="toys.example.com/tier=gold"
// +kubebuilder:metadata:labels="app.kubernetes.io/part-of=toys"
// +kubebuilder:selectablefield:JSONPath=`.spec.color`
// +kubebuilder:selectablefield:JSONPath=`.spec.size`
// +kubebuilder:storageversion
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`
}

// GadgetList is a list of Gadget.
// +kubebuilder:object:root=true
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

// GadgetSpec is the desired state of a Gadget.
type GadgetSpec struct {
	// color of the gadget.
	Color string `json:"color,omitempty"`
	// size of the gadget.
	Size string `json:"size,omitempty"`
	// replicas is the desired number of gadgets.
	Replicas int32 `json:"replicas,omitempty"`
}

// GadgetStatus is the observed state of a Gadget.
type GadgetStatus struct {
	// replicas is the observed number of gadgets.
	Replicas int32 `json:"replicas,omitempty"`
	// selector is the label selector of the gadgets, in string form.
	Selector string `json:"selector,omitempty"`
	// conditions are free-form here.
	Conditions []GadgetCondition `json:"conditions,omitempty"`
}

// GadgetCondition is a minimal condition.
type GadgetCondition struct {
	// type of the condition.
	Type string `json:"type"`
	// status of the condition.
	Status string `json:"status"`
}
