package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Note is a second kind in the package, with its data at the root instead of under spec, like a ConfigMap.
// +kubebuilder:object:root=true
type Note struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// data holds the note's text by key.
	Data map[string]string `json:"data,omitempty"`
	// immutable forbids updates to data.
	Immutable bool `json:"immutable,omitempty"`
	// author is required at the root.
	Author string `json:"author"`
	// widgetTemplate has a kind as its type: its metadata is a bare object too.
	WidgetTemplate *Widget `json:"widgetTemplate,omitempty"`
}
