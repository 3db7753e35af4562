// Package v1beta1 contains the wardle.example.com/v1beta1 API: Flunder and Fischer.
// +groupName=wardle.example.com
