// +kubebuilder:rbac:resources=widgets,verbs=get
