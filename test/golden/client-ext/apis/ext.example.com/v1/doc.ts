// Package v1 exercises client generation: restricted verbs, cluster scope, extension methods, no list type.
// +groupName=ext.example.com
