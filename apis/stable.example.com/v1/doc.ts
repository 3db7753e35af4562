// Package v1 contains the stable.example.com/v1 API: CronTab, the storage version (the conversion hub).
// +groupName=stable.example.com
// +kubebuilder:ac:generate=true
