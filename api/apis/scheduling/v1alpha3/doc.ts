// Imported by kubegen import; edit freely: this is now API source.

// Package v1alpha3 holds the API types of scheduling/v1alpha3.
//
