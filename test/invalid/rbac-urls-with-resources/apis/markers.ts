// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,urls=/metrics,verbs=get
