// Package hidden declares the same group but is skipped: it contributes no version.
// +groupName=optional.example.com
// +kubebuilder:skip
