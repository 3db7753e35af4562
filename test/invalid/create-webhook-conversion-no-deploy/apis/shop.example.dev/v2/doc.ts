// Package v2 contains the shop.example.dev/v2 API.
// +groupName=shop.example.dev
