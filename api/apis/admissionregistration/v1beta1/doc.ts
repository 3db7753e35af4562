// Imported by kubegen import; edit freely: this is now API source.

// Package v1beta1 holds the API types of admissionregistration.k8s.io/v1beta1.
//
// +groupName=admissionregistration.k8s.io
