// Package v1 exercises descriptions. This file-level comment is not attached to any declaration.
// +groupName=docs.example.com
package v1
