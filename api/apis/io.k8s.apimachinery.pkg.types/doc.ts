// Imported by kubegen import; edit freely: this is now API source.

// Package io.k8s.apimachinery.pkg.types holds the API types of io.k8s.apimachinery.pkg.types.
//
