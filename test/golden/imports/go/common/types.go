// Package common holds types shared by API packages; it has no group and declares no kind.
package common

// Address is shared between API packages.
type Address struct {
	// street of the address.
	Street string `json:"street"`
	// city of the address.
	// +kubebuilder:validation:MinLength=1
	City string `json:"city,omitempty"`
}

// Label is a constrained string shared between API packages.
// +kubebuilder:validation:MaxLength=32
type Label string
