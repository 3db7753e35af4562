// Imported by kubegen import; edit freely: this is now API source.

// Package v1 holds the API types of apps/v1.
//
// +groupName=apps
