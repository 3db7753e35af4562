package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"kubegen.test/cases/imports/go/common"
)

// Depot exercises imports: a shared folder without a group, renamed and namespace imports, re-exports and
// aliases of aliases.
type Depot struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DepotSpec `json:"spec,omitempty"`
}

// Code is an alias of the shared Label with a rule of its own.
// +kubebuilder:validation:XValidation:rule="self == self.upperAscii()",message="code must be upper case"
type Code common.Label

// DepotSpec holds the imported types.
type DepotSpec struct {
	// address comes from the shared folder.
	Address common.Address `json:"address"`
	// label comes from the shared folder through a re-export.
	Label common.Label `json:"label,omitempty"`
	// code is an alias of an alias.
	Code Code `json:"code,omitempty"`
	// openedAt is a Time imported under another name.
	OpenedAt *metav1.Time `json:"openedAt,omitempty"`
	// capacity is an int32 reached through a namespace import.
	Capacity int32 `json:"capacity,omitempty"`
	// dash-name is a property whose name needs quotes in TypeScript.
	DashName string `json:"dash-name,omitempty"`
}
