// Imported by kubegen import; edit freely: this is now API source.

// Package v1 holds the API types of authorization.k8s.io/v1.
//
// +groupName=authorization.k8s.io
