// Package v1 contains the shop.example.dev/v1 API.
// +groupName=shop.example.dev
