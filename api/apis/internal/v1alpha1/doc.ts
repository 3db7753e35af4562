// Imported by kubegen import; edit freely: this is now API source.

// Package v1alpha1 holds the API types of internal.apiserver.k8s.io/v1alpha1.
//
// +groupName=internal.apiserver.k8s.io
