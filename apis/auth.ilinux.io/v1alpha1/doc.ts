// Package v1alpha1 contains the auth.ilinux.io/v1alpha1 API: User.
// +groupName=auth.ilinux.io
