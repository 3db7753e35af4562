// Imported by kubegen import; edit freely: this is now API source.

// Package v1alpha3 holds the API types of scheduling.k8s.io/v1alpha3.
//
// +groupName=scheduling.k8s.io
