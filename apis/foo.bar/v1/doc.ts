// Package v1 contains the foo.bar/v1 API: App.
// +groupName=foo.bar
