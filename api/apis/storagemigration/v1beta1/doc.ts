// Imported by kubegen import; edit freely: this is now API source.

// Package v1beta1 holds the API types of storagemigration.k8s.io/v1beta1.
//
// +groupName=storagemigration.k8s.io
