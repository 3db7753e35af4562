// Imported by kubegen import; edit freely: this is now API source.

// Package io.k8s.apimachinery.pkg.apis.meta.v1 holds the API types of io.k8s.apimachinery.pkg.apis.meta.v1.
//
