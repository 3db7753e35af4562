// Imported by kubegen import; edit freely: this is now API source.

// Package v1 holds the API types of certificates.k8s.io/v1.
//
// +groupName=certificates.k8s.io
