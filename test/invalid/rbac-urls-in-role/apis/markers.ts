// +kubebuilder:rbac:urls=/metrics,verbs=get,namespace=monitoring
