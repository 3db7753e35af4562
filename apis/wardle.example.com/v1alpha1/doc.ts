// Package v1alpha1 contains the wardle.example.com/v1alpha1 API: Flunder and Fischer.
// +groupName=wardle.example.com
