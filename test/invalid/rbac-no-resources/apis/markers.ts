// +kubebuilder:rbac:groups=apps.example.com,verbs=get
