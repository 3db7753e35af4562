// Imported by kubegen import; edit freely: this is now API source.

// Package v1alpha2 holds the API types of coordination.k8s.io/v1alpha2.
//
// +groupName=coordination.k8s.io
