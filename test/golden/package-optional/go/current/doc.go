// Package current is served as version v2: its folder name is not a version.
// Every property in it is optional unless marked required.
//
// +groupName=optional.example.com
// +versionName=v2
// +kubebuilder:validation:Optional
// +kubebuilder:object:generate=true
package current
