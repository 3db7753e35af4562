// Package v1 contains the stable.example.com/v1 API: CronTab.
// +groupName=stable.example.com
