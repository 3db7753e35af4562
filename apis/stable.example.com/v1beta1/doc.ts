// Package v1beta1 contains the stable.example.com/v1beta1 API: CronTab, served next to v1 (the storage version).
// +groupName=stable.example.com
