package v1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Stack exercises Schemaless, embedded resources, preserved unknown fields and Type/Format overrides.
type Stack struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec StackSpec `json:"spec,omitempty"`
}

// Extra is an ordinary struct that the markers below open up or replace.
type Extra struct {
	// name of the extra.
	Name string `json:"name,omitempty"`
	// size of the extra.
	Size int32 `json:"size,omitempty"`
}

// Manifest is an embedded resource by its type's markers.
// +kubebuilder:validation:XEmbeddedResource
// +kubebuilder:pruning:PreserveUnknownFields
type Manifest struct {
	// apiVersion of the manifest.
	APIVersion string `json:"apiVersion,omitempty"`
	// kind of the manifest.
	Kind string `json:"kind,omitempty"`
}

// Open keeps unknown fields, by the pruning marker on the type.
// +kubebuilder:pruning:PreserveUnknownFields
type Open struct {
	// known is the one declared property.
	Known string `json:"known,omitempty"`
}

// Bag is a map type that keeps unknown fields, by the deprecated spelling on the type.
// +kubebuilder:validation:XPreserveUnknownFields
type Bag map[string]string

// Stamp is an int64 whose type marker renders it as a string, without its int64 format.
// +kubebuilder:validation:Type=string
// +kubebuilder:validation:Format=""
// +kubebuilder:validation:XValidation:rule="self.matches('^[0-9]+$')",message="stamp must be digits"
type Stamp int64

// StackSpec holds the fields.
type StackSpec struct {
	// template is any object, left without a schema.
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=object
	// +kubebuilder:pruning:PreserveUnknownFields
	Template *Extra `json:"template,omitempty"`
	// resource is an embedded resource by the field-only marker.
	// +kubebuilder:validation:EmbeddedResource
	Resource *runtime.RawExtension `json:"resource,omitempty"`
	// resource2 is an embedded resource by the X marker on a field.
	// +kubebuilder:validation:XEmbeddedResource
	Resource2 *runtime.RawExtension `json:"resource2,omitempty"`
	// manifest is an embedded resource by its type.
	Manifest *Manifest `json:"manifest,omitempty"`
	// open keeps unknown fields by the field's pruning marker.
	// +kubebuilder:pruning:PreserveUnknownFields
	Open *Extra `json:"open,omitempty"`
	// openDeprecated keeps unknown fields by the deprecated X marker on the field.
	// +kubebuilder:validation:XPreserveUnknownFields
	OpenDeprecated *Extra `json:"openDeprecated,omitempty"`
	// openType keeps unknown fields by its type's marker.
	OpenType *Open `json:"openType,omitempty"`
	// bag keeps unknown fields by its map type's marker.
	Bag Bag `json:"bag,omitempty"`
	// config is any JSON value whose type is forced to object.
	// +kubebuilder:validation:Type=object
	Config *apiextensionsv1.JSON `json:"config,omitempty"`
	// version is an int64 rendered as a string without format.
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Format=""
	Version int64 `json:"version,omitempty"`
	// blob is a string with the byte format.
	// +kubebuilder:validation:Format=byte
	Blob string `json:"blob,omitempty"`
	// stamp takes its type, format and rule from the type Stamp.
	Stamp Stamp `json:"stamp,omitempty"`
}
