// Imported by kubegen import; edit freely: this is now API source.

// Package io.k8s.api.scheduling.v1alpha3 holds the API types of io.k8s.api.scheduling.v1alpha3.
//
