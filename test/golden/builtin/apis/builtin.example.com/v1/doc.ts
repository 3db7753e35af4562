// Package v1 uses Kubernetes' built-in API types (k8s.io/api v0.37) inside custom resources.
// +kubebuilder:object:generate=true
// +groupName=builtin.example.com
