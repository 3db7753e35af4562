// Package v1 is the basic test API: the plain type mapping, nothing else.
// +groupName=basic.example.com
