// Imported by kubegen import; edit freely: this is now API source.

// Package v2 holds the API types of autoscaling/v2.
//
// +groupName=autoscaling
